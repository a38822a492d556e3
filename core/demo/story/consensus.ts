// What economists expect of a release, as surveys form it: close to the recent prints (their median, which one odd
// month does not move), leaning toward where the economy is heading, and never further from the prints than a survey
// strays, so a forecast never jumps away from a run of prints that all came in as expected.
import type { Random } from '../random.js';

/**
 * How each release's consensus is formed: the prints it looks back on, how far from their median it may lean, on what
 * grid it is quoted, and the pace the economy reverts to (its mean, the share of the gap kept a period, its noise).
 */
export const CONSENSUS = {
  cpi: { prints: 6, band: 0.1, step: 0.1, mean: 0.25, keep: 0.85, noise: 0.04 },
  payrolls: { prints: 6, band: 40, step: 5, mean: 170, keep: 0.8, noise: 20 },
  claims: { prints: 4, band: 10, step: 1, mean: 220, keep: 0.85, noise: 5 },
} as const;

type Survey = (typeof CONSENSUS)[keyof typeof CONSENSUS];

/** A release's forecasters: `expect` gives the next consensus, `printed` takes the number released and moves the pace. */
export function forecaster(c: Survey, rng: Random) {
  const prints: number[] = [];
  let pace = c.mean + rng.normal() * c.noise;
  return {
    expect: () => consensus(prints.slice(-c.prints), pace, c.band, c.step),
    printed: (value: number) => {
      prints.push(value);
      // Back toward the mean by the share of the gap not kept, plus the period's news.
      pace = c.mean + c.keep * (pace - c.mean) + rng.normal() * c.noise;
    },
  };
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * `lean` on the release's grid of `step`, moved onto the grid point nearest to it within `band` of the median of
 * `recent` (the last prints); with no prints yet, `lean` alone.
 */
function consensus(recent: readonly number[], lean: number, band: number, step: number): number {
  const onGrid = (x: number) => Number((Math.round(x / step) * step).toFixed(6));
  if (recent.length === 0) return onGrid(lean);
  const mid = median(recent);
  const lowest = Number((Math.ceil((mid - band) / step - 1e-9) * step).toFixed(6));
  const highest = Number((Math.floor((mid + band) / step + 1e-9) * step).toFixed(6));
  return Math.min(highest, Math.max(lowest, onGrid(lean)));
}
