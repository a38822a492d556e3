// New York local time <-> UTC by the US daylight saving rule in force since 2007: EDT (UTC-4) from the second Sunday
// of March at 02:00 local to the first Sunday of November at 02:00 local, EST (UTC-5) otherwise. Pure arithmetic, so
// scheduled US releases (08:30, 14:00, 16:05 New York) land on the right UTC instant all year.
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.js';

/** The `n`-th Sunday (from 1) of `month` (0-11) of `year`, as a UTC midnight. */
function nthSunday(year: number, month: number, n: number): number {
  const first = Date.UTC(year, month, 1);
  return first + (((7 - new Date(first).getUTCDay()) % 7) + 7 * (n - 1)) * DAY_MS;
}

/** The UTC instants daylight saving starts (07:00Z) and ends (06:00Z) in `year`. */
function daylightSaving(year: number): { start: number; end: number } {
  return { start: nthSunday(year, 2, 2) + 7 * HOUR_MS, end: nthSunday(year, 10, 1) + 6 * HOUR_MS };
}

/** New York's offset from UTC at the instant `utcMs`, in hours: -4 in summer, -5 in winter. */
export function newYorkOffsetHours(utcMs: number): number {
  const { start, end } = daylightSaving(new Date(utcMs).getUTCFullYear());
  return utcMs >= start && utcMs < end ? -4 : -5;
}

/**
 * The UTC instant of a New York wall-clock time on the calendar day `dayMs` (a UTC midnight naming the date). Times in
 * the skipped or repeated hour of a change (Sunday 01:00-03:00) are read as standard time; releases never fall there.
 */
export function newYorkTime(dayMs: number, hours: number, minutes = 0): number {
  const wall = dayMs + hours * HOUR_MS + minutes * MINUTE_MS;
  const year = new Date(dayMs).getUTCFullYear();
  // In wall-clock terms summer time runs from 03:00 on the March Sunday to 01:00 on the November one.
  const summer = wall >= nthSunday(year, 2, 2) + 3 * HOUR_MS && wall < nthSunday(year, 10, 1) + HOUR_MS;
  return wall + (summer ? 4 : 5) * HOUR_MS;
}

/** The New York wall-clock date (a UTC midnight naming it) and minutes after its midnight, of the instant `utcMs`. */
export function newYorkWallClock(utcMs: number): { dayMs: number; minutes: number } {
  const wall = utcMs + newYorkOffsetHours(utcMs) * HOUR_MS;
  const dayMs = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  return { dayMs, minutes: (wall - dayMs) / MINUTE_MS };
}
