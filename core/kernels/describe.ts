// Descriptive statistics over a Float64Array in one pass (Welford), skipping NaN: the first worker kernel.

/** Layout of the result array. */
export const DESCRIBE_FIELDS = ['count', 'min', 'max', 'mean', 'stdev'] as const;

/** Returns [count, min, max, mean, sample stdev]; min/max/mean are NaN when count is 0, stdev when count < 2. */
export function describe(values: Float64Array): Float64Array {
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (Number.isNaN(x)) continue;
    count++;
    if (x < min) min = x;
    if (x > max) max = x;
    const delta = x - mean;
    mean += delta / count;
    m2 += delta * (x - mean);
  }
  return Float64Array.of(
    count,
    count ? min : NaN,
    count ? max : NaN,
    count ? mean : NaN,
    count > 1 ? Math.sqrt(m2 / (count - 1)) : NaN,
  );
}
