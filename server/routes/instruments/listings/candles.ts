// GET /v1/instruments/{symbol}/listings/{listingId}/candles: OHLCV candles of one venue listing's own price.
import { candleRequest } from '../../../../core/requests/candles.js';
import { CandleQuery, CandleSeries, ListingCandleParams } from '../../../../core/schemas/candles.js';
import { Single } from '../../../../core/schemas/common.js';
import { candleAnswer } from '../../../answers/candles.js';
import { defineRoute } from '../../../api-route.js';
import { clock } from '../../../clock.js';

export const listingCandlesRoute = defineRoute({
  path: '/v1/instruments/:symbol/listings/:listingId/candles',
  summary: "OHLCV candles of one venue listing's own price (1m, 1h, 1d), ascending, the open bar included",
  description:
    'Query as the pooled candles. `listingId` comes from `venues[].listingId` of the instrument detail. Served from ' +
    'memory for the last day of 1m (`LISTING_MINUTE_BARS_MEMORY_DAYS`), 90 days of 1h (`HOUR_BARS_MEMORY_DAYS`) and ' +
    'three years of 1d, older ranges from the database.',
  tags: ['instruments'],
  auth: true,
  errors: ['not_found'],
  params: ListingCandleParams,
  query: CandleQuery,
  response: Single(CandleSeries),
  handler: ({ params, query, caller }, { candles }) =>
    candles.listing(params.symbol, params.listingId, candleRequest(query, clock.now()), caller).then(candleAnswer),
});
