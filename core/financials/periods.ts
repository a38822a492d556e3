// The periods engine: one concept's reported figures placed in its company's fiscal quarters and years. Durations are
// put in buckets by where they start and how long they run (a quarter, or six months, nine months or a year from the
// fiscal year's first day); a quarter the company did not report on its own is derived by subtracting two
// year-to-date figures that start on the same day (Q2 = H1 - Q1, Q3 = 9M - H1, Q4 = FY - 9M), and never otherwise: a
// nine-month or full-year figure is never shown as a quarter, no span is subtracted from one that starts elsewhere,
// instants (balances) are never subtracted, and neither are per-share figures or averages. Balances are placed at
// the quarter ends the calendar knows.
import type { FiscalCalendar, FiscalYear, Span } from './fiscal-calendar.js';
import { isQuarterLength } from './fiscal-calendar.js';
import { computedFigure, type Figure, type ReportedPeriod } from './reported.js';

/** 1-4, or 0 for the full fiscal year. */
export type PeriodQuarter = 0 | 1 | 2 | 3 | 4;

export interface PeriodFigure extends Figure {
  year: number;
  quarter: PeriodQuarter;
  /** Null for a balance. */
  start: number | null;
  end: number;
}

/** Figures by `periodKey(year, quarter)`. */
export type PeriodFigures = Map<string, PeriodFigure>;

export function periodKey(year: number, quarter: PeriodQuarter): string {
  return `${year}:${quarter}`;
}

/** Quarters and years of a flow (`derive`: quarters may be derived from year-to-date figures) or of a per-share figure or average (reported only). */
export function durationFigures(reported: ReportedPeriod[], calendar: FiscalCalendar, derive: boolean): PeriodFigures {
  const spans = new Map<FiscalYear, Partial<Record<Span, ReportedPeriod>>>();
  for (const p of reported) {
    if (p.start === null) continue;
    const placed = calendar.place(p.start, p.end);
    if (!placed) continue;
    let slot = spans.get(placed.year);
    if (!slot) spans.set(placed.year, (slot = {}));
    slot[placed.span] ??= p;
  }
  const out: PeriodFigures = new Map();
  for (const [year, s] of spans) {
    const put = (quarter: PeriodQuarter, p: ReportedPeriod | null) => {
      if (p)
        out.set(periodKey(year.year, quarter), { ...p.figure, year: year.year, quarter, start: p.start, end: p.end });
    };
    put(1, s.Q1 ?? null);
    put(2, s.Q2 ?? (derive ? subtract(s.H1, s.Q1, 'q2 = h1 - q1') : null));
    put(3, s.Q3 ?? (derive ? subtract(s.M9, s.H1, 'q3 = 9m - h1') : null));
    put(4, s.Q4 ?? (derive ? subtract(s.FY, s.M9, 'q4 = fy - 9m') : null));
    put(0, s.FY ?? null);
  }
  return out;
}

/** The quarter `later - earlier`, when both run from the same first day and what is left is a quarter. */
function subtract(
  later: ReportedPeriod | undefined,
  earlier: ReportedPeriod | undefined,
  derivation: string,
): ReportedPeriod | null {
  if (
    !later ||
    !earlier ||
    later.start === null ||
    later.start !== earlier.start ||
    !isQuarterLength(earlier.end + 1, later.end)
  )
    return null;
  return {
    start: earlier.end + 1,
    end: later.end,
    figure: computedFigure([later.figure, earlier.figure], later.figure.value - earlier.figure.value, derivation),
  };
}

/** Balances at each quarter end (and at the year's end, which is its fourth quarter's). */
export function instantFigures(reported: ReportedPeriod[], calendar: FiscalCalendar): PeriodFigures {
  const out: PeriodFigures = new Map();
  for (const p of reported) {
    if (p.start !== null) continue;
    const at = calendar.quarterEndingOn(p.end);
    if (!at) continue;
    const figure = { ...p.figure, year: at.year.year, start: null, end: p.end };
    out.set(periodKey(at.year.year, at.quarter), { ...figure, quarter: at.quarter });
    if (at.quarter === 4) out.set(periodKey(at.year.year, 0), { ...figure, quarter: 0 });
  }
  return out;
}
