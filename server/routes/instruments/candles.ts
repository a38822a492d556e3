// GET /v1/instruments/{symbol}/candles: OHLCV candles of the pooled price, ascending, the open bar included.
import { candleRequest } from '../../../core/requests/candles.js';
import { CandleParams, CandleQuery, CandleSeries } from '../../../core/schemas/candles.js';
import { Single } from '../../../core/schemas/common.js';
import { candleAnswer } from '../../answers/candles.js';
import { defineRoute } from '../../api-route.js';
import { clock } from '../../clock.js';

export const candlesRoute = defineRoute({
  path: '/v1/instruments/:symbol/candles',
  summary: 'OHLCV candles of the pooled price (1m, 1h, 1d), ascending, the open bar included',
  description:
    'With `from`, the first `limit` candles from it; without, the latest `limit` candles of the default lookback. ' +
    'Served from memory for the last 14 days of 1m, 90 days of 1h and ten years of 1d (configurable), older ones from ' +
    'the database (1m kept `RETAIN_BARS_1M_DAYS`).',
  tags: ['instruments'],
  auth: true,
  errors: ['not_found'],
  params: CandleParams,
  query: CandleQuery,
  response: Single(CandleSeries),
  handler: ({ params, query, caller }, { candles }) =>
    candles.pooled(params.symbol, candleRequest(query, clock.now()), caller).then(candleAnswer),
});
