// Price history of a demo instrument as one continuous random walk: two years of daily bars, then 30 days of hourly
// bars, then 1m bars from midnight UTC `minuteDays` days back (1: yesterday) to the anchor. The windows meet on day boundaries, so the candle
// union (imported 1d/1h plus aggregates of the 1m bars) never overlaps and never leaves a gap.
import { allocateBarColumns, type BarColumns } from '../kernels/bars.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.js';
import { Random } from './random.js';
import type { DemoInstrument } from './universe.js';

const HISTORY_DAYS = 730;
const HOURLY_DAYS = 30;

export interface DemoHistory {
  daily: BarColumns;
  hourly: BarColumns;
  minute: BarColumns;
  /** Open time of the first 1m bar: midnight UTC, `minuteDays` days before the anchor's day. */
  minuteStart: number;
}

/** A price jump drawn into the history: at `ts`, the price changes by `pct` percent on top of its random step. */
export interface Jump {
  ts: number;
  pct: number;
}

/**
 * Walks `n` bars of `stepMs` from `start` at `price`, with per-bar volatility `vol`, each jump landing in the bar that
 * holds its time; returns the bars. Jumps do not draw from `rng`, so they change nothing else.
 */
function walk(rng: Random, n: number, start: number, stepMs: number, price: number, vol: number, volumePerBar: number, jumps: readonly Jump[]): BarColumns {
  const bars = allocateBarColumns(n);
  const extra = new Map<number, number>();
  for (const j of jumps) {
    const k = Math.floor((j.ts - start) / stepMs);
    if (k >= 0 && k < n) extra.set(k, (extra.get(k) ?? 0) + Math.log1p(j.pct / 100));
  }
  let p = price;
  for (let k = 0; k < n; k++) {
    const open = p;
    p = open * Math.exp(vol * rng.normal() - (vol * vol) / 2 + (extra.get(k) ?? 0));
    const wick = vol * 0.5;
    bars.ts[k] = start + k * stepMs;
    bars.open[k] = open;
    bars.close[k] = p;
    bars.high[k] = Math.max(open, p) * (1 + Math.abs(rng.normal()) * wick);
    bars.low[k] = Math.min(open, p) * (1 - Math.abs(rng.normal()) * wick);
    bars.volume[k] = volumePerBar * Math.exp(0.4 * rng.normal() - 0.08);
  }
  return bars;
}

/** Groups bars into buckets of `bucketMs` (first open, max high, min low, last close, summed volume). */
export function regroup(bars: BarColumns, bucketMs: number): BarColumns {
  const n = bars.ts.length;
  const keys: number[] = [];
  for (let k = 0; k < n; k++) {
    const key = bars.ts[k]! - (bars.ts[k]! % bucketMs);
    if (keys.at(-1) !== key) keys.push(key);
  }
  const out = allocateBarColumns(keys.length);
  let g = -1;
  for (let k = 0; k < n; k++) {
    const key = bars.ts[k]! - (bars.ts[k]! % bucketMs);
    if (g < 0 || out.ts[g] !== key) {
      g++;
      out.ts[g] = key;
      out.open[g] = bars.open[k]!;
      out.high[g] = bars.high[k]!;
      out.low[g] = bars.low[k]!;
      out.volume[g] = 0;
    }
    out.high[g] = Math.max(out.high[g]!, bars.high[k]!);
    out.low[g] = Math.min(out.low[g]!, bars.low[k]!);
    out.close[g] = bars.close[k]!;
    out.volume[g]! += bars.volume[k]!;
  }
  return out;
}

function concat(a: BarColumns, b: BarColumns): BarColumns {
  const out = allocateBarColumns(a.ts.length + b.ts.length);
  for (const key of Object.keys(out) as (keyof BarColumns)[]) {
    out[key].set(a[key]);
    out[key].set(b[key], a.ts.length);
  }
  return out;
}

/** A stable 32-bit hash of a string (FNV-1a), to give each instrument its own stream from one seed. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

/** Open time of the first daily bar of the demo history ending at `anchorMs`. */
export function demoHistoryStart(anchorMs: number, minuteDays = 1): number {
  const anchorMinute = anchorMs - (anchorMs % MINUTE_MS);
  return anchorMinute - (anchorMinute % DAY_MS) - (minuteDays + HOURLY_DAYS + HISTORY_DAYS) * DAY_MS;
}

/** The history of `inst` up to `anchorMs` (the 1m bars stop at the anchor's minute, which stays open), with `jumps` drawn in. */
export function demoHistory(inst: DemoInstrument, seed: number, anchorMs: number, minuteDays = 1, jumps: readonly Jump[] = []): DemoHistory {
  const rng = new Random(seed ^ hash32(inst.symbol));
  const anchorMinute = anchorMs - (anchorMs % MINUTE_MS);
  const minuteStart = anchorMinute - (anchorMinute % DAY_MS) - minuteDays * DAY_MS;
  const hourStart = minuteStart - HOURLY_DAYS * DAY_MS;
  const dayStart = hourStart - HISTORY_DAYS * DAY_MS;

  const early = walk(rng, HISTORY_DAYS, dayStart, DAY_MS, inst.startPrice, inst.dailyVol, inst.volume24hUsd, jumps);
  const hourly = walk(rng, HOURLY_DAYS * 24, hourStart, HOUR_MS, early.close[HISTORY_DAYS - 1]!, inst.dailyVol / Math.sqrt(24), inst.volume24hUsd / 24, jumps);
  const minutes = (anchorMinute - minuteStart) / MINUTE_MS;
  const minute = walk(rng, minutes, minuteStart, MINUTE_MS, hourly.close[hourly.ts.length - 1]!, inst.dailyVol / Math.sqrt(1440), inst.volume24hUsd / 1440, jumps);
  return { daily: concat(early, regroup(hourly, DAY_MS)), hourly, minute, minuteStart };
}
