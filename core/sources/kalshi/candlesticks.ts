// Kalshi market candlesticks (GET /series/{s}/markets/{ticker}/candlesticks `{ticker, candlesticks}`, and the batch
// answer `{markets: [{market_ticker, candlesticks}]}`): per period, the Yes probability at its end (end_period_ts), by
// the rule every market's price follows: the closing quote's midpoint, or the period's last trade (its close, else the
// trade before). A period with neither gives no point.
import { type Fields, readItems } from '../fields.js';
import { type ProbabilityPoint, shownProbability } from '../odds-records.js';
import type { SkippedItem } from '../records.js';
import { KALSHI_SOURCE, price, quotes } from './source.js';

export function readCandlesticks(
  candlesticks: unknown[],
  name: string,
  ticker: string,
): { history: ProbabilityPoint[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems(candlesticks, name, (f): ProbabilityPoint | null => {
    const ts = f.integer('end_period_ts', 0, 1e11) * 1000;
    const close = (side: string) => (f.has(side) ? f.nested(side, (d) => price(d, 'close')) : null);
    const last = f.has('price') ? f.nested('price', (d) => price(d, 'close') ?? price(d, 'previous')) : null;
    const probability = shownProbability(...quotes(close('yes_bid'), close('yes_ask')), last);
    return probability === null ? null : { source: KALSHI_SOURCE, outcomeKey: `${ticker}/yes`, ts, probability };
  });
  return { history: records.filter((p) => p !== null), skipped };
}

/** The batch answer: each market's candlesticks under its ticker. */
export function readBatchCandlesticks(markets: unknown[]): { history: ProbabilityPoint[]; skipped: SkippedItem[] } {
  const out: { history: ProbabilityPoint[]; skipped: SkippedItem[] } = { history: [], skipped: [] };
  const { records, skipped } = readItems(markets, 'markets', (f: Fields, k) => ({
    ticker: f.text('market_ticker', 200),
    candlesticks: f.raw('candlesticks'),
    k,
  }));
  out.skipped.push(...skipped);
  for (const { ticker, candlesticks, k } of records) {
    if (!Array.isArray(candlesticks)) {
      out.skipped.push({ item: `markets[${k}]`, reason: 'candlesticks: expected a list' });
      continue;
    }
    const read = readCandlesticks(candlesticks, `markets[${k}].candlesticks`, ticker);
    out.history.push(...read.history);
    out.skipped.push(...read.skipped);
  }
  return out;
}
