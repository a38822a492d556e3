// Recent bars per series in fixed-size rings of typed arrays, and the candle JSON written straight from them:
// a 20,000-candle answer never goes through per-row objects, and closed bars are serialized once, in blocks kept as
// bytes with each candle's offset, so an answer is a list of slices of those blocks, whatever its range.

import type { Bar } from './kernels/bars.js';
import type { Candle } from './schemas/candles.js';
import { originLabel } from './sources/history/official.js';

/** Bars per pre-serialized block: small enough that the unaligned edges of a range cost little to write. */
export const BLOCK = 256;

let rings = 0;

export class BarRing {
  /** Tells rings apart in keys (what is built from one ring's bars is kept under its id). */
  readonly id = ++rings;
  // Not readonly: a series added later (an instrument imported while the server runs) reallocates them, longer.
  ts: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  venues: Uint16Array;
  /** Where each bar came from: 0 the venues, else an official source (core/sources/history/official.ts). */
  origin: Uint8Array;
  /** Bars held per series, and the slot of each series' oldest bar. */
  private count: Int32Array;
  private head: Int32Array;
  /** Absolute number of the oldest bar held per series (it grows as the ring drops old bars). */
  private first: Float64Array;
  /** Per series: JSON of blocks of BLOCK bars by block number (absolute bar number / BLOCK), the newest maybe partial. */
  private readonly blocks: Map<number, Block>[];
  /** Per series: how many times its bars changed (a push or a clear), so that what was built from them can be kept. */
  private changes: Float64Array;

  constructor(
    public series: number,
    readonly capacity: number,
  ) {
    const n = series * capacity;
    this.ts = new Float64Array(n);
    this.open = new Float64Array(n);
    this.high = new Float64Array(n);
    this.low = new Float64Array(n);
    this.close = new Float64Array(n);
    this.volume = new Float64Array(n);
    this.venues = new Uint16Array(n);
    this.origin = new Uint8Array(n);
    this.count = new Int32Array(series);
    this.head = new Int32Array(series);
    this.first = new Float64Array(series);
    this.blocks = Array.from({ length: series }, () => new Map<number, Block>());
    this.changes = new Float64Array(series);
  }

  size(s: number): number {
    return this.count[s]!;
  }

  /**
   * Adds an empty series after the others and returns its number. The arrays are copied into longer ones: the slots
   * of the series before stay where they were, so their kept blocks and versions hold. Rare (an import), so a copy.
   */
  addSeries(): number {
    const s = this.series++;
    const n = this.series * this.capacity;
    const longer = <A extends Float64Array | Uint16Array | Uint8Array | Int32Array>(a: A, length: number): A => {
      const b = new (a.constructor as new (length: number) => A)(length);
      b.set(a);
      return b;
    };
    this.ts = longer(this.ts, n);
    this.open = longer(this.open, n);
    this.high = longer(this.high, n);
    this.low = longer(this.low, n);
    this.close = longer(this.close, n);
    this.volume = longer(this.volume, n);
    this.venues = longer(this.venues, n);
    this.origin = longer(this.origin, n);
    this.count = longer(this.count, this.series);
    this.head = longer(this.head, this.series);
    this.first = longer(this.first, this.series);
    this.changes = longer(this.changes, this.series);
    this.blocks.push(new Map());
    return s;
  }

  /** A number that changes whenever the bars of series `s` do: equal twice, the same bars at the same positions. */
  version(s: number): number {
    return this.changes[s]!;
  }

  /** Appends a bar newer than the last one of series `s` (older or equal times are ignored: history is append-only). */
  push(
    s: number,
    ts: number,
    open: number,
    high: number,
    low: number,
    close: number,
    volume: number,
    venues: number,
    origin = 0,
  ): void {
    const n = this.count[s]!;
    if (n > 0 && ts <= this.ts[this.slot(s, n - 1)]!) return;
    this.changes[s]! += 1;
    let k: number;
    if (n < this.capacity) {
      k = this.slot(s, n);
      this.count[s] = n + 1;
    } else {
      k = this.slot(s, 0);
      this.head[s] = (this.head[s]! + 1) % this.capacity;
      // The oldest bar goes, and with it the block it belonged to.
      this.blocks[s]!.delete(Math.floor(this.first[s]! / BLOCK));
      this.first[s]! += 1;
    }
    this.ts[k] = ts;
    this.open[k] = open;
    this.high[k] = high;
    this.low[k] = low;
    this.close[k] = close;
    this.volume[k] = volume;
    this.venues[k] = venues;
    this.origin[k] = origin;
  }

  /** Forgets every bar of series `s`, before it is read again. */
  clear(s: number): void {
    this.changes[s]! += 1;
    this.count[s] = 0;
    this.head[s] = 0;
    this.first[s] = 0;
    this.blocks[s]!.clear();
  }

  /** Array index of the i-th oldest bar of series `s`. */
  slot(s: number, i: number): number {
    return s * this.capacity + ((this.head[s]! + i) % this.capacity);
  }

  /** Position (0 = oldest) of the first bar of `s` at or after `ts`. */
  lowerBound(s: number, ts: number): number {
    let lo = 0;
    let hi = this.count[s]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ts[this.slot(s, mid)]! < ts) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * JSON of the candles at positions i0..i1-1 (oldest first) of series `s`, as slices of the kept blocks. Each candle
   * carries the comma after it, so the slices follow one another as they are; the last one's is left off unless
   * `more` follows (a candle after them).
   */
  json(s: number, i0: number, i1: number, more = false): Buffer[] {
    const chunks: Buffer[] = [];
    const base = this.first[s]!;
    const end = base + this.count[s]!;
    const stop = base + i1;
    for (let a = base + i0; a < stop; ) {
      const b = Math.floor(a / BLOCK);
      const start = b * BLOCK;
      const upto = Math.min(stop, start + BLOCK);
      if (start < base) {
        // The block's first bars have left the ring: the rest of it is written as asked, not kept.
        chunks.push(Buffer.from(`${this.candles(s, a - base, upto - base).join(',')},`, 'latin1'));
      } else {
        const block = this.block(s, b, Math.min(end, start + BLOCK) - start);
        chunks.push(block.bytes.subarray(block.offsets[a - start], block.offsets[upto - start]));
      }
      a = upto;
    }
    if (!more && chunks.length) chunks[chunks.length - 1] = chunks[chunks.length - 1]!.subarray(0, -1);
    return chunks;
  }

  /**
   * Block `b` of series `s` holding its first `n` bars, written once: again only when it has grown since (the newest
   * block fills as bars close). Any run of its candles is then a slice of its bytes.
   */
  private block(s: number, b: number, n: number): Block {
    let block = this.blocks[s]!.get(b);
    if (block === undefined || block.count < n) {
      const first = b * BLOCK - this.first[s]!;
      const parts = this.candles(s, first, first + n);
      const offsets = new Uint32Array(n + 1);
      // Candle JSON is ASCII, so string lengths are byte lengths; each offset counts the comma after the candle.
      for (let k = 0; k < n; k++) offsets[k + 1] = offsets[k]! + parts[k]!.length + 1;
      block = { bytes: Buffer.from(`${parts.join(',')},`, 'latin1'), offsets, count: n };
      this.blocks[s]!.set(b, block);
    }
    return block;
  }

  private candles(s: number, i0: number, i1: number): string[] {
    const parts = new Array<string>(i1 - i0);
    for (let i = i0; i < i1; i++) {
      const k = this.slot(s, i);
      parts[i - i0] = candleJson(
        this.ts[k]!,
        this.open[k]!,
        this.high[k]!,
        this.low[k]!,
        this.close[k]!,
        this.volume[k]!,
        this.venues[k]!,
        this.origin[k]!,
      );
    }
    return parts;
  }
}

/** A block's candles as JSON, each followed by a comma, and where each starts (`offsets[count]` is the end). */
interface Block {
  bytes: Buffer;
  offsets: Uint32Array;
  count: number;
}

/** A number as JSON: NaN and infinities as null. */
export function jsonNumber(x: number): string {
  return Number.isFinite(x) ? String(x) : 'null';
}

/**
 * One candle as JSON: the Candle fields of the interface, `venues` left out when unknown (0), `origin` only on an
 * official source's bar (its label: a venue bar's origin is the rule the interface states).
 */
export function candleJson(
  ts: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
  venues: number,
  origin = 0,
): string {
  const label = originLabel(origin);
  const v = (venues > 0 ? `,"venues":${venues}` : '') + (label === null ? '' : `,"origin":${JSON.stringify(label)}`);
  return `{"ts":"${new Date(ts).toISOString()}","open":${jsonNumber(open)},"high":${jsonNumber(high)},"low":${jsonNumber(low)},"close":${jsonNumber(close)},"volumeUsd":${jsonNumber(volume)}${v}}`;
}

/** One candle as the interface's Candle object: the same fields as candleJson, for callers that want objects. */
export function candleObject(
  ts: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
  venues: number,
  origin = 0,
): Candle {
  const candle: Candle = {
    ts: new Date(ts).toISOString(),
    open,
    high,
    low,
    close,
    volumeUsd: Number.isFinite(volume) ? volume : null,
  };
  if (venues > 0) candle.venues = venues;
  const label = originLabel(origin);
  if (label !== null) candle.origin = label;
  return candle;
}

/**
 * Bars of one interval held in memory per series: closed ones in a ring, and for a coarser interval (1h, 1d) the
 * open bucket built from the closed finer bars folded into it, so it never waits on the database either.
 */
export class HeldBars {
  readonly ring: BarRing;
  /** Per series: from when memory holds every bar the database has (-Infinity: all of them), as loaded at start. */
  from: Float64Array;
  /** The open bucket's bar so far per series (one small object per series, replaced once a finer bar closes). */
  private readonly partial: (Bar | null)[];
  /** The series whose open bucket is an imported bar (seed), not one the ticks built. */
  private readonly seeded = new Set<number>();

  constructor(
    series: number,
    capacity: number,
    readonly bucketMs: number,
  ) {
    this.ring = new BarRing(series, capacity);
    this.from = new Float64Array(series).fill(-Infinity);
    this.partial = new Array<Bar | null>(series).fill(null);
  }

  /**
   * Whether memory holds every closed bar of series `s` from `fromMs` on: from `from`, and once the ring is full, from
   * its oldest too (older bars written since, a backfill's, move `from` past them).
   */
  held(s: number, fromMs: number): boolean {
    const ring = this.ring;
    const oldest = ring.size(s) === ring.capacity ? ring.ts[ring.slot(s, 0)]! : -Infinity;
    return fromMs >= Math.max(oldest, this.from[s]!);
  }

  /** Adds an empty series after the others (see BarRing.addSeries), holding nothing yet: its bars are read from the database. */
  addSeries(): number {
    const s = this.ring.addSeries();
    const from = new Float64Array(this.ring.series);
    from.set(this.from);
    from[s] = Infinity;
    this.from = from;
    this.partial.push(null);
    return s;
  }

  /** Forgets series `s`: its closed bars and its open bucket. */
  clear(s: number): void {
    this.ring.clear(s);
    this.partial[s] = null;
    this.seeded.delete(s);
  }

  /** Folds a closed finer bar into its bucket; a bar of a later bucket first closes the open one into the ring. */
  fold(s: number, bar: Bar): void {
    const bucket = bar.ts - (bar.ts % this.bucketMs);
    this.roll(s, bucket);
    const open = this.partial[s];
    if (open && open.ts > bucket) return;
    // An imported bucket gives way to the ticks' bars, as the tick-derived aggregate wins in the database's views.
    this.partial[s] = open && !this.seeded.delete(s) ? merge(open, bar) : { ...bar, ts: bucket };
  }

  /**
   * The open bucket's bar as the database has it (imported history), where no finer bar folded into it: a close
   * imported on its own day is served, and closed into the ring when the day ends, like a bucket the ticks built.
   */
  seed(s: number, bar: Bar): void {
    if (this.partial[s]) return;
    this.partial[s] = { ...bar };
    this.seeded.add(s);
  }

  /** Closes the open bucket of series `s` into the ring once it is older than `bucket` (its time has passed). */
  roll(s: number, bucket: number): void {
    const open = this.partial[s];
    if (!open || open.ts >= bucket) return;
    this.ring.push(s, open.ts, open.open, open.high, open.low, open.close, open.volume, open.venues, open.origin);
    this.partial[s] = null;
    this.seeded.delete(s);
  }

  /** The bar of the open bucket with `live` (the finer bar still open) folded in; null when there is neither. */
  live(s: number, live: Bar | null): Bar | null {
    const open = this.partial[s] ?? null;
    const bucket = live ? live.ts - (live.ts % this.bucketMs) : NaN;
    if (!live || (open && open.ts > bucket)) return open;
    if (!open || open.ts < bucket) return { ...live, ts: bucket };
    return merge(open, live);
  }
}

/** `a` extended by the later bar `b` of the same bucket. */
function merge(a: Bar, b: Bar): Bar {
  const volume = (Number.isFinite(a.volume) ? a.volume : 0) + (Number.isFinite(b.volume) ? b.volume : 0);
  return {
    ts: a.ts,
    open: a.open,
    high: Math.max(a.high, b.high),
    low: Math.min(a.low, b.low),
    close: b.close,
    volume,
    venues: Math.max(a.venues, b.venues),
  };
}
