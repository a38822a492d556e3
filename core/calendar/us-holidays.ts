// US holidays by rule: the NYSE's market holidays and the federal holidays government agencies close on, each with its
// observed day. Dates are UTC midnights (epoch ms) of the calendar day; nothing here reads a clock.
import { DAY_MS, parseDay } from '../time.js';
import { ONE_OFF_CLOSURES } from './nyse-special-days.js';

export interface Holiday {
  name: string;
  /** The day it is observed: UTC midnight of that calendar date. */
  dayMs: number;
}

/** The `n`-th `weekday` (0 Sunday ... 6 Saturday) of `month` (0-11); n = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n < 0) {
    const last = Date.UTC(year, month + 1, 0);
    return last - ((new Date(last).getUTCDay() - weekday + 7) % 7) * DAY_MS;
  }
  const first = Date.UTC(year, month, 1);
  return first + (((weekday - new Date(first).getUTCDay() + 7) % 7) + 7 * (n - 1)) * DAY_MS;
}

/** Easter Sunday (Gregorian, the anonymous algorithm of Meeus/Jones/Butcher). */
export function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/** A fixed-date holiday's observed day: a Saturday's on the Friday before, a Sunday's on the Monday after. */
function observed(dayMs: number): number {
  const weekday = new Date(dayMs).getUTCDay();
  return weekday === 6 ? dayMs - DAY_MS : weekday === 0 ? dayMs + DAY_MS : dayMs;
}

/**
 * NYSE holidays of `year` by rule. New Year's Day on a Saturday closes nothing: the exchange stays open on the Friday
 * before, the last trading day of the year (NYSE Rule 7.2). Martin Luther King Jr. Day is a market holiday from 1998,
 * Juneteenth from 2022.
 */
export function nyseHolidays(year: number): Holiday[] {
  const newYear = Date.UTC(year, 0, 1);
  const out: Holiday[] = [];
  if (new Date(newYear).getUTCDay() !== 6) out.push({ name: "New Year's Day", dayMs: observed(newYear) });
  if (year >= 1998) out.push({ name: 'Martin Luther King Jr. Day', dayMs: nthWeekday(year, 0, 1, 3) });
  out.push(
    { name: "Washington's Birthday", dayMs: nthWeekday(year, 1, 1, 3) },
    { name: 'Good Friday', dayMs: easter(year) - 2 * DAY_MS },
    { name: 'Memorial Day', dayMs: nthWeekday(year, 4, 1, -1) },
  );
  if (year >= 2022) out.push({ name: 'Juneteenth', dayMs: observed(Date.UTC(year, 5, 19)) });
  out.push(
    { name: 'Independence Day', dayMs: observed(Date.UTC(year, 6, 4)) },
    { name: 'Labor Day', dayMs: nthWeekday(year, 8, 1, 1) },
    { name: 'Thanksgiving Day', dayMs: nthWeekday(year, 10, 4, 4) },
    { name: 'Christmas Day', dayMs: observed(Date.UTC(year, 11, 25)) },
  );
  return out;
}

/** Every weekday of `year` the NYSE is closed, by date: its holidays by rule and the one-off closures. */
export function nyseClosures(year: number): Holiday[] {
  const oneOffs = ONE_OFF_CLOSURES.filter((c) => c.date.startsWith(`${year}-`)).map((c) => ({
    name: c.name,
    dayMs: parseDay(c.date)!,
  }));
  return [...nyseHolidays(year), ...oneOffs].sort((a, b) => a.dayMs - b.dayMs);
}

/**
 * Federal holidays observed in `year` (5 U.S.C. 6103), Juneteenth from 2021. New Year's Day on a Saturday is observed
 * on Friday, December 31 of the year before, so it is listed under that year.
 */
export function federalHolidays(year: number): Holiday[] {
  const out: Holiday[] = [];
  const newYear = observed(Date.UTC(year, 0, 1));
  if (new Date(newYear).getUTCFullYear() === year) out.push({ name: "New Year's Day", dayMs: newYear });
  out.push(
    { name: 'Martin Luther King Jr. Day', dayMs: nthWeekday(year, 0, 1, 3) },
    { name: "Washington's Birthday", dayMs: nthWeekday(year, 1, 1, 3) },
    { name: 'Memorial Day', dayMs: nthWeekday(year, 4, 1, -1) },
  );
  if (year >= 2021) out.push({ name: 'Juneteenth', dayMs: observed(Date.UTC(year, 5, 19)) });
  out.push(
    { name: 'Independence Day', dayMs: observed(Date.UTC(year, 6, 4)) },
    { name: 'Labor Day', dayMs: nthWeekday(year, 8, 1, 1) },
    { name: 'Columbus Day', dayMs: nthWeekday(year, 9, 1, 2) },
    { name: 'Veterans Day', dayMs: observed(Date.UTC(year, 10, 11)) },
    { name: 'Thanksgiving Day', dayMs: nthWeekday(year, 10, 4, 4) },
    { name: 'Christmas Day', dayMs: observed(Date.UTC(year, 11, 25)) },
  );
  const nextNewYear = observed(Date.UTC(year + 1, 0, 1));
  if (new Date(nextNewYear).getUTCFullYear() === year) out.push({ name: "New Year's Day", dayMs: nextNewYear });
  return out;
}

const cache = new Map<string, Set<number>>();
function holidaySet(kind: 'nyse' | 'federal', year: number): Set<number> {
  const key = `${kind}${year}`;
  let set = cache.get(key);
  if (!set)
    cache.set(key, (set = new Set((kind === 'nyse' ? nyseClosures(year) : federalHolidays(year)).map((h) => h.dayMs))));
  return set;
}

/** Whether the US stock market trades on the calendar day `dayMs` (a UTC midnight): a weekday the NYSE is not closed. */
export function isTradingDay(dayMs: number): boolean {
  const weekday = new Date(dayMs).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidaySet('nyse', new Date(dayMs).getUTCFullYear()).has(dayMs);
}

/** Whether a US agency may publish a scheduled release that day: a trading day that is not a federal holiday either. */
export function isReleaseDay(dayMs: number): boolean {
  return isTradingDay(dayMs) && !holidaySet('federal', new Date(dayMs).getUTCFullYear()).has(dayMs);
}
