// EDGAR's clock: filings are dated and their acceptance times written in New York wall-clock time (the submissions
// JSON writes that wall-clock time with a "Z", as EDGAR does), and they come in on trading days.
import { newYorkTime } from '../../calendar/new-york-time.js';
import { isTradingDay } from '../../calendar/us-holidays.js';
import { DAY_MS, HOUR_MS } from '../../time.js';

/** The New York wall-clock time of `ms`, as epoch ms of that wall-clock reading in UTC. */
export function newYorkWall(ms: number): number {
  for (const offset of [4, 5]) {
    const wall = ms - offset * HOUR_MS;
    const day = wall - (wall % DAY_MS);
    if (newYorkTime(day, (wall - day) / HOUR_MS) === ms) return wall;
  }
  throw new Error(`no New York wall-clock time for ${new Date(ms).toISOString()}`);
}

/** YYYY-MM-DD of the New York day `ms` falls on. */
export function newYorkDate(ms: number): string {
  return new Date(newYorkWall(ms)).toISOString().slice(0, 10);
}

/** EDGAR's acceptanceDateTime: the New York wall-clock time, written with a "Z" as EDGAR writes it. */
export function acceptanceDateTime(ms: number): string {
  return `${new Date(newYorkWall(ms)).toISOString().slice(0, 19)}.000Z`;
}

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The `n`-th trading day after the day of `dayMs` (a UTC midnight), or before it for negative `n`. */
export function tradingDaysFrom(dayMs: number, n: number): number {
  let day = dayMs;
  for (let left = Math.abs(n); left > 0; ) {
    day += Math.sign(n) * DAY_MS;
    if (isTradingDay(day)) left--;
  }
  return day;
}
