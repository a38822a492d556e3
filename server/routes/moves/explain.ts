// GET /v1/moves/explain: everything around one instrument's move on one day, for a reader or an LLM to explain it from
// the data: the move and its causes, the stories around it, that day's macro news, the other movers, the closes.
import { Single } from '../../../core/schemas/common.js';
import { ExplainQuery, MoveExplanation } from '../../../core/schemas/moves.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const moveExplainRoute = defineRoute({
  path: '/v1/moves/explain',
  summary:
    "One instrument's move on one day with its causes, the stories around it, macro news, other movers and closes",
  tags: ['moves'],
  auth: true,
  errors: ['not_found'],
  query: ExplainQuery,
  response: Single(MoveExplanation),
  handler: ({ query, kept, caller }, { moves }) => moves.explainKept(query, caller).then((x) => kept(x, inData)),
});
