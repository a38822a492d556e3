// The interval of a file's bars, and how it maps onto the intervals Tapewire keeps (1m, 1h, 1d): kept as is, rolled
// up from a finer interval that divides one (5m bars into 1h bars, 4h bars into 1d bars), or refused with a reason.
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../time.js';
import type { HistoryBars } from './bars.js';

export const KEPT_INTERVALS = { '1m': MINUTE_MS, '1h': HOUR_MS, '1d': DAY_MS } as const;
export type KeptInterval = keyof typeof KEPT_INTERVALS;

/** An interval's usual name (1m, 15m, 4h, 1d, 1w), from its length. */
export function intervalName(ms: number): string {
  if (ms % (7 * DAY_MS) === 0) return `${ms / (7 * DAY_MS)}w`;
  if (ms % DAY_MS === 0) return `${ms / DAY_MS}d`;
  if (ms % HOUR_MS === 0) return `${ms / HOUR_MS}h`;
  if (ms % MINUTE_MS === 0) return `${ms / MINUTE_MS}m`;
  return `${ms / 1000}s`;
}

/** An interval named as files and venues name them (1m, 5m, 1h, 4H, 1d, 1D, 1w): its length in ms, or NaN. */
export function parseIntervalName(name: string): number {
  const m = /^(\d+)\s*(m|min|h|H|d|D|w|W)$/.exec(name);
  if (!m) return NaN;
  const n = Number(m[1]);
  const unit = {
    m: MINUTE_MS,
    min: MINUTE_MS,
    h: HOUR_MS,
    H: HOUR_MS,
    d: DAY_MS,
    D: DAY_MS,
    w: 7 * DAY_MS,
    W: 7 * DAY_MS,
  }[m[2]!]!;
  return n > 0 ? n * unit : NaN;
}

/**
 * The bars' interval: the commonest gap between consecutive open times (gaps for closed markets and missing bars
 * are longer, never shorter), agreeing with `hintMs` (what the file's name or its rows say) when there is one. A
 * file of one bar has only its hint.
 */
export function detectInterval(bars: HistoryBars, hintMs = NaN): { ms: number } | { error: string } {
  const counts = new Map<number, number>();
  for (let k = 1; k < bars.length; k++) {
    const gap = bars.ts[k]! - bars.ts[k - 1]!;
    counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  let ms = NaN;
  let best = 0;
  for (const [gap, n] of counts) if (n > best || (n === best && gap < ms)) [ms, best] = [gap, n];
  if (Number.isNaN(ms))
    return Number.isNaN(hintMs)
      ? { error: 'one bar and no interval in the file name: the interval cannot be told' }
      : { ms: hintMs };
  if (!Number.isNaN(hintMs) && hintMs !== ms)
    return { error: `the file says its bars are ${intervalName(hintMs)} long but they are ${intervalName(ms)} apart` };
  return { ms };
}

/** Where bars of `ms` go: a kept interval as they are, rolled up into a coarser kept one, or nowhere (why). */
export function keptIntervalFor(ms: number): { interval: KeptInterval; rollUp: boolean } | { error: string } {
  for (const [name, len] of Object.entries(KEPT_INTERVALS) as [KeptInterval, number][]) {
    if (ms === len) return { interval: name, rollUp: false };
  }
  for (const [name, len] of Object.entries(KEPT_INTERVALS) as [KeptInterval, number][]) {
    if (ms < len && len % ms === 0) return { interval: name, rollUp: true };
  }
  return {
    error: `${intervalName(ms)} bars do not fit the kept intervals (1m, 1h, 1d): neither one of them nor a divisor of one`,
  };
}

/** The bars that do not open on a boundary of `ms` (UTC), as a reason, or null when all do. */
export function misaligned(bars: HistoryBars, ms: number): string | null {
  for (let k = 0; k < bars.length; k++) {
    if (bars.ts[k]! % ms !== 0) {
      return `bars open at ${new Date(bars.ts[k]!).toISOString()}, not on a ${intervalName(ms)} boundary of UTC (a venue's local-time days?)`;
    }
  }
  return null;
}

/**
 * Bars of `fromMs` rolled up into bars of `toMs` (a multiple): open of the first, high and low over all, close of
 * the last, volumes summed. Only whole periods are kept: a period missing a bar (the first and last of a file,
 * usually) is reported in `skipped`, since a partial bar stored once would stand in for the whole one later.
 */
export function rollUp(bars: HistoryBars, fromMs: number, toMs: number): HistoryBars {
  const per = toMs / fromMs;
  const starts: number[] = [];
  const skipped = [...bars.skipped];
  let k = 0;
  while (k < bars.length) {
    const period = bars.ts[k]! - (bars.ts[k]! % toMs);
    let end = k;
    while (end < bars.length && bars.ts[end]! < period + toMs) end++;
    if (end - k === per) starts.push(k);
    else
      skipped.push({
        item: new Date(period).toISOString(),
        reason: `${end - k} of the ${per} ${intervalName(fromMs)} bars of this ${intervalName(toMs)} period: not rolled up`,
      });
    k = end;
  }
  const n = starts.length;
  const out: HistoryBars = {
    ts: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
    volumeBase: new Float64Array(n),
    length: n,
    volumeEstimated: bars.volumeEstimated,
    skipped,
  };
  starts.forEach((s, j) => {
    out.ts[j] = bars.ts[s]! - (bars.ts[s]! % toMs);
    out.open[j] = bars.open[s]!;
    out.close[j] = bars.close[s + per - 1]!;
    let high = -Infinity;
    let low = Infinity;
    let volume = 0;
    let base = 0;
    for (let b = s; b < s + per; b++) {
      high = Math.max(high, bars.high[b]!);
      low = Math.min(low, bars.low[b]!);
      volume += bars.volume[b]!;
      base += bars.volumeBase[b]!;
    }
    out.high[j] = high;
    out.low[j] = low;
    out.volume[j] = volume;
    out.volumeBase[j] = base;
  });
  return out;
}
