// What a history file holds once read, whatever its format: bars at one of the kept intervals, what they are of, and
// where they came from. A file whose interval has no place is refused whole (a PayloadError saying why).
import { PayloadError } from '../records.js';
import type { HistoryBars } from './bars.js';
import {
  detectInterval,
  intervalName,
  KEPT_INTERVALS,
  type KeptInterval,
  keptIntervalFor,
  misaligned,
  rollUp,
} from './interval.js';

export interface ParsedHistory {
  /** The label stored with the bars (the imported bars' `source`): stooq, binance, okx, kraken, coinbase. */
  source: string;
  /** The instrument (AAPL, BTC), from the file's content or name; null when neither says (the caller's --symbol). */
  symbol: string | null;
  /** The source's own symbol where the file names one (BTCUSDT, BTC-USDT-SWAP, XBTUSD; Stooq's ^SPX, AAPL.US). */
  venueSymbol: string | null;
  /** The currency prices and `bars.volume` are in (USD, USDT), when the file says. */
  quoteCurrency: string | null;
  interval: KeptInterval;
  /** The file's own interval (5m when its bars were rolled up into 1h ones). */
  fileInterval: string;
  bars: HistoryBars;
  /**
   * How to label these prices when they are an official source's (the interface's priceLabel rule; see official.ts):
   * Stooq's daily closes are an exchange's closes. Null for a venue's prices.
   */
  officialLabel: string | null;
}

export type HistoryMeta = Omit<ParsedHistory, 'interval' | 'fileInterval' | 'bars'>;

/**
 * How a file's interval is known: `stated` by its format (Stooq's daily files: their gaps are closed days, not the
 * interval), or detected from its bars, agreeing with the `hint` of its name when there is one.
 */
export type IntervalSource = { stated: number } | { hint: number };

/** The bars at a kept interval: checked to open on the interval's UTC boundaries, and rolled up from a finer one. */
export function keptHistory(meta: HistoryMeta, bars: HistoryBars, known: IntervalSource): ParsedHistory {
  if (bars.length === 0)
    throw new PayloadError(
      `no bars could be read${bars.skipped.length ? ` (${bars.skipped.length} skipped, the first: ${bars.skipped[0]!.reason})` : ''}`,
    );
  const detected = 'stated' in known ? { ms: known.stated } : detectInterval(bars, known.hint);
  if ('error' in detected) throw new PayloadError(detected.error);
  const kept = keptIntervalFor(detected.ms);
  if ('error' in kept) throw new PayloadError(kept.error);
  const badly = misaligned(bars, detected.ms);
  if (badly) throw new PayloadError(badly);
  const fileInterval = intervalName(detected.ms);
  const out = kept.rollUp ? rollUp(bars, detected.ms, KEPT_INTERVALS[kept.interval]) : bars;
  return { ...meta, interval: kept.interval, fileInterval, bars: out };
}
