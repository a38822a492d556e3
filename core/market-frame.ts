// One tick of the ingest leader's market as bytes, for the processes that serve it without ticking (api nodes, the
// standby): every listing's quote, the pooling, the previous closes, the open 1m bars, the bars closed this tick and
// the series the leader read again from the database since its last tick (an import or a backfill wrote under them).
// Typed arrays end to end, so a frame costs a copy, not a parse.
import { type Bar, type BarColumns, barAt } from './kernels/bars.js';
import { poolOutputBytes } from './kernels/pool.js';
import type { VenueQuotes } from './sources/records.js';

const MAGIC = 0x7477_6d32; // "twm2"
const HEADER = 11;
/**
 * The previous release's frames ("twm1": a 9-number header, no rereads), still read: a rolling deploy replaces the api
 * nodes before the leader, and a new node must follow the old leader meanwhile.
 */
const MAGIC_V1 = 0x7477_6d31;
const HEADER_V1 = 9;
/** A bar in a frame: open time, OHLC, volume, pool size; an open bar's open time is NaN when it has none. */
const BAR = 7;
/** A closed bar carries its series first. */
const CLOSED = BAR + 1;
/** A series read again: its kind (0 pooled, 1 listing) and database id. */
const REREAD = 2;

/** A series whose held candles were read again from the database, by its database id. */
export interface Reread {
  kind: 'pooled' | 'listing';
  id: number;
}

export interface MarketFrame {
  /** The leadership that produced it (the lease's fencing token) and its tick count within it. */
  epoch: number;
  seq: number;
  nowMs: number;
  /** A digest of the instrument and listing ids the arrays are laid out by. */
  layout: number;
  instruments: number;
  listings: number;
  quotes: VenueQuotes;
  /** The pooling of these quotes, laid out as core/kernels/pool.ts poolOutputViews. */
  pooled: ArrayBuffer;
  previousClose: Float64Array;
  /** Per instrument and per listing: the open 1m bar (BAR numbers each). */
  open: Float64Array;
  openListing: Float64Array;
  /** The bars closed at this tick: series then the bar (CLOSED numbers each). */
  closed: Float64Array;
  closedListing: Float64Array;
  /** The series read again since the previous tick, and how many this leadership read again in all, these included. */
  reread: Reread[];
  rereadTotal: number;
}

/** What a frame is made from. */
export interface FrameSource {
  epoch: number;
  seq: number;
  nowMs: number;
  layout: number;
  quotes: VenueQuotes;
  pooled: ArrayBuffer;
  previousClose: Float64Array;
  openBar(i: number): Bar | null;
  openListingBar(j: number): Bar | null;
  closed: BarColumns & { series: Int32Array; venues: ArrayLike<number>; length: number };
  closedListing: BarColumns & { series: Int32Array; venues: ArrayLike<number>; length: number };
  reread: readonly Reread[];
  rereadTotal: number;
}

/** A digest of the ids, in order: frames apply only to a market laid out the same. */
export function layoutDigest(instrumentIds: ArrayLike<number>, listingIds: ArrayLike<number>): number {
  let h = 0x811c9dc5;
  const mix = (x: number) => {
    h = Math.imul(h ^ x, 0x01000193) >>> 0;
  };
  for (let k = 0; k < instrumentIds.length; k++) mix(instrumentIds[k]!);
  mix(-1);
  for (let k = 0; k < listingIds.length; k++) mix(listingIds[k]!);
  return h;
}

export function encodeFrame(src: FrameSource): Uint8Array {
  const n = src.previousClose.length;
  const m = src.quotes.price.length;
  const c = src.closed.length;
  const cl = src.closedListing.length;
  const r = src.reread.length;
  const floats = frameFloats(HEADER, n, m, c, cl, r);
  const poolBytes = poolOutputBytes(n, m);
  const bytes = new Uint8Array(floats * 8 + poolBytes);
  const f = new Float64Array(bytes.buffer, 0, floats);
  f.set([MAGIC, src.epoch, src.seq, src.nowMs, src.layout, n, m, c, cl, r, src.rereadTotal]);
  let at = HEADER;
  for (const a of [src.quotes.price, src.quotes.ts, src.quotes.volume24hUsd, src.quotes.openInterestUsd]) {
    f.set(a, at);
    at += m;
  }
  f.set(src.quotes.fundingRate, at);
  at += m;
  f.set(src.previousClose, at);
  at += n;
  const putBar = (bar: Bar | null) => {
    if (bar) f.set([bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues], at);
    else f.fill(NaN, at, at + BAR);
    at += BAR;
  };
  for (let i = 0; i < n; i++) putBar(src.openBar(i));
  for (let j = 0; j < m; j++) putBar(src.openListingBar(j));
  for (const closed of [src.closed, src.closedListing])
    for (let k = 0; k < closed.length; k++) {
      f[at++] = closed.series[k]!;
      putBar(barAt(closed, k));
    }
  for (const { kind, id } of src.reread) {
    f[at++] = kind === 'pooled' ? 0 : 1;
    f[at++] = id;
  }
  bytes.set(new Uint8Array(src.pooled, 0, poolBytes), floats * 8);
  return bytes;
}

/** The frame in `bytes`, or null when they are not one (another version's, or cut short). */
export function decodeFrame(bytes: Uint8Array): MarketFrame | null {
  if (bytes.byteLength < HEADER * 8) return null;
  // A copy aligned for the float views (a Buffer from a socket may start at any offset).
  const own = new Uint8Array(bytes);
  const magic = new Float64Array(own.buffer, 0, 1)[0];
  const header = magic === MAGIC ? HEADER : magic === MAGIC_V1 ? HEADER_V1 : 0;
  if (!header) return null;
  const [, epoch, seq, nowMs, layout, n, m, c, cl, r = 0, rereadTotal = 0] = new Float64Array(
    own.buffer,
    0,
    header,
  ) as unknown as number[];
  const floats = frameFloats(header, n!, m!, c!, cl!, r);
  const poolBytes = poolOutputBytes(n!, m!);
  if (own.byteLength !== floats * 8 + poolBytes) return null;
  let at = header * 8;
  const take = (count: number) => {
    const a = new Float64Array(own.buffer, at, count);
    at += count * 8;
    return a;
  };
  const quotes: VenueQuotes = {
    price: take(m!),
    ts: take(m!),
    volume24hUsd: take(m!),
    openInterestUsd: take(m!),
    fundingRate: take(m!),
  };
  return {
    epoch: epoch!,
    seq: seq!,
    nowMs: nowMs!,
    layout: layout!,
    instruments: n!,
    listings: m!,
    quotes,
    previousClose: take(n!),
    open: take(BAR * n!),
    openListing: take(BAR * m!),
    closed: take(CLOSED * c!),
    closedListing: take(CLOSED * cl!),
    reread: rereadsOf(take(REREAD * r)),
    rereadTotal,
    pooled: own.buffer.slice(floats * 8),
  };
}

function frameFloats(header: number, n: number, m: number, c: number, cl: number, r: number): number {
  return header + 5 * m + n + BAR * (n + m) + CLOSED * (c + cl) + REREAD * r;
}

function rereadsOf(pairs: Float64Array): Reread[] {
  const out: Reread[] = [];
  for (let at = 0; at < pairs.length; at += REREAD)
    out.push({ kind: pairs[at] === 0 ? 'pooled' : 'listing', id: pairs[at + 1]! });
  return out;
}

/** Bar `k` of a frame's open bars (`open` or `openListing`); null when its series had none, or is not in the frame. */
export function frameBar(bars: Float64Array, k: number): Bar | null {
  const at = k * BAR;
  if (at >= bars.length) return null;
  const ts = bars[at]!;
  if (Number.isNaN(ts)) return null;
  return {
    ts,
    open: bars[at + 1]!,
    high: bars[at + 2]!,
    low: bars[at + 3]!,
    close: bars[at + 4]!,
    volume: bars[at + 5]!,
    venues: bars[at + 6]!,
  };
}

/** Calls `each` with the series and bar of every closed bar in `closed` (a frame's `closed` or `closedListing`). */
export function forClosed(closed: Float64Array, each: (series: number, bar: Bar) => void): void {
  for (let at = 0; at < closed.length; at += CLOSED) each(closed[at]!, frameBar(closed.subarray(at + 1), 0)!);
}
