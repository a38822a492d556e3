// What economists expect of a release, as surveys form it: close to the recent prints (their median, which one odd
// month does not move), leaning toward where the economy is heading, and never further from the prints than a survey
// strays, so a forecast never jumps away from a run of prints that all came in as expected.

/** The median of `xs` (not empty). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The consensus: `lean` on the release's grid of `step`, moved onto the grid point nearest to it within `band` of the
 * median of `recent` (the last prints, newest last); with no prints yet, `lean` alone.
 */
export function consensus(recent: readonly number[], lean: number, band: number, step: number): number {
  const onGrid = (x: number) => Number((Math.round(x / step) * step).toFixed(6));
  if (recent.length === 0) return onGrid(lean);
  const mid = median(recent);
  const lowest = Number((Math.ceil((mid - band) / step - 1e-9) * step).toFixed(6));
  const highest = Number((Math.floor((mid + band) / step + 1e-9) * step).toFixed(6));
  return Math.min(highest, Math.max(lowest, onGrid(lean)));
}

/** An AR(1) step of an economy's pace: back toward `mean` by (1 - `keep`) of the gap, plus `noise` drawn normal. */
export const drift = (pace: number, mean: number, keep: number, noise: number) => mean + keep * (pace - mean) + noise;
