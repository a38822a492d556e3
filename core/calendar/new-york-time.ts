// New York local time <-> UTC by the US daylight saving rules: since 2007 EDT (UTC-4) runs from the second Sunday of
// March at 02:00 local to the first Sunday of November at 02:00 local; from 1987 to 2006 it ran from the first Sunday of
// April to the last Sunday of October; EST (UTC-5) otherwise. Pure arithmetic, so scheduled US releases (08:30, 14:00,
// 16:05 New York) and exchange sessions land on the right UTC instant in every year the market calendar serves.
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.js';

/** The `n`-th Sunday (from 1; -1 the last) of `month` (0-11) of `year`, as a UTC midnight. */
function nthSunday(year: number, month: number, n: number): number {
  if (n < 0) {
    const last = Date.UTC(year, month + 1, 0);
    return last - new Date(last).getUTCDay() * DAY_MS;
  }
  const first = Date.UTC(year, month, 1);
  return first + (((7 - new Date(first).getUTCDay()) % 7) + 7 * (n - 1)) * DAY_MS;
}

/** The Sundays summer time starts and ends in `year`, as UTC midnights naming them. */
function summerSundays(year: number): { start: number; end: number } {
  return year >= 2007
    ? { start: nthSunday(year, 2, 2), end: nthSunday(year, 10, 1) }
    : { start: nthSunday(year, 3, 1), end: nthSunday(year, 9, -1) };
}

/** New York's offset from UTC at the instant `utcMs`, in hours: -4 in summer, -5 in winter. */
export function newYorkOffsetHours(utcMs: number): number {
  const { start, end } = summerSundays(new Date(utcMs).getUTCFullYear());
  // The changes happen at 02:00 local: 07:00Z in March (or April), 06:00Z in November (or October).
  return utcMs >= start + 7 * HOUR_MS && utcMs < end + 6 * HOUR_MS ? -4 : -5;
}

/**
 * The UTC instant of a New York wall-clock time on the calendar day `dayMs` (a UTC midnight naming the date). Times in
 * the skipped or repeated hour of a change (Sunday 01:00-03:00) are read as standard time; releases never fall there.
 */
export function newYorkTime(dayMs: number, hours: number, minutes = 0): number {
  const wall = dayMs + hours * HOUR_MS + minutes * MINUTE_MS;
  const { start, end } = summerSundays(new Date(dayMs).getUTCFullYear());
  // In wall-clock terms summer time runs from 03:00 on the spring Sunday to 01:00 on the autumn one.
  const summer = wall >= start + 3 * HOUR_MS && wall < end + HOUR_MS;
  return wall + (summer ? 4 : 5) * HOUR_MS;
}

/** The New York wall-clock date (a UTC midnight naming it) and minutes after its midnight, of the instant `utcMs`. */
export function newYorkWallClock(utcMs: number): { dayMs: number; minutes: number } {
  const wall = utcMs + newYorkOffsetHours(utcMs) * HOUR_MS;
  const dayMs = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  return { dayMs, minutes: (wall - dayMs) / MINUTE_MS };
}
