// Trailing twelve months of a metric, ending with a given fiscal quarter: a flow sums its four quarters, an average
// takes their mean, a per-share figure sums the four reported ones, a balance is the one at the quarter's end. When
// the four quarters are a fiscal year, the year's own reported figure is used. Missing any quarter, there is none.
import type { CompanyFinancials } from './company-financials.js';
import { METRICS, type MetricKey } from './metrics.js';
import { type PeriodFigure, periodKey } from './periods.js';
import { computedFigure, type Figure } from './reported.js';

export interface QuarterRef {
  year: number;
  quarter: 1 | 2 | 3 | 4;
}

/** The quarter `n` quarters before `at`. */
export function quarterBefore(at: QuarterRef, n: number): QuarterRef {
  const index = at.year * 4 + (at.quarter - 1) - n;
  return { year: Math.floor(index / 4), quarter: ((index % 4) + 1) as QuarterRef['quarter'] };
}

export function ttmFigure(fin: CompanyFinancials, metric: MetricKey, at: QuarterRef): Figure | null {
  const figures = fin.metrics[metric];
  const kind = METRICS[metric].kind;
  const latest = figures.get(periodKey(at.year, at.quarter));
  if (kind === 'balance')
    return latest ? computedFigure([latest], latest.value, 'ttm = balance at the latest quarter end') : null;
  const year = at.quarter === 4 ? figures.get(periodKey(at.year, 0)) : undefined;
  if (year) return computedFigure([year], year.value, `ttm = fiscal year ${at.year}`);
  const quarters = [0, 1, 2, 3].map((n) => quarterBefore(at, n)).map((q) => figures.get(periodKey(q.year, q.quarter)));
  if (quarters.some((q) => q === undefined)) return null;
  const parts = quarters as PeriodFigure[];
  const sum = parts.reduce((s, f) => s + f.value, 0);
  if (kind === 'average') return computedFigure(parts, sum / 4, 'ttm = mean of 4 quarters');
  // Per-share figures to four decimals, as they are reported and derived: a sum of cents is not 5.569999999999999.
  return computedFigure(
    parts,
    kind === 'per-share' ? Math.round(sum * 10_000) / 10_000 : sum,
    'ttm = sum of 4 quarters',
  );
}
