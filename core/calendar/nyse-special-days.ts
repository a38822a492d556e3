// The NYSE's days outside its holiday rules, as data: closures ordered for one day (national days of mourning,
// September 11, Hurricane Sandy) and early closes, by rule where the exchange follows one and by date where it did once.
// Source: the NYSE's published holiday and early-close calendars and its history of closings. Unscheduled intraday
// events (halts, a late open for a moment of silence or a snowstorm) are not a calendar and are not listed.
import { DAY_MS } from '../time.js';

export interface SpecialDay {
  /** YYYY-MM-DD, the New York calendar date. */
  date: string;
  name: string;
}

/** Whole days the exchange closed by a decision of its own, from 1990. */
export const ONE_OFF_CLOSURES: readonly SpecialDay[] = [
  { date: '1994-04-27', name: 'National Day of Mourning for President Richard Nixon' },
  { date: '2001-09-11', name: 'September 11 attacks' },
  { date: '2001-09-12', name: 'September 11 attacks' },
  { date: '2001-09-13', name: 'September 11 attacks' },
  { date: '2001-09-14', name: 'September 11 attacks' },
  { date: '2004-06-11', name: 'National Day of Mourning for President Ronald Reagan' },
  { date: '2007-01-02', name: 'National Day of Mourning for President Gerald Ford' },
  { date: '2012-10-29', name: 'Hurricane Sandy' },
  { date: '2012-10-30', name: 'Hurricane Sandy' },
  { date: '2018-12-05', name: 'National Day of Mourning for President George H. W. Bush' },
  { date: '2025-01-09', name: 'National Day of Mourning for President Jimmy Carter' },
];

/** A close earlier than 16:00 New York, in hours and minutes of the New York clock. */
export interface EarlyClose {
  name: string;
  close: { hours: number; minutes: number };
}

export interface EarlyCloseRule extends EarlyClose {
  /** The years it held, both included. */
  from: number;
  to: number;
  /** Its day in `year` (a UTC midnight naming the date), or null when it has none that year. */
  day(year: number): number | null;
}

const ONE_PM = { hours: 13, minutes: 0 };
const TWO_PM = { hours: 14, minutes: 0 };
const LAST_YEAR = 9999;

/** `month` (0-11) `date` of `year` when it falls on one of `weekdays` (0 Sunday ... 6 Saturday), else null. */
const onWeekdays = (month: number, date: number, weekdays: number[]) => (year: number) => {
  const day = Date.UTC(year, month, date);
  return weekdays.includes(new Date(day).getUTCDay()) ? day : null;
};

/** The Friday after the fourth Thursday of November. */
function dayAfterThanksgiving(year: number): number {
  const first = Date.UTC(year, 10, 1);
  return first + (((4 - new Date(first).getUTCDay() + 7) % 7) + 22) * DAY_MS;
}

/**
 * Early closes by rule. Independence Day: until 2012 the day before when July 4 fell on a Tuesday, Wednesday or
 * Friday, and the Friday after when it fell on a Thursday; since 2013 the day before whenever July 4 falls Tuesday to
 * Friday (a Saturday July 4 makes July 3 the holiday itself). Christmas Eve on a Monday to Thursday (on a Friday it is
 * the holiday for a Saturday Christmas). The day after Thanksgiving, since 1992.
 */
export const EARLY_CLOSE_RULES: readonly EarlyCloseRule[] = [
  { name: 'Day before Independence Day', close: ONE_PM, from: 1995, to: 2012, day: onWeekdays(6, 3, [1, 2, 4]) },
  { name: 'Day after Independence Day', close: ONE_PM, from: 1996, to: 2012, day: onWeekdays(6, 5, [5]) },
  {
    name: 'Day before Independence Day',
    close: ONE_PM,
    from: 2013,
    to: LAST_YEAR,
    day: onWeekdays(6, 3, [1, 2, 3, 4]),
  },
  { name: 'Day after Thanksgiving', close: TWO_PM, from: 1992, to: 1992, day: dayAfterThanksgiving },
  { name: 'Day after Thanksgiving', close: ONE_PM, from: 1993, to: LAST_YEAR, day: dayAfterThanksgiving },
  { name: 'Christmas Eve', close: TWO_PM, from: 1990, to: 1992, day: onWeekdays(11, 24, [1, 2, 3, 4]) },
  { name: 'Christmas Eve', close: ONE_PM, from: 1993, to: LAST_YEAR, day: onWeekdays(11, 24, [1, 2, 3, 4]) },
];

/** Early closes the exchange called once. */
export const ONE_OFF_EARLY_CLOSES: readonly (SpecialDay & EarlyClose)[] = [
  { date: '1997-12-26', name: 'Day after Christmas', close: ONE_PM },
  { date: '2003-12-26', name: 'Day after Christmas', close: ONE_PM },
];
