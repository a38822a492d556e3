// What a venue listing's backfill asks for and keeps: the window of closed minutes since its last stored bar, the
// venue's pages of klines cut to that window and put in USD, and its funding and open interest history as hourly
// records (the imported derivatives' shape). The requests themselves are server/feeds/venues/backfill.ts's.
import type { BarColumns } from '../../kernels/bars.js';
import { HOUR_MS, MINUTE_MS } from '../../time.js';
import type { HistoryBars } from '../history/bars.js';
import type { FundingHistory, OpenInterestHistory } from './derivatives.js';

/** Quote currencies read as US dollars while their own USD price is not known yet (a stablecoin is within a fraction of a percent). */
const USD_LIKE = new Set(['USD', 'USDT', 'USDC', 'FDUSD', 'BUSD', 'DAI']);

export function usdLike(currency: string): boolean {
  return USD_LIKE.has(currency);
}

/**
 * The closed minutes to fetch at `nowMs` for a listing whose newest stored 1m bar opened at `lastMs` (null: none) and
 * whose last live price arrived at `liveMs` (NaN: none since start): from the minute after both (the ticks built the
 * minute of a live price, and may not have stored it yet), at most `maxMs` back, to the start of the current minute
 * (which the live feed builds).
 */
export function backfillWindow(
  lastMs: number | null,
  liveMs: number,
  nowMs: number,
  maxMs: number,
): { fromMs: number; toMs: number } | null {
  const toMs = nowMs - (nowMs % MINUTE_MS);
  const afterLive = liveMs >= 0 ? liveMs - (liveMs % MINUTE_MS) + MINUTE_MS : -Infinity;
  const fromMs = Math.max(toMs - maxMs, lastMs === null ? -Infinity : lastMs + MINUTE_MS, afterLive);
  return fromMs < toMs ? { fromMs, toMs } : null;
}

/** Pages of bars (each oldest first, in any order of pages) as one series in [fromMs, toMs), one bar per minute. */
export function joinPages(pages: HistoryBars[], fromMs: number, toMs: number): BarColumns & { length: number } {
  const byTs = new Map<number, number[]>();
  for (const p of pages) {
    for (let k = 0; k < p.length; k++) {
      const ts = p.ts[k]!;
      if (ts >= fromMs && ts < toMs && ts % MINUTE_MS === 0 && !byTs.has(ts))
        byTs.set(ts, [p.open[k]!, p.high[k]!, p.low[k]!, p.close[k]!, p.volume[k]!]);
    }
  }
  const times = [...byTs.keys()].sort((a, b) => a - b);
  const n = times.length;
  const out = {
    ts: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
    length: n,
  };
  times.forEach((ts, k) => {
    const [o, h, l, c, v] = byTs.get(ts)!;
    out.ts[k] = ts;
    out.open[k] = o!;
    out.high[k] = h!;
    out.low[k] = l!;
    out.close[k] = c!;
    out.volume[k] = v!;
  });
  return out;
}

/** `bars` (prices and volume in the quote currency) in USD at `usdPerQuote`, in place. */
export function barsInUsd<T extends BarColumns>(bars: T, usdPerQuote: number): T {
  for (const column of [bars.open, bars.high, bars.low, bars.close, bars.volume])
    for (let k = 0; k < column.length; k++) column[k]! *= usdPerQuote;
  return bars;
}

/**
 * Whether [fromMs, toMs) holds a whole clock hour: only then does an hour lack the live quotes its funding and open
 * interest are read from, so a shorter gap needs no derivatives history (Kraken's is its whole history at once).
 */
export function holdsWholeHour(fromMs: number, toMs: number): boolean {
  return Math.ceil(fromMs / HOUR_MS) * HOUR_MS + HOUR_MS <= toMs;
}

export interface HourlyDerivatives {
  ts: Float64Array;
  /** Per the listing's own funding interval, as the imported records keep it; NaN where unknown. */
  fundingRate: Float64Array;
  openInterestUsd: Float64Array;
}

/**
 * The hours of [fromMs, toMs) with what the histories say of them: the funding rate last paid by each hour's end,
 * restated per the listing's interval of `listingHours`, and the open interest last reported in it, in USD (in coins
 * at the hour's close of `bars`, USD prices). An hour with neither is left out.
 */
export function hourlyDerivatives(
  funding: FundingHistory | null,
  oi: OpenInterestHistory | null,
  listingHours: number,
  usdPerQuote: number,
  bars: BarColumns & { length: number },
  fromMs: number,
  toMs: number,
): HourlyDerivatives {
  const hours: number[] = [];
  const rates: number[] = [];
  const ois: number[] = [];
  let f = -1;
  let o = -1;
  let b = -1;
  for (let h = fromMs - (fromMs % HOUR_MS); h < toMs; h += HOUR_MS) {
    const end = h + HOUR_MS;
    while (funding && f + 1 < funding.length && funding.ts[f + 1]! < end) f++;
    while (b + 1 < bars.length && bars.ts[b + 1]! < end) b++;
    let oiUsd = NaN;
    while (oi && o + 1 < oi.length && oi.ts[o + 1]! < end) {
      o++;
      if (oi.ts[o]! < h) continue;
      const close = b >= 0 ? bars.close[b]! : NaN;
      oiUsd = oi.usd[o]! >= 0 ? oi.usd[o]! : oi.quote[o]! >= 0 ? oi.quote[o]! * usdPerQuote : oi.base[o]! * close;
    }
    const paid = funding && f >= 0 ? funding.rate[f]! : NaN;
    const paidHours = funding && f >= 0 ? funding.intervalHours[f]! : NaN;
    const rate = paidHours > 0 ? (paid * listingHours) / paidHours : paid;
    if (!Number.isFinite(rate) && !Number.isFinite(oiUsd)) continue;
    hours.push(h);
    rates.push(rate);
    ois.push(oiUsd);
  }
  return {
    ts: Float64Array.from(hours),
    fundingRate: Float64Array.from(rates),
    openInterestUsd: Float64Array.from(ois),
  };
}
