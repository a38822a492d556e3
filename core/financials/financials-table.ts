// The table behind /v1/companies/{company}/financials: the requested metrics for the latest fiscal quarters and
// years, newest first, each cell with its growth on the same period a year before and where its number came from,
// and each metric's trailing twelve months ending with the latest quarter.
import { isoDay } from '../days.js';
import type { CompanyFinancials } from './company-financials.js';
import type { FiscalYear } from './fiscal-calendar.js';
import { METRIC_KEYS, METRICS, type MetricInfo, type MetricKey } from './metrics.js';
import { type PeriodQuarter, periodKey } from './periods.js';
import type { Figure } from './reported.js';
import { type QuarterRef, quarterBefore, ttmFigure } from './ttm.js';

export interface FinancialsQuery {
  quarters: number;
  years: number;
  metrics: readonly MetricKey[];
}

export interface PeriodColumn {
  /** Q4 FY2025, FY2025. */
  period: string;
  fiscalYear: number;
  quarter: 1 | 2 | 3 | 4 | null;
  start: string | null;
  end: string;
}

export interface FinancialsCell extends Figure {
  /** Change on the same period a year before, in percent; null without that figure or when it is zero. */
  yoyPct: number | null;
  period: string;
  end: string;
}

export interface MetricRow extends MetricInfo {
  metric: MetricKey;
  /** One per column of `quarters` and `years`, null where there is no figure. */
  quarters: (FinancialsCell | null)[];
  years: (FinancialsCell | null)[];
  ttm: FinancialsCell | null;
}

export interface FinancialsTable {
  cik: string;
  entityName: string;
  quarters: PeriodColumn[];
  years: PeriodColumn[];
  metrics: MetricRow[];
}

export function financialsTable(fin: CompanyFinancials, query: FinancialsQuery): FinancialsTable {
  const quarters = quarterColumns(fin).slice(0, query.quarters);
  const years = yearColumns(fin).slice(0, query.years);
  const latest = quarters[0];
  return {
    cik: fin.cik,
    entityName: fin.entityName,
    quarters,
    years,
    metrics: query.metrics.map((metric) => {
      const cell = (c: PeriodColumn) => periodCell(fin, metric, c.fiscalYear, c.quarter ?? 0, c.period);
      return {
        metric,
        ...METRICS[metric],
        quarters: quarters.map(cell),
        years: years.map(cell),
        ttm: latest ? ttmCell(fin, metric, { year: latest.fiscalYear, quarter: latest.quarter! }, latest) : null,
      };
    }),
  };
}

function hasAnyFigure(fin: CompanyFinancials, key: string): boolean {
  return METRIC_KEYS.some((m) => fin.metrics[m].has(key));
}

/** Every quarter with a known end and a figure of some metric, newest first. */
export function quarterColumns(fin: CompanyFinancials): PeriodColumn[] {
  const out: PeriodColumn[] = [];
  for (const year of [...fin.calendar.years].reverse()) {
    for (const quarter of [4, 3, 2, 1] as const) {
      const end = year.quarterEnds[quarter - 1];
      if (end === null || end === undefined || !hasAnyFigure(fin, periodKey(year.year, quarter))) continue;
      out.push({
        period: `Q${quarter} FY${year.year}`,
        fiscalYear: year.year,
        quarter,
        start: quarterStart(year, quarter),
        end: isoDay(end),
      });
    }
  }
  return out;
}

function quarterStart(year: FiscalYear, quarter: 1 | 2 | 3 | 4): string | null {
  const previousEnd = quarter === 1 ? year.start - 1 : year.quarterEnds[quarter - 2];
  return previousEnd === null || previousEnd === undefined ? null : isoDay(previousEnd + 1);
}

/** Every closed fiscal year with a figure of some metric, newest first. */
function yearColumns(fin: CompanyFinancials): PeriodColumn[] {
  return [...fin.calendar.years]
    .reverse()
    .filter((y) => y.end !== null && hasAnyFigure(fin, periodKey(y.year, 0)))
    .map((y) => ({
      period: `FY${y.year}`,
      fiscalYear: y.year,
      quarter: null,
      start: isoDay(y.start),
      end: isoDay(y.end!),
    }));
}

function periodCell(
  fin: CompanyFinancials,
  metric: MetricKey,
  year: number,
  quarter: PeriodQuarter,
  period: string,
): FinancialsCell | null {
  const figures = fin.metrics[metric];
  const figure = figures.get(periodKey(year, quarter));
  if (!figure) return null;
  const { value, concepts, accessions, restated, derivation } = figure;
  return {
    value,
    concepts,
    accessions,
    restated,
    derivation,
    yoyPct: growthPct(value, figures.get(periodKey(year - 1, quarter))?.value),
    period,
    end: isoDay(figure.end),
  };
}

function ttmCell(
  fin: CompanyFinancials,
  metric: MetricKey,
  at: QuarterRef,
  column: PeriodColumn,
): FinancialsCell | null {
  const figure = ttmFigure(fin, metric, at);
  if (!figure) return null;
  return {
    ...figure,
    yoyPct: growthPct(figure.value, ttmFigure(fin, metric, quarterBefore(at, 4))?.value),
    period: `TTM to ${column.period}`,
    end: column.end,
  };
}

/** Percent change from `before` to `now`, to two decimals; null when there is no base to compare with. */
export function growthPct(now: number, before: number | undefined): number | null {
  if (before === undefined || before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 10_000) / 100;
}
