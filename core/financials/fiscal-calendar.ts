// A company's fiscal calendar, read from its own facts: each fiscal year's first and last day and its quarter ends,
// and the year's name as the company gives it. A fact's `fy` is the fiscal year of the filing that reported it (a
// prior-year comparative in this year's 10-K says this year), so a period is never named from its fact's `fy`: it is
// placed by its dates, and the name comes from the 10-K that reported that year as its own. Apple's year ends on the
// last Saturday of September (FY2025 = 2024-09-29..2025-09-27), NVIDIA's in late January (FY2025 ends 2025-01-26):
// both are named by the company's 10-K.
import { civilFromDay } from '../days.js';
import { type CompanyFacts, NO_DAY } from '../sources/sec/companyfacts.js';

export interface FiscalYear {
  /** The company's name for the year (2025 for Apple's year ending 2025-09-27). */
  year: number;
  start: number;
  /** Null for the year under way, which no annual report has closed yet. */
  end: number | null;
  /** The last day of each quarter where the facts show it (index 3 is the year's end). */
  quarterEnds: [number | null, number | null, number | null, number | null];
}

/** Where a duration sits in its fiscal year: a discrete quarter, a year-to-date span from the year's first day, or the year. */
export type Span = 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1' | 'M9' | 'FY';

export interface Placement {
  year: FiscalYear;
  span: Span;
}

// Lengths in days, wide enough for 52/53-week years and 12- or 16-week quarters (Costco's 12-12-12-16 weeks).
const QUARTER: [number, number] = [80, 115];
const HALF: [number, number] = [160, 200];
const NINE_MONTHS: [number, number] = [245, 290];
const YEAR: [number, number] = [350, 380];
const ANNUAL_FORMS = new Set(['10-K', '10-K/A', '10-KT', '10-KT/A', '20-F', '20-F/A', '40-F', '40-F/A']);

const within = (days: number, [lo, hi]: [number, number]) => days >= lo && days <= hi;

export function durationDays(start: number, end: number): number {
  return end - start + 1;
}

export function isQuarterLength(start: number, end: number): boolean {
  return within(durationDays(start, end), QUARTER);
}

export class FiscalCalendar {
  /** Oldest first. */
  readonly years: FiscalYear[];

  constructor(years: FiscalYear[]) {
    this.years = years;
  }

  /** The fiscal year a day falls in. */
  yearOf(day: number): FiscalYear | undefined {
    for (let k = this.years.length - 1; k >= 0; k--) {
      const y = this.years[k]!;
      if (day >= y.start) return y.end === null || day <= y.end ? y : undefined;
    }
    return undefined;
  }

  find(year: number): FiscalYear | undefined {
    return this.years.find((y) => y.year === year);
  }

  /** Where the duration start..end sits, or null: a span that starts inside a year is only ever a discrete quarter. */
  place(start: number, end: number): Placement | null {
    const year = this.yearOf(end);
    if (!year || start < year.start) return null;
    const days = durationDays(start, end);
    if (start === year.start) {
      if (within(days, QUARTER)) return { year, span: 'Q1' };
      if (within(days, HALF)) return { year, span: 'H1' };
      if (within(days, NINE_MONTHS)) return { year, span: 'M9' };
      if (within(days, YEAR) && (year.end === null || end === year.end)) return { year, span: 'FY' };
      return null;
    }
    if (!within(days, QUARTER)) return null;
    const q = quarterEnding(year, end);
    return q === null || q === 1 ? null : { year, span: `Q${q}` as Span };
  }

  /** The fiscal year and quarter that end on `day` (a balance-sheet date), or null when no quarter ends then. */
  quarterEndingOn(day: number): { year: FiscalYear; quarter: 1 | 2 | 3 | 4 } | null {
    const year = this.yearOf(day);
    const k = year ? year.quarterEnds.indexOf(day) : -1;
    return year && k !== -1 ? { year, quarter: (k + 1) as 1 | 2 | 3 | 4 } : null;
  }
}

/** The quarter (1-4) of `year` ending on `end`: by the quarter ends the facts show, else by the days elapsed. */
function quarterEnding(year: FiscalYear, end: number): number | null {
  const k = year.quarterEnds.indexOf(end);
  if (k !== -1) return k + 1;
  const q = Math.round(durationDays(year.start, end) / 91.3);
  return q >= 1 && q <= 4 && year.quarterEnds[q - 1] === null ? q : null;
}

/** The fiscal calendar `cf`'s facts describe. */
export function fiscalCalendar(cf: CompanyFacts): FiscalCalendar {
  const years = annualYears(cf);
  const last = years.at(-1);
  const latestEnd = cf.facts.end.reduce((m, e) => Math.max(m, e), -Infinity);
  if (last?.end != null && latestEnd > last.end)
    years.push({ year: last.year + 1, start: last.end + 1, end: null, quarterEnds: [null, null, null, null] });
  const calendar = new FiscalCalendar(years);
  fillQuarterEnds(cf, calendar);
  return calendar;
}

/**
 * The years annual reports closed, each with the start and name its own report gives, oldest first; before the first
 * of them, the years its comparatives cover.
 */
function annualYears(cf: CompanyFacts): FiscalYear[] {
  const { start, end, filed, fiscalYear, form, accession } = cf.facts;
  // Per annual report, the latest full-year period it covers (its own year: the others are comparatives).
  const reports = new Map<number, { start: number; end: number; filed: number; fy: number }>();
  const startByEnd = new Map<number, number>();
  for (let i = 0; i < end.length; i++) {
    if (
      start[i] === NO_DAY ||
      !ANNUAL_FORMS.has(cf.strings[form[i]!]!) ||
      !within(durationDays(start[i]!, end[i]!), YEAR)
    )
      continue;
    startByEnd.set(end[i]!, start[i]!);
    const r = reports.get(accession[i]!);
    if (!r || end[i]! > r.end)
      reports.set(accession[i]!, { start: start[i]!, end: end[i]!, filed: filed[i]!, fy: fiscalYear[i]! });
  }
  // Per year end, the first report that closed it names it.
  const byEnd = new Map<number, { start: number; end: number; filed: number; fy: number }>();
  for (const r of reports.values()) {
    const seen = byEnd.get(r.end);
    if (!seen || r.filed < seen.filed) byEnd.set(r.end, r);
  }
  const years: FiscalYear[] = [];
  for (const r of [...byEnd.values()].sort((a, b) => a.end - b.end)) {
    const calendarYear = civilFromDay(r.end).year;
    const prev = years.at(-1);
    // A report's own name is kept when it is the year the period ends in or the one before (retailers name a year
    // ending early February by the year it began); anything else is a tagging slip, and the next name in line is used.
    const named = r.fy === calendarYear || r.fy === calendarYear - 1 ? r.fy : null;
    const year = named ?? (prev ? prev.year + 1 : defaultName(r.end));
    if (prev && year <= prev.year) continue;
    years.push({
      year,
      start: prev && r.start <= prev.end! ? prev.end! + 1 : r.start,
      end: r.end,
      quarterEnds: [null, null, null, r.end],
    });
  }
  for (let first = years[0]; first && startByEnd.has(first.start - 1); first = years[0]) {
    const end = first.start - 1;
    years.unshift({ year: first.year - 1, start: startByEnd.get(end)!, end, quarterEnds: [null, null, null, end] });
  }
  return years;
}

/** The name of a fiscal year ending on `end` when no report names it: its calendar year, or the one before for a 52/53-week year ending in the first week of January. */
function defaultName(end: number): number {
  const { year, month, day } = civilFromDay(end);
  return month === 1 && day <= 7 ? year - 1 : year;
}

/** The first three quarter ends of each year, as its year-to-date facts show them: the most reported end of each span wins. */
function fillQuarterEnds(cf: CompanyFacts, calendar: FiscalCalendar): void {
  const { start, end } = cf.facts;
  const votes = new Map<FiscalYear, Map<number, number>[]>();
  for (let i = 0; i < end.length; i++) {
    if (start[i] === NO_DAY) continue;
    const placed = calendar.place(start[i]!, end[i]!);
    const k = placed ? ['Q1', 'H1', 'M9'].indexOf(placed.span) : -1;
    if (!placed || k === -1) continue;
    let perSpan = votes.get(placed.year);
    if (!perSpan) votes.set(placed.year, (perSpan = [new Map(), new Map(), new Map()]));
    perSpan[k]!.set(end[i]!, (perSpan[k]!.get(end[i]!) ?? 0) + 1);
  }
  for (const [year, perSpan] of votes) {
    perSpan.forEach((counts, k) => {
      let best: number | null = null;
      for (const [day, n] of counts) if (best === null || n > counts.get(best)!) best = day;
      if (best !== null && year.quarterEnds[k] === null) year.quarterEnds[k] = best;
    });
  }
}
