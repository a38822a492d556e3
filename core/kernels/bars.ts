// 1-minute OHLCV bars built from ticks, one open bar per series (a pooled instrument or one venue listing), kept in
// typed arrays; a bar closes at the first tick of a later minute, whether its series has a price then or not.

import { MINUTE_MS } from '../time.js';

/** Bars as parallel columns: open time (epoch ms), OHLC and USD volume. */
export interface BarColumns {
  ts: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Bar k of any bar columns (closed bars, a ring's slot, a database read), with its origin where they have one. */
export function barAt(c: BarColumns & { venues: ArrayLike<number>; origin?: ArrayLike<number> }, k: number): Bar {
  const bar: Bar = {
    ts: c.ts[k]!,
    open: c.open[k]!,
    high: c.high[k]!,
    low: c.low[k]!,
    close: c.close[k]!,
    volume: c.volume[k]!,
    venues: c.venues[k]! || 0,
  };
  if (c.origin?.[k]) bar.origin = c.origin[k];
  return bar;
}

export function allocateBarColumns(n: number): BarColumns {
  return {
    ts: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
}

/** Closed bars written by MinuteBars.tick, with their series and pool size; `length` of them filled. */
export interface ClosedBars extends BarColumns {
  series: Int32Array;
  venues: Uint16Array;
  length: number;
}

export function allocateClosedBars(capacity: number): ClosedBars {
  return {
    ...allocateBarColumns(capacity),
    series: new Int32Array(capacity),
    venues: new Uint16Array(capacity),
    length: 0,
  };
}

/** Closed bars holding `bars`, each with its series, in their order. */
export function closedBarsOf(bars: readonly (readonly [number, Bar])[]): ClosedBars {
  const c = allocateClosedBars(bars.length);
  bars.forEach(([s, bar], k) => {
    c.series[k] = s;
    c.ts[k] = bar.ts;
    c.open[k] = bar.open;
    c.high[k] = bar.high;
    c.low[k] = bar.low;
    c.close[k] = bar.close;
    c.volume[k] = bar.volume;
    c.venues[k] = bar.venues;
  });
  c.length = bars.length;
  return c;
}

/** One OHLCV bar: open time (epoch ms), prices, USD volume and the most venues in the pool during it (0: unknown). */
export interface Bar {
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  venues: number;
  /** An official source's bar (its code in core/sources/history/official.ts); absent for a venue bar. */
  origin?: number;
}

export class MinuteBars {
  /** Open time of each series' open bar; NaN while the series has none. */
  readonly start: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  /** Most venues in the pool at any tick of the bar. */
  readonly venues: Uint16Array;
  /** 1 while the bar of `start` is open; 0 once it closed (`start` is kept: no later tick of its minute may reopen it). */
  private readonly live: Uint8Array;

  constructor(readonly series: number) {
    this.start = new Float64Array(series).fill(NaN);
    this.open = new Float64Array(series);
    this.high = new Float64Array(series);
    this.low = new Float64Array(series);
    this.close = new Float64Array(series);
    this.volume = new Float64Array(series);
    this.venues = new Uint16Array(series);
    this.live = new Uint8Array(series);
  }

  /**
   * Applies one tick at `ts` to every series: price[s] (NaN: no price this tick, the series is skipped), the USD
   * volume traded since the previous tick, and the venues in the pool. Bars of earlier minutes close into `closed`
   * (appended at closed.length, which must have room for one bar per series), those of series without a price too: a
   * venue gone silent would otherwise hold its minute open until it speaks again, and that minute would then come
   * after the later ones a backfill wrote meanwhile. A tick of a closed bar's minute or older is ignored: closed bars
   * never change.
   */
  tick(ts: number, price: Float64Array, volume: Float64Array, venues: Uint16Array, closed: ClosedBars): void {
    const minute = ts - (ts % MINUTE_MS);
    for (let s = 0; s < this.series; s++) {
      const p = price[s]!;
      const start = this.start[s]!;
      if (!Number.isFinite(p)) {
        if (this.live[s] && minute > start) {
          this.emit(s, closed);
          this.live[s] = 0;
        }
        continue;
      }
      if (minute < start || (minute === start && !this.live[s])) continue;
      if (minute === start) {
        if (p > this.high[s]!) this.high[s] = p;
        if (p < this.low[s]!) this.low[s] = p;
      } else {
        // A later minute, or the first tick of the series (start is NaN, which no comparison matches).
        if (this.live[s]) this.emit(s, closed);
        this.live[s] = 1;
        this.start[s] = minute;
        this.open[s] = p;
        this.high[s] = p;
        this.low[s] = p;
        this.volume[s] = 0;
        this.venues[s] = 0;
      }
      this.close[s] = p;
      const v = volume[s]!;
      if (v > 0) this.volume[s]! += v;
      if (venues[s]! > this.venues[s]!) this.venues[s] = venues[s]!;
    }
  }

  /** Makes `bar` the open bar of series `s` (a bar cut short by a restart, carried on in the same minute). */
  resume(s: number, bar: Bar): void {
    this.live[s] = 1;
    this.start[s] = bar.ts;
    this.open[s] = bar.open;
    this.high[s] = bar.high;
    this.low[s] = bar.low;
    this.close[s] = bar.close;
    this.volume[s] = bar.volume;
    this.venues[s] = bar.venues;
  }

  /** Closes every open bar into `closed` as it stands (at shutdown, so the minute so far is kept). */
  flush(closed: ClosedBars): void {
    for (let s = 0; s < this.series; s++) {
      if (!this.live[s]) continue;
      this.emit(s, closed);
      this.live[s] = 0;
      this.start[s] = NaN;
    }
  }

  /** The open bar of series `s`, or null before its first tick and once its bar closed without a later one. */
  current(s: number): Bar | null {
    if (!this.live[s]) return null;
    const ts = this.start[s]!;
    return {
      ts,
      open: this.open[s]!,
      high: this.high[s]!,
      low: this.low[s]!,
      close: this.close[s]!,
      volume: this.volume[s]!,
      venues: this.venues[s]!,
    };
  }

  private emit(s: number, out: ClosedBars): void {
    const k = out.length++;
    out.series[k] = s;
    out.ts[k] = this.start[s]!;
    out.open[k] = this.open[s]!;
    out.high[k] = this.high[s]!;
    out.low[k] = this.low[s]!;
    out.close[k] = this.close[s]!;
    out.volume[k] = this.volume[s]!;
    out.venues[k] = this.venues[s]!;
  }
}
