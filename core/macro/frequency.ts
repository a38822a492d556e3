// The frequency of a series read from its dates alone, for a file that does not say (a plain CSV of a series the
// catalog does not know): the median gap between consecutive dates, as FRED's frequencies space them.
import { DAY_MS } from '../time.js';
import type { MacroFrequency } from '../vocabulary.js';

/** Upper bounds of the median gap in days per frequency: weekends make a daily series' gaps 1 or 3 days. */
const GAPS: [number, MacroFrequency][] = [
  [4, 'daily'],
  [10, 'weekly'],
  [20, 'biweekly'],
  [45, 'monthly'],
  [120, 'quarterly'],
  [240, 'semiannual'],
];

/** The frequency of `dates` (epoch ms, ascending), or null with fewer than two dates. */
export function inferFrequency(dates: readonly number[]): MacroFrequency | null {
  if (dates.length < 2) return null;
  const gaps = dates
    .slice(1)
    .map((d, k) => (d - dates[k]!) / DAY_MS)
    .sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1]!;
  return GAPS.find(([max]) => median <= max)?.[1] ?? 'annual';
}
