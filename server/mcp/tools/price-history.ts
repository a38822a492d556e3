// get_price_history: candles of the pooled price, as /v1/instruments/{symbol}/candles, merged into at most
// MAX_CANDLES (fewer when their JSON would not fit the answer) so that a long range stays readable and small.

import { candleSeries } from '../../../core/candle-view.js';
import { mergeCandles } from '../../../core/downsample.js';
import { candleRequest } from '../../../core/requests/candles.js';
import { CandleParams, CandleQuery, CandleSeries } from '../../../core/schemas/candles.js';
import { tokenCount } from '../../../core/tokens.js';
import { Args, defineTool, ToolSingle } from '../tool.js';

const MAX_CANDLES = 400;
/** Tokens of the answer besides its candles: the instrument, the notice. */
const AROUND_CANDLES = 300;

export const getPriceHistory = defineTool({
  name: 'get_price_history',
  title: 'Price history (candles)',
  description:
    'OHLC candles of the pooled price of one instrument, oldest first, the open candle last. interval 1m, 1h or 1d ' +
    '(default 1d); from/to as YYYY-MM-DD or ISO timestamps (without from: the last 24 hours of 1m, 30 days of 1h, or ' +
    `all days); limit as on the HTTP route. More than ${MAX_CANDLES} candles are merged into at most ${MAX_CANDLES} ` +
    '(each spanning several intervals, as `notice` says); ask a narrower from/to or a finer interval for full detail.',
  input: Args(CandleParams, CandleQuery),
  output: ToolSingle(CandleSeries),
  run: async ({ symbol, ...query }, { services, caller, nowMs, maxTokens }) => {
    const series = candleSeries(await services.candles.pooled(symbol, candleRequest(query, nowMs), caller));
    const perCandle = series.count ? tokenCount(JSON.stringify(series.candles)) / series.count : 0;
    const most = Math.min(MAX_CANDLES, Math.floor((maxTokens - AROUND_CANDLES) / Math.max(perCandle, 1)));
    const factor = Math.ceil(series.count / most);
    if (factor <= 1) return { data: series };
    const candles = mergeCandles(series.candles, factor);
    const notice =
      `${series.count} ${series.interval} candles merged by ${factor} into ${candles.length}: each candle spans ${factor} intervals from its ts ` +
      '(first open, highest high, lowest low, last close, volumes summed). Ask a narrower from/to for every candle.';
    return { data: { ...series, count: candles.length, candles }, notice };
  },
});
