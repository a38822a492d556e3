// When the demo's macro releases come out, by the real calendars' rules and on release days only: the CPI and the
// jobs report where the demo's story has them (schedule.ts), the Fed's daily rates the next business day, GDP's three
// estimates a month apart, and the Fed's weekly and monthly statistical releases. A series' vintages start on these
// days, and its release calendar lists them, so the two always agree.
import { newYorkTime } from '../../calendar/new-york-time.js';
import { isReleaseDay } from '../../calendar/us-holidays.js';
import { DAY_MS } from '../../time.js';
import { cpiRelease, payrollsRelease } from '../schedule.js';

/** The UTC midnight of the day of `ms`. */
export const dayOf = (ms: number) => ms - (ms % DAY_MS);

/** The first release day on or after `dayMs`. */
export function releaseDayFrom(dayMs: number): number {
  let d = dayOf(dayMs);
  while (!isReleaseDay(d)) d += DAY_MS;
  return d;
}

/** A month's first day; `month` may run past 11 or below 0 (Date.UTC carries it into the year). */
export const monthStart = (year: number, month: number) => Date.UTC(year, month, 1);
const ym = (periodMs: number) => [new Date(periodMs).getUTCFullYear(), new Date(periodMs).getUTCMonth()] as const;

/** Release times of a month's figures, by the month reported (`periodMs`, its first day). */
export const MONTHLY = {
  /** CPI: mid-month (the story draws its day; before the story, the 12th or the next release day). */
  cpi: (periodMs: number) => cpiRelease(ym(periodMs)[0], ym(periodMs)[1] + 1, 12),
  payrolls: (periodMs: number) => payrollsRelease(...nextMonth(periodMs)),
  /** Personal income and outlays (PCE prices): from the 27th of the month after. */
  pce: (periodMs: number) =>
    newYorkTime(releaseDayFrom(monthStart(ym(periodMs)[0], ym(periodMs)[1] + 1) + 26 * DAY_MS), 8, 30),
  /** Advance retail sales: from the 15th of the month after. */
  retail: (periodMs: number) =>
    newYorkTime(releaseDayFrom(monthStart(ym(periodMs)[0], ym(periodMs)[1] + 1) + 14 * DAY_MS), 8, 30),
  /** H.6 money stock: the fourth Tuesday of the month after (or the next release day). */
  money: (periodMs: number) => {
    const first = monthStart(ym(periodMs)[0], ym(periodMs)[1] + 1);
    const tuesday = first + ((2 - new Date(first).getUTCDay() + 7) % 7) * DAY_MS + 21 * DAY_MS;
    return newYorkTime(releaseDayFrom(tuesday), 13);
  },
  /** A monthly average of the H.15's daily rates: the first release day of the month after. */
  averageRate: (periodMs: number) =>
    newYorkTime(releaseDayFrom(monthStart(ym(periodMs)[0], ym(periodMs)[1] + 1)), 16, 15),
};

function nextMonth(periodMs: number): [number, number] {
  const d = new Date(monthStart(ym(periodMs)[0], ym(periodMs)[1] + 1));
  return [d.getUTCFullYear(), d.getUTCMonth()];
}

/** GDP of the quarter starting `periodMs`: the advance (0), second (1) and third (2) estimates, from the 27th of the months after. */
export function gdpRelease(periodMs: number, estimate: 0 | 1 | 2): number {
  const [y, m] = ym(periodMs);
  return newYorkTime(releaseDayFrom(monthStart(y, m + 3 + estimate) + 26 * DAY_MS), 8, 30);
}

/** A daily rate of `dayMs` on the H.15: the next release day, 16:15. */
export const dailyRateRelease = (dayMs: number) => newYorkTime(releaseDayFrom(dayMs + DAY_MS), 16, 15);

/** The trade-weighted dollar of `dayMs` on the H.10: the Monday after its week (or the next release day), 16:15. */
export function dollarRelease(dayMs: number): number {
  const monday = dayMs + ((1 - new Date(dayMs).getUTCDay() + 7) % 7 || 7) * DAY_MS;
  return newYorkTime(releaseDayFrom(monday), 16, 15);
}

/** The Fed's balance sheet as of a Wednesday `dayMs` on the H.4.1: the day after, 16:30. */
export const balanceSheetRelease = (dayMs: number) => newYorkTime(releaseDayFrom(dayMs + DAY_MS), 16, 30);

/** A market close of `dayMs` (no release of its own): known the next day. */
export const marketCloseKnown = (dayMs: number) => dayMs + DAY_MS;
