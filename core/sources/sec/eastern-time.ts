// EDGAR stamps acceptance times in US Eastern wall-clock time, even where its JSON appends a "Z": Apple's 10-Ks read
// 06:01 "Z", the minute EDGAR opens at 6:00 ET, and a filing accepted at 21:18 "Z" is dated the next day because it
// came after the 17:30 ET cut-off. This turns such a wall-clock time into the instant it names.
import { dayFromCivil } from '../../days.js';

const HOUR_MS = 3_600_000;

/** The day-of-month of the `nth` Sunday of a month (nth = -1: the last one). */
function sunday(year: number, month: number, nth: number): number {
  if (nth > 0) {
    const firstWeekday = (dayFromCivil(year, month, 1) + 4) % 7; // 1970-01-01 was a Thursday (4)
    return 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7;
  }
  const last = dayFromCivil(year, month + 1, 1) - 1;
  return last - ((last + 4) % 7) - dayFromCivil(year, month, 1) + 1;
}

/** Whether US daylight saving time was in force at that Eastern standard-time wall clock (rules of 1987 and 2007). */
function daylightSaving(year: number, month: number, day: number, hour: number): boolean {
  const [startMonth, startDay, endMonth, endDay] =
    year >= 2007 ? [3, sunday(year, 3, 2), 11, sunday(year, 11, 1)] : [4, sunday(year, 4, 1), 10, sunday(year, 10, -1)];
  const at = (m: number, d: number) => m * 10_000 + d * 100;
  const now = at(month, day) + hour;
  return now >= at(startMonth, startDay) + 2 && now < at(endMonth, endDay) + 1;
}

/** Epoch ms of an Eastern wall-clock time. */
export function easternToEpochMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number {
  const wall = dayFromCivil(year, month, day) * 86_400_000 + hour * HOUR_MS + minute * 60_000 + second * 1000;
  return wall + (daylightSaving(year, month, day, hour) ? 4 : 5) * HOUR_MS;
}
