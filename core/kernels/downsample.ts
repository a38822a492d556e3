// Shape-preserving downsampling of a time series for charts, over typed arrays: min/max per bucket of time.
//
// Why min/max rather than LTTB: LTTB keeps one point per bucket, the one making the largest triangle with its
// neighbours' choices; it usually keeps a spike but is not bound to keep a bucket's lowest and highest value, so its
// output can shave a peak or a trough, even the series' own high or low. Min/max per bucket keeps, for each bucket of
// time, its lowest and its highest point in time order, and the first and last points: a line chart with one pixel
// column per bucket draws the same vertical extent in every column as from all the points, every extreme included,
// at two points per bucket (M4 would add each bucket's first and last for the exact joins between columns, at twice
// the points). Buckets split time, not the point count, as a chart's axis does: an empty stretch costs no points.

/** Fewer points cannot keep the first, the last, and a bucket's low and high. */
export const MIN_MAX_POINTS = 4;

/**
 * Indices (ascending) of the points kept from `ts` (strictly increasing) and `values` (NaN: missing, never chosen as
 * a bucket's low or high), at most `maxPoints` of them, written to `out` (room for min(n, maxPoints)); returns how
 * many. With n <= maxPoints every point is kept.
 */
export function downsampleIndices(ts: Float64Array, values: Float64Array, maxPoints: number, out: Int32Array): number {
  const n = ts.length;
  if (n <= maxPoints) {
    for (let i = 0; i < n; i++) out[i] = i;
    return n;
  }
  if (!(maxPoints >= MIN_MAX_POINTS)) throw new RangeError(`maxPoints must be at least ${MIN_MAX_POINTS}`);
  const buckets = Math.floor((maxPoints - 2) / 2);
  const t0 = ts[0]!;
  const scale = buckets / (ts[n - 1]! - t0);
  let count = 0;
  out[count++] = 0;
  let bucket = -1;
  let lo = -1;
  let hi = -1;
  for (let i = 1; i < n - 1; i++) {
    const b = Math.min(buckets - 1, Math.floor((ts[i]! - t0) * scale));
    if (b !== bucket) {
      count = emit(out, count, lo, hi);
      bucket = b;
      lo = -1;
      hi = -1;
    }
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    if (lo < 0 || v < values[lo]!) lo = i;
    if (hi < 0 || v > values[hi]!) hi = i;
  }
  count = emit(out, count, lo, hi);
  out[count++] = n - 1;
  return count;
}

/** Appends a bucket's low and high in time order (once when they are one point, nothing for an empty bucket). */
function emit(out: Int32Array, count: number, lo: number, hi: number): number {
  if (lo < 0) return count;
  out[count++] = Math.min(lo, hi);
  if (lo !== hi) out[count++] = Math.max(lo, hi);
  return count;
}

/** A series packed in one buffer, times then values: what a worker receives and returns. */
export function seriesViews(buffer: ArrayBuffer, n: number): { ts: Float64Array; values: Float64Array } {
  return { ts: new Float64Array(buffer, 0, n), values: new Float64Array(buffer, n * 8, n) };
}

export function seriesBytes(n: number): number {
  return n * 16;
}

/** The downsampled series packed in a new buffer (seriesViews of byteLength / 16 points reads it). */
export function downsample(ts: Float64Array, values: Float64Array, maxPoints: number): ArrayBuffer {
  const kept = new Int32Array(Math.min(ts.length, maxPoints));
  const count = downsampleIndices(ts, values, maxPoints, kept);
  const buffer = new ArrayBuffer(seriesBytes(count));
  const out = seriesViews(buffer, count);
  for (let k = 0; k < count; k++) {
    out.ts[k] = ts[kept[k]!]!;
    out.values[k] = values[kept[k]!]!;
  }
  return buffer;
}
