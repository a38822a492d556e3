// When the demo's scheduled US releases come out, by the real calendars' rules: New York local times with daylight
// saving, never on a market holiday, government releases never on a federal holiday either, and the real schedule's
// shifts (jobless claims move to the Wednesday of Thanksgiving week; payrolls on a holiday Friday to the Thursday before).
import { newYorkTime } from '../calendar/new-york-time.js';
import { sessionOn } from '../calendar/sessions.js';
import { isReleaseDay, isTradingDay } from '../calendar/us-holidays.js';
import { DAY_MS } from '../time.js';

/** The first day on or after `dayMs` (a UTC midnight) that `ok` accepts. */
function onOrAfter(dayMs: number, ok: (dayMs: number) => boolean): number {
  let d = dayMs;
  while (!ok(d)) d += DAY_MS;
  return d;
}

/** The last day on or before `dayMs` that `ok` accepts. */
function onOrBefore(dayMs: number, ok: (dayMs: number) => boolean): number {
  let d = dayMs;
  while (!ok(d)) d -= DAY_MS;
  return d;
}

/** The consumer price index for the month before `month` (0-11): 08:30 on the first release day from `day` on. */
export function cpiRelease(year: number, month: number, day: number): number {
  return newYorkTime(onOrAfter(Date.UTC(year, month, day), isReleaseDay), 8, 30);
}

/**
 * The employment report: 08:30 on the month's first Friday; on a holiday, the Thursday before when it is in the same
 * month (July 3 for a Friday July 4), else the next Friday (a Friday January 1 moves to January 8).
 */
export function payrollsRelease(year: number, month: number): number {
  const first = Date.UTC(year, month, 1);
  const friday = first + ((5 - new Date(first).getUTCDay() + 7) % 7) * DAY_MS;
  if (isReleaseDay(friday)) return newYorkTime(friday, 8, 30);
  const thursday = friday - DAY_MS;
  const day = new Date(thursday).getUTCMonth() === month && isReleaseDay(thursday) ? thursday : friday + 7 * DAY_MS;
  return newYorkTime(day, 8, 30);
}

/** Weekly jobless claims in [fromMs, toMs): 08:30 each Thursday, or the last release day before a holiday Thursday. */
export function claimsReleases(fromMs: number, toMs: number): number[] {
  const firstDay = fromMs - (fromMs % DAY_MS);
  const out: number[] = [];
  for (let thursday = firstDay + ((4 - new Date(firstDay).getUTCDay() + 7) % 7) * DAY_MS; ; thursday += 7 * DAY_MS) {
    const at = newYorkTime(onOrBefore(thursday, isReleaseDay), 8, 30);
    if (at >= toMs) return out;
    if (at >= fromMs) out.push(at);
  }
}

export type EarningsTiming = 'after-close' | 'before-open';

/**
 * Quarterly results on the first trading day from `dayMs`: 06:45 before the open, or 16:05 after the close of a full
 * session (a company does not report into the thin after-hours of a day the exchange closes early).
 */
export function earningsRelease(dayMs: number, timing: EarningsTiming): number {
  const fullSession = (d: number) => sessionOn(d)?.earlyClose === null;
  const day = onOrAfter(dayMs, timing === 'after-close' ? fullSession : isTradingDay);
  return timing === 'after-close' ? newYorkTime(day, 16, 5) : newYorkTime(day, 6, 45);
}
