// Price history of the demo universe from its joint market model: a year of daily bars, then a year of hourly bars,
// then 1m bars from midnight UTC `minuteDays` days back (1: yesterday) to the anchor. The windows meet on day
// boundaries, so the candle union (imported 1d/1h plus aggregates of the 1m bars) never overlaps and never leaves a gap.
// Each news shock lands in the bar that holds its time. An ETF's bars are its index's, scaled: the same shape.
import { allocateBarColumns, type BarColumns } from '../kernels/bars.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.js';
import type { MarketModel, Shock } from './market-model.js';
import { Random } from './random.js';
import { STRUCTURE } from './structure.js';

const HISTORY_DAYS = 365;
const HOURLY_DAYS = 365;

export interface DemoHistory {
  daily: BarColumns;
  hourly: BarColumns;
  minute: BarColumns;
  /** Open time of the first 1m bar: midnight UTC, `minuteDays` days before the anchor's day. */
  minuteStart: number;
}

/** A shock of the news at its time. */
export interface TimedShock extends Shock {
  ts: number;
}

/**
 * The model stepped bar after bar from its origin, news shocks drawn in at their times: each call of `bars` carries on
 * where the last one ended, so windows join without a gap and the live catch-up continues the recorded history.
 */
export class MarketPath {
  private readonly state: Float64Array;
  private readonly moves: Random;
  private readonly shape: Random;
  private readonly shocks: TimedShock[];
  private nextShock = 0;
  private readonly last: Float64Array;
  private readonly now: Float64Array;
  /** Per instrument: the ETF's index position, or -1. */
  private readonly tracks: Int32Array;

  constructor(
    readonly model: MarketModel,
    seed: number,
    shocks: readonly TimedShock[],
  ) {
    this.state = model.initialState();
    this.moves = new Random(seed ^ 0x3a7c1);
    this.shape = new Random(seed ^ 0xba75e);
    this.shocks = shocks.filter((s) => s.ts >= model.originMs).sort((a, b) => a.ts - b.ts);
    this.last = new Float64Array(model.size);
    this.now = new Float64Array(model.size);
    model.prices(this.state, model.originMs, this.last);
    this.tracks = Int32Array.from(model.instruments, (inst) => {
      const role = STRUCTURE[inst.symbol]!;
      return role.role === 'etf' ? model.position.get(role.index)! : -1;
    });
  }

  /** `count` bars of `stepMs` from `start` (where the previous call ended), one column set per instrument. */
  bars(start: number, stepMs: number, count: number): BarColumns[] {
    const { model, state, last, now, tracks } = this;
    const out = model.instruments.map(() => allocateBarColumns(count));
    const dt = stepMs / DAY_MS;
    for (let k = 0; k < count; k++) {
      const end = start + (k + 1) * stepMs;
      model.step(state, dt, this.moves, end - stepMs);
      while (this.nextShock < this.shocks.length && this.shocks[this.nextShock]!.ts < end)
        model.shock(state, [this.shocks[this.nextShock++]!]);
      model.prices(state, end, now);
      for (let i = 0; i < model.size; i++) {
        if (tracks[i]! >= 0) continue;
        const inst = model.instruments[i]!;
        const bars = out[i]!;
        const wick = inst.dailyVol * Math.sqrt(dt) * 0.5;
        bars.ts[k] = end - stepMs;
        bars.open[k] = last[i]!;
        bars.close[k] = now[i]!;
        bars.high[k] = Math.max(last[i]!, now[i]!) * (1 + Math.abs(this.shape.normal()) * wick);
        bars.low[k] = Math.min(last[i]!, now[i]!) * (1 - Math.abs(this.shape.normal()) * wick);
        bars.volume[k] = inst.volume24hUsd * dt * Math.exp(0.4 * this.shape.normal() - 0.08);
      }
      for (let i = 0; i < model.size; i++) {
        const index = tracks[i]!;
        if (index >= 0)
          trackBar(
            out[i]!,
            out[index]!,
            k,
            last[i]! / last[index]!,
            now[i]! / now[index]!,
            model.instruments[i]!.volume24hUsd / model.instruments[index]!.volume24hUsd,
          );
      }
      last.set(now);
    }
    return out;
  }
}

/** An ETF's bar `k` from its index's: the same shape scaled by the ratio at the open and the close, volume in proportion. */
function trackBar(
  etf: BarColumns,
  index: BarColumns,
  k: number,
  openRatio: number,
  closeRatio: number,
  volumeRatio: number,
): void {
  etf.ts[k] = index.ts[k]!;
  etf.open[k] = index.open[k]! * openRatio;
  etf.close[k] = index.close[k]! * closeRatio;
  etf.high[k] = index.high[k]! * Math.max(openRatio, closeRatio);
  etf.low[k] = index.low[k]! * Math.min(openRatio, closeRatio);
  etf.volume[k] = index.volume[k]! * volumeRatio;
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

export function concat(...parts: BarColumns[]): BarColumns {
  const out = allocateBarColumns(parts.reduce((n, p) => n + p.ts.length, 0));
  for (const key of Object.keys(out) as (keyof BarColumns)[]) {
    let offset = 0;
    for (const part of parts) {
      out[key].set(part[key], offset);
      offset += part.ts.length;
    }
  }
  return out;
}

/** The bars of `bars` (in time order) that open in [fromMs, toMs), as views of its arrays. */
export function between(bars: BarColumns, fromMs: number, toMs: number): BarColumns {
  const first = bars.ts.findIndex((ts) => ts >= fromMs);
  const start = first < 0 ? bars.ts.length : first;
  let end = start;
  while (end < bars.ts.length && bars.ts[end]! < toMs) end++;
  const part = (a: Float64Array) => a.subarray(start, end);
  return {
    ts: part(bars.ts),
    open: part(bars.open),
    high: part(bars.high),
    low: part(bars.low),
    close: part(bars.close),
    volume: part(bars.volume),
  };
}

/**
 * An instrument's pooled hours or days (`stepMs`) opening in [fromMs, toMs) as the candle aggregates serve them: the
 * history's own bars before its minutes, the minutes regrouped from there.
 */
export function pooledBars(
  h: DemoHistory,
  stepMs: typeof HOUR_MS | typeof DAY_MS,
  fromMs: number,
  toMs: number,
): BarColumns {
  const before = stepMs === HOUR_MS ? h.hourly : h.daily;
  return between(concat(before, regroup(between(h.minute, h.minuteStart, toMs), stepMs)), fromMs, toMs);
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

/**
 * The history of every instrument of `path`'s model, which starts at `demoHistoryStart(anchorMs, minuteDays)`, up to
 * `anchorMs` (the 1m bars stop at the anchor's minute, which stays open); by symbol. The path is left at the anchor's
 * minute, to carry on from.
 */
export function demoHistories(path: MarketPath, anchorMs: number, minuteDays = 1): Map<string, DemoHistory> {
  const dayStart = path.model.originMs;
  const hourStart = dayStart + HISTORY_DAYS * DAY_MS;
  const minuteStart = hourStart + HOURLY_DAYS * DAY_MS;
  if (minuteStart !== anchorMs - (anchorMs % DAY_MS) - minuteDays * DAY_MS)
    throw new Error('the model does not start where this history does');
  const anchorMinute = anchorMs - (anchorMs % MINUTE_MS);
  const early = path.bars(dayStart, DAY_MS, HISTORY_DAYS);
  const hourly = path.bars(hourStart, HOUR_MS, HOURLY_DAYS * 24);
  const minute = path.bars(minuteStart, MINUTE_MS, (anchorMinute - minuteStart) / MINUTE_MS);
  return new Map(
    path.model.instruments.map((inst, i) => [
      inst.symbol,
      { daily: concat(early[i]!, regroup(hourly[i]!, DAY_MS)), hourly: hourly[i]!, minute: minute[i]!, minuteStart },
    ]),
  );
}
