// The numbers a macro series is shown by: its latest value, its change from the period before and from a year
// before, and the headline number its display mode puts first (CPI by its year-on-year change, payrolls by the
// month's change, the unemployment rate as it is).
//
// Periods follow the series' frequency: a monthly series compares with the month before and the same month a year
// before, a weekly one with 7 and 364 days before, a quarterly one with the quarter before and four quarters before.
// A missing value is never bridged: when the period compared with has no value (FRED's "."), the change is null, as
// the publisher's own is. A daily series compares with the last day that has a value (markets close on weekends and
// holidays), and a year before with the last value at most a week before that day.
import { DAY_MS } from '../time.js';
import type { MacroDisplayMode, MacroFrequency } from '../vocabulary.js';

/** One observation: the first day of its period (epoch ms), and its value (null: missing). */
export interface ObservationPoint {
  date: number;
  value: number | null;
}

export interface DatedValue {
  date: number;
  value: number;
}

export interface MacroNumbers {
  /** The latest observation with a value. */
  latest: DatedValue | null;
  /** The observation one period before the latest, when it has a value. */
  previous: DatedValue | null;
  /** The observation a year before the latest, when it has a value. */
  yearAgo: DatedValue | null;
  /** latest - previous, in the series' units (percentage points for a rate). */
  change: number | null;
  /** Percent change from the previous period; null from a base that is not positive, and for a series in percent. */
  changePct: number | null;
  /** latest - yearAgo, in the series' units. */
  yoyChange: number | null;
  /** Percent change from a year before; null likewise. */
  yoyPct: number | null;
  /** The number the display mode shows first: the latest value (level, rate), change, changePct or yoyPct. */
  headline: number | null;
}

/** How far back one period and one year are, per frequency: calendar months, or days. */
const STEPS: Record<
  Exclude<MacroFrequency, 'daily'>,
  { months: number; days: number; yearMonths: number; yearDays: number }
> = {
  weekly: { months: 0, days: 7, yearMonths: 0, yearDays: 364 },
  biweekly: { months: 0, days: 14, yearMonths: 0, yearDays: 364 },
  monthly: { months: 1, days: 0, yearMonths: 12, yearDays: 0 },
  quarterly: { months: 3, days: 0, yearMonths: 12, yearDays: 0 },
  semiannual: { months: 6, days: 0, yearMonths: 12, yearDays: 0 },
  annual: { months: 12, days: 0, yearMonths: 12, yearDays: 0 },
};

/** How far before a daily series' year-ago day its value may be (a weekend or a holiday, at most a week). */
const DAILY_YEAR_AGO_SLACK = 7 * DAY_MS;

/**
 * The numbers of `points` (oldest first) for a series of `frequency` shown by `mode`. A series in percent (a rate: a
 * yield, unemployment) changes by percentage points, its `change` and `yoyChange`: a relative change of a rate (3.8% to
 * 4.3% as "+13%") reads as a move it is not, so it has none.
 */
export function macroNumbers(
  points: readonly ObservationPoint[],
  frequency: MacroFrequency,
  mode: MacroDisplayMode,
  inPercent = mode === 'rate',
): MacroNumbers {
  let k = points.length - 1;
  while (k >= 0 && points[k]!.value === null) k--;
  const latest = k >= 0 ? dated(points[k]!) : null;
  let previous: DatedValue | null = null;
  let yearAgo: DatedValue | null = null;
  if (latest && frequency === 'daily') {
    let p = k - 1;
    while (p >= 0 && points[p]!.value === null) p--;
    previous = p >= 0 ? dated(points[p]!) : null;
    const target = shiftMonths(latest.date, -12);
    let y = lastAtOrBefore(points, target);
    while (y >= 0 && points[y]!.value === null) y--;
    yearAgo = y >= 0 && points[y]!.date >= target - DAILY_YEAR_AGO_SLACK ? dated(points[y]!) : null;
  } else if (latest) {
    const step = STEPS[frequency as Exclude<MacroFrequency, 'daily'>];
    previous = valueOn(points, shiftMonths(latest.date, -step.months) - step.days * DAY_MS);
    yearAgo = valueOn(points, shiftMonths(latest.date, -step.yearMonths) - step.yearDays * DAY_MS);
  }
  const change = latest && previous ? clean(latest.value - previous.value) : null;
  const changePct = latest && previous && !inPercent ? percent(latest.value, previous.value) : null;
  const yoyChange = latest && yearAgo ? clean(latest.value - yearAgo.value) : null;
  const yoyPct = latest && yearAgo && !inPercent ? percent(latest.value, yearAgo.value) : null;
  const headline = {
    level: latest?.value ?? null,
    rate: latest?.value ?? null,
    change,
    pct_change_mom: changePct,
    pct_change_yoy: yoyPct,
  }[mode];
  return { latest, previous, yearAgo, change, changePct, yoyChange, yoyPct, headline };
}

/** Whether a series is in percent: shown as a rate, or in FRED's units "Percent", "Percent Change ...", "Percent of GDP". */
export function inPercent(series: { units: string | null; displayMode: MacroDisplayMode }): boolean {
  return series.displayMode === 'rate' || /^percent/i.test(series.units ?? '');
}

/** The point dated exactly `date`, when it has a value. */
function valueOn(points: readonly ObservationPoint[], date: number): DatedValue | null {
  const k = lastAtOrBefore(points, date);
  const point = points[k];
  return point && point.date === date && point.value !== null ? dated(point) : null;
}

/** A point known to have a value, as a new object (the input may be a whole observation record). */
function dated(point: ObservationPoint): DatedValue {
  return { date: point.date, value: point.value! };
}

/** Index of the last point dated at or before `date` (-1 when none is). */
function lastAtOrBefore(points: readonly ObservationPoint[], date: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (points[mid]!.date <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The same day of the month `months` later (earlier when negative), clamped to the month's last day. */
function shiftMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay));
}

function percent(value: number, base: number): number | null {
  return base > 0 ? clean((value / base - 1) * 100) : null;
}

/** A derived number without the float noise of its arithmetic (4.6 - 4.4 is 0.2, not 0.19999999999999973). */
function clean(x: number): number {
  return Number(x.toPrecision(12));
}
