// A series published as levels built from changes (an index from monthly price changes, payrolls from jobs added, GDP
// from quarterly growth), each change printed once and revised at later releases. At each release every level is
// chained again from the changes as then estimated, so a revision moves the levels after it too, as it does in the
// real series; what did not change is no new vintage. Releases of one day are one vintage.
import { dayOf } from './calendar.js';
import { VintageBook } from './vintages.js';

export interface Estimate {
  /** The period's index in `periods`. */
  period: number;
  /** When it is published. */
  at: number;
  change: number;
}

/**
 * The book of a chained series: `base` before the first period, each level `step(previous level, change)`; estimates
 * published at or after `untilMs` are left out (not released yet).
 */
export function chainedSeries(
  periods: readonly number[],
  estimates: readonly Estimate[],
  base: number,
  step: (level: number, change: number) => number,
  decimals: number,
  untilMs: number,
): VintageBook {
  const book = new VintageBook(decimals);
  const released = estimates.filter((e) => e.at < untilMs).sort((a, b) => a.at - b.at || a.period - b.period);
  const current: (number | undefined)[] = periods.map(() => undefined);
  for (let k = 0; k < released.length; ) {
    const day = dayOf(released[k]!.at);
    for (; k < released.length && dayOf(released[k]!.at) === day; k++)
      current[released[k]!.period] = released[k]!.change;
    let level = base;
    for (let p = 0; p < periods.length && current[p] !== undefined; p++) {
      level = step(level, current[p]!);
      book.publish(periods[p]!, level, day);
    }
  }
  return book;
}

/** A level moved by a change in percent. */
export const byPercent = (level: number, pct: number) => level * (1 + pct / 100);
/** A level moved by a change in its own units. */
export const byAmount = (level: number, amount: number) => level + amount;
/** A level moved by growth at an annual rate in percent, over a quarter. */
export const byAnnualRate = (level: number, pct: number) => level * (1 + pct / 100) ** 0.25;
