// GET /v1/instruments/{symbol}/moves/{date}: one instrument's day explained, at the path a move's reference names; the
// same answer as /v1/moves/explain?symbol=&date=.
import { Type } from '@sinclair/typebox';
import { Single } from '../../../core/schemas/common.js';
import { SymbolParam } from '../../../core/schemas/instruments.js';
import { MoveExplanation } from '../../../core/schemas/moves.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const instrumentMoveRoute = defineRoute({
  path: '/v1/instruments/:symbol/moves/:date',
  summary:
    "One instrument's day explained: the move and its causes, stories around it, macro news, other movers, closes",
  description:
    'The path every Move reference carries (`/instruments/{symbol}/moves/{date}`); the answer equals /v1/moves/explain for that symbol and date.',
  tags: ['moves'],
  auth: true,
  errors: ['not_found'],
  params: Type.Object({
    symbol: SymbolParam,
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' }),
  }),
  response: Single(MoveExplanation),
  handler: ({ params, kept, caller }, { moves }) =>
    moves.explainKept({ symbol: params.symbol, date: params.date }, caller).then((x) => kept(x, inData)),
});
