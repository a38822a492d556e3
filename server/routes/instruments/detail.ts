// GET /v1/instruments/{symbol}: the pooled price with its confidence band, open interest, funding and every venue.
import { Type } from '@sinclair/typebox';
import { Single } from '../../../core/schemas/common.js';
import { InstrumentDetail, SymbolParam } from '../../../core/schemas/instruments.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const instrumentDetailRoute = defineRoute({
  path: '/v1/instruments/:symbol',
  summary: 'One instrument: pooled price, confidence band, open interest, funding, and every venue listing',
  description:
    'The pooled price is the volume-weighted median of the venues in the pool: fresh venues (quote younger than ' +
    'POOL_STALE_S) within 2% of the volume-weighted median of all fresh venues.',
  tags: ['instruments'],
  auth: true,
  errors: ['not_found'],
  params: Type.Object({ symbol: SymbolParam }),
  response: Single(InstrumentDetail),
  handler: ({ params, kept }, { instruments }) => kept(instruments.detailKept(params.symbol), inData),
});
