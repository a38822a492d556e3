// What each calendar format's reader gives back, and the date form they share: the leaf the readers and the format
// switch (index.ts) both stand on.
import type { CatalystRecord, SkippedItem } from '../records.js';

export type CalendarRead = { catalysts: CatalystRecord[]; skipped: SkippedItem[] };

/** A YYYY-MM-DD date as its UTC midnight, or NaN. */
export function isoDay(s: unknown): number {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return NaN;
  return Date.parse(`${s}T00:00:00Z`);
}
