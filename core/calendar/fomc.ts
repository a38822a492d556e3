// The Federal Open Market Committee's decision days: the second day of each scheduled two-day meeting, as the Fed
// publishes them, and for other years the pattern its schedules follow (eight meetings, each about six weeks apart, the
// decision on a Wednesday that is no holiday). The statement is at 14:00 New York; the new target range takes effect
// the next day, which is when FRED's DFEDTARU and DFEDTARL step. Dates are UTC midnights; nothing here reads a clock.
import { DAY_MS } from '../time.js';
import { newYorkTime } from './new-york-time.js';
import { isReleaseDay } from './us-holidays.js';

/**
 * Published schedules (federalreserve.gov/monetarypolicy/fomccalendars.htm), decision days as [month 1-12, day]. 2024
 * had its November meeting on Wednesday-Thursday after the election. 2027 is the tentative schedule the Fed published
 * in 2025 (January 26-27 ... December 7-8).
 */
const PUBLISHED: Record<number, [number, number][]> = {
  2024: [
    [1, 31],
    [3, 20],
    [5, 1],
    [6, 12],
    [7, 31],
    [9, 18],
    [11, 7],
    [12, 18],
  ],
  2025: [
    [1, 29],
    [3, 19],
    [5, 7],
    [6, 18],
    [7, 30],
    [9, 17],
    [10, 29],
    [12, 10],
  ],
  2026: [
    [1, 28],
    [3, 18],
    [4, 29],
    [6, 17],
    [7, 29],
    [9, 16],
    [10, 28],
    [12, 9],
  ],
  2027: [
    [1, 27],
    [3, 17],
    [4, 28],
    [6, 9],
    [7, 28],
    [9, 22],
    [10, 27],
    [12, 8],
  ],
};

/** The `n`-th (1-based; -1 the last) Wednesday of `month` (0-11). */
function wednesday(year: number, month: number, n: number): number {
  if (n < 0) {
    const last = Date.UTC(year, month + 1, 0);
    return last - ((new Date(last).getUTCDay() - 3 + 7) % 7) * DAY_MS;
  }
  const first = Date.UTC(year, month, 1);
  return first + (((3 - new Date(first).getUTCDay() + 7) % 7) + 7 * (n - 1)) * DAY_MS;
}

/** Both days of a meeting ending on `dayMs` are working days; else the meeting moves a week earlier (Juneteenth). */
function clearOfHolidays(dayMs: number): number {
  let d = dayMs;
  while (!isReleaseDay(d) || !isReleaseDay(d - DAY_MS)) d -= 7 * DAY_MS;
  return d;
}

/**
 * The usual pattern, which the 2025-2027 schedules follow to within a week: the last Wednesday of January, the third
 * of March, six weeks later (late April or early May), the third of June, the last of July, the third of September,
 * the last of October and the second of December: 35 to 56 days apart.
 */
export function fomcPatternDays(year: number): number[] {
  const march = wednesday(year, 2, 3);
  const days = [
    wednesday(year, 0, -1),
    march,
    march + 42 * DAY_MS,
    wednesday(year, 5, 3),
    wednesday(year, 6, -1),
    wednesday(year, 8, 3),
    wednesday(year, 9, -1),
    wednesday(year, 11, 2),
  ];
  return days.map(clearOfHolidays);
}

/** The decision days of `year`, in order. */
export function fomcDecisionDays(year: number): number[] {
  const published = PUBLISHED[year];
  return published ? published.map(([month, day]) => Date.UTC(year, month - 1, day)) : fomcPatternDays(year);
}

/** The statement of a decision day: 14:00 New York. */
export const fomcStatement = (dayMs: number) => newYorkTime(dayMs, 14);

/** The day a decision of `dayMs`'s new target range takes effect: the next day. */
export const fomcEffectiveDay = (dayMs: number) => dayMs + DAY_MS;

/** Every statement time in [fromMs, toMs), in order. */
export function fomcStatements(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let year = new Date(fromMs).getUTCFullYear(); year <= new Date(toMs).getUTCFullYear(); year++) {
    for (const day of fomcDecisionDays(year)) {
      const at = fomcStatement(day);
      if (at >= fromMs && at < toMs) out.push(at);
    }
  }
  return out;
}
