// The pooling kernel: per instrument, a volume-weighted median over fresh venues, a band around it, and the
// VW median of the venues inside the band; typed arrays in and out, so a whole tick is one call (or one task).
import { VENUE_OUT_REASONS } from '../vocabulary.js';

/** Per-venue reason codes in `PoolOutput.reason`; 0 means in the pool, n means VENUE_OUT_REASONS[n - 1]. */
export const IN_POOL = 0;
export const OUT_STALE = 1 + VENUE_OUT_REASONS.indexOf('stale');
export const OUT_OUTLIER = 1 + VENUE_OUT_REASONS.indexOf('outlier');
export const OUT_NO_VOLUME = 1 + VENUE_OUT_REASONS.indexOf('no_volume');
/** Never quoted since start: its venue never connected (or never sent this listing a quote). Not stale: it has no old quote. */
export const OUT_DOWN = 1 + VENUE_OUT_REASONS.indexOf('down');

/** Whether a venue's quote is recent enough to count (in the pool or not): neither stale nor missing. */
export function quoteFresh(reason: number): boolean {
  return reason !== OUT_STALE && reason !== OUT_DOWN;
}

export interface PoolInput {
  /** Instrument i owns venues offsets[i] .. offsets[i+1]-1; length instruments + 1. */
  offsets: Int32Array;
  /** Per venue: last price, 24h volume in USD (the weight), quote time in epoch ms (NaN: never quoted). */
  prices: Float64Array;
  volumes: Float64Array;
  ts: Float64Array;
}

export interface PoolParams {
  nowMs: number;
  /** A quote at least this old is stale. */
  staleMs: number;
  /** Venues further than this fraction from the first median are outliers (0.02 = 2%). */
  band: number;
}

export interface PoolOutput {
  /** Per instrument: pooled price and the VW 25th-75th percentile band of the pool; NaN when nothing is fresh. */
  price: Float64Array;
  low: Float64Array;
  high: Float64Array;
  /** Per instrument: how many venues are in the pool. */
  inPool: Uint16Array;
  /** Per venue: distance from the pooled price in percent, seconds since its quote, and IN_POOL or why not. */
  deviationPct: Float64Array;
  staleS: Float64Array;
  reason: Uint8Array;
}

export function allocatePoolOutput(instruments: number, venues: number): PoolOutput {
  return poolOutputViews(new ArrayBuffer(poolOutputBytes(instruments, venues)), instruments, venues);
}

/**
 * The weighted q-quantile of the venues listed in idx[0..k) (sorted by price): the first price whose cumulative
 * weight reaches q of the total; exactly on the boundary, the mean of it and the next price. It depends only on the
 * multiset of (price, weight), never on the order venues came in. NaN for no venues (e.g. two equal venues more
 * than twice the band apart: both are outliers of their mean, and there is no price to trust).
 */
function weightedQuantile(idx: Int32Array, k: number, prices: Float64Array, volumes: Float64Array, q: number): number {
  if (k === 0) return NaN;
  let total = 0;
  for (let a = 0; a < k; a++) total += volumes[idx[a]!]!;
  const target = q * total;
  let cum = 0;
  for (let a = 0; a < k; a++) {
    cum += volumes[idx[a]!]!;
    if (cum === target && a + 1 < k) return (prices[idx[a]!]! + prices[idx[a + 1]!]!) / 2;
    if (cum >= target) return prices[idx[a]!]!;
  }
  return prices[idx[k - 1]!]!;
}

/** Insertion sort of idx[0..k) by price: venues per instrument are few, and this allocates nothing. */
function sortByPrice(idx: Int32Array, k: number, prices: Float64Array): void {
  for (let a = 1; a < k; a++) {
    const v = idx[a]!;
    const p = prices[v]!;
    let b = a - 1;
    while (b >= 0 && prices[idx[b]!]! > p) {
      idx[b + 1] = idx[b]!;
      b--;
    }
    idx[b + 1] = v;
  }
}

let scratch = new Int32Array(64);

/** Pools every instrument of `input` into `out` (see allocatePoolOutput) and returns it. */
export function poolQuotes(input: PoolInput, params: PoolParams, out: PoolOutput): PoolOutput {
  const { offsets, prices, volumes, ts } = input;
  const { nowMs, staleMs, band } = params;
  const instruments = offsets.length - 1;
  for (let i = 0; i < instruments; i++) {
    const start = offsets[i]!;
    const end = offsets[i + 1]!;
    if (end - start > scratch.length) scratch = new Int32Array(2 * (end - start));
    const idx = scratch;

    let k = 0;
    for (let j = start; j < end; j++) {
      const age = nowMs - ts[j]!;
      out.staleS[j] = age / 1000;
      if (Number.isNaN(ts[j]!)) out.reason[j] = OUT_DOWN;
      else if (!(age < staleMs)) out.reason[j] = OUT_STALE;
      else if (!(volumes[j]! > 0) || !Number.isFinite(volumes[j]!)) out.reason[j] = OUT_NO_VOLUME;
      else if (!(prices[j]! > 0) || !Number.isFinite(prices[j]!)) out.reason[j] = OUT_OUTLIER;
      else {
        out.reason[j] = IN_POOL;
        idx[k++] = j;
      }
    }

    let pooled = NaN;
    let low = NaN;
    let high = NaN;
    let members = 0;
    if (k > 0) {
      sortByPrice(idx, k, prices);
      const median = weightedQuantile(idx, k, prices, volumes, 0.5);
      const limit = band * median;
      for (let a = 0; a < k; a++) {
        const j = idx[a]!;
        if (Math.abs(prices[j]! - median) > limit) out.reason[j] = OUT_OUTLIER;
        else idx[members++] = j;
      }
      pooled = weightedQuantile(idx, members, prices, volumes, 0.5);
      low = weightedQuantile(idx, members, prices, volumes, 0.25);
      high = weightedQuantile(idx, members, prices, volumes, 0.75);
    }
    out.price[i] = pooled;
    out.low[i] = low;
    out.high[i] = high;
    out.inPool[i] = members;
    for (let j = start; j < end; j++) out.deviationPct[j] = ((prices[j]! - pooled) / pooled) * 100;
  }
  return out;
}

/** A number for JSON: NaN and infinities become null, so no answer ever carries NaN. */
export function finiteOrNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/**
 * One ArrayBuffer per direction, so a tick crosses to a worker as a single transfer: the Float64 views first
 * (8-byte aligned), then the narrower ones.
 */
export function poolInputBytes(instruments: number, venues: number): number {
  return venues * 8 * 3 + (instruments + 1) * 4;
}

export function poolInputViews(buffer: ArrayBuffer, instruments: number, venues: number): PoolInput {
  const f = venues * 8;
  return {
    prices: new Float64Array(buffer, 0, venues),
    volumes: new Float64Array(buffer, f, venues),
    ts: new Float64Array(buffer, 2 * f, venues),
    offsets: new Int32Array(buffer, 3 * f, instruments + 1),
  };
}

/** A copy of `input` in one fresh buffer of the poolInputViews layout, ready to transfer. */
export function packPoolInput(input: PoolInput): ArrayBuffer {
  const instruments = input.offsets.length - 1;
  const venues = input.prices.length;
  const buffer = new ArrayBuffer(poolInputBytes(instruments, venues));
  const views = poolInputViews(buffer, instruments, venues);
  views.prices.set(input.prices);
  views.volumes.set(input.volumes);
  views.ts.set(input.ts);
  views.offsets.set(input.offsets);
  return buffer;
}

export function poolOutputBytes(instruments: number, venues: number): number {
  return instruments * 8 * 3 + venues * 8 * 2 + instruments * 2 + venues;
}

export function poolOutputViews(buffer: ArrayBuffer, instruments: number, venues: number): PoolOutput {
  const n8 = instruments * 8;
  const m8 = venues * 8;
  return {
    price: new Float64Array(buffer, 0, instruments),
    low: new Float64Array(buffer, n8, instruments),
    high: new Float64Array(buffer, 2 * n8, instruments),
    deviationPct: new Float64Array(buffer, 3 * n8, venues),
    staleS: new Float64Array(buffer, 3 * n8 + m8, venues),
    inPool: new Uint16Array(buffer, 3 * n8 + 2 * m8, instruments),
    reason: new Uint8Array(buffer, 3 * n8 + 2 * m8 + instruments * 2, venues),
  };
}
