// GET /v1/odds/{slug}: one prediction market with its probability history, its event's markets, entities and catalysts.
import { Single } from '../../../core/schemas/common.js';
import { OddsDetailQuery, OddsParams, PredictionMarketDetail } from '../../../core/schemas/odds.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const oddsDetailRoute = defineRoute({
  path: '/v1/odds/:slug',
  summary:
    'One prediction market: outcomes, probability history, the other markets of its event, linked entities and catalysts',
  description:
    "Named by its slug or its source's id (a Polymarket condition id, a Kalshi ticker), in any case. The history is each " +
    "outcome's last probability per `interval` from `from` (default: 30 days before its latest point at 1h, all at 1d).",
  tags: ['odds'],
  auth: true,
  errors: ['not_found'],
  params: OddsParams,
  query: OddsDetailQuery,
  response: Single(PredictionMarketDetail),
  handler: ({ params, query, kept, caller }, { odds }) =>
    odds.detailKept(params.slug, query, caller).then((x) => kept(x, inData)),
});
