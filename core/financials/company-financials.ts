// Every metric of a company by fiscal period, from its companyfacts: built once per companyfacts document, then read
// by the /financials table and the fundamentals. Metrics read from tags resolve each period to the first tag that has
// it; the others are computed per period from figures of that same period, and say so: gross profit where the
// company tags none (revenue - cost of revenue), SG&A from its two parts where it tags them apart, free cash flow,
// total debt as the sum of the parts reported, a fourth quarter's weighted shares where a 10-K gives only the year's
// (the year's average is the mean of its quarters', so q4 = 4 x fy - q1 - q2 - q3), and EPS for a quarter the company
// gave none (net income / weighted shares of that quarter, never subtraction of per-share figures).
import { type CompanyFacts, NO_DAY } from '../sources/sec/companyfacts.js';
import { type FiscalCalendar, fiscalCalendar } from './fiscal-calendar.js';
import { type MetricKey, TAGS, type TagGroup } from './metrics.js';
import { durationFigures, instantFigures, type PeriodFigure, type PeriodFigures, periodKey } from './periods.js';
import { computedFigure, reportedPeriods } from './reported.js';

export interface CompanyFinancials {
  cik: string;
  entityName: string;
  calendar: FiscalCalendar;
  metrics: Record<MetricKey, PeriodFigures>;
  /** The latest count of shares outstanding (the cover page's, or the balance sheet's if later), for market value. */
  latestSharesOutstanding: { value: number; date: number; concept: string; accession: string } | null;
}

export function companyFinancials(cf: CompanyFacts): CompanyFinancials {
  const calendar = fiscalCalendar(cf);
  const tagged = (group: TagGroup, kind: 'flow' | 'balance' | 'reported'): PeriodFigures => {
    const { unit, tags } = TAGS[group];
    return byPriority(tags.map((tag) => tagFigures(cf, calendar, tag, unit, kind)));
  };
  const revenue = tagged('revenue', 'flow');
  const cost = tagged('cost_of_revenue', 'flow');
  const netIncome = tagged('net_income', 'flow');
  const dilutedShares = withFourthQuarters(tagged('diluted_shares', 'reported'));
  const ocf = tagged('operating_cash_flow', 'flow');
  const capex = tagged('capex', 'flow');
  const liabilitiesAndEquity = tagged('liabilities_and_equity', 'balance');
  const metrics: Record<MetricKey, PeriodFigures> = {
    revenue,
    cost_of_revenue: cost,
    gross_profit: byPriority([
      tagged('gross_profit', 'flow'),
      combine(revenue, cost, (r, c) => r - c, 'gross_profit = revenue - cost_of_revenue'),
    ]),
    rnd: tagged('rnd', 'flow'),
    sga: byPriority([
      tagged('sga', 'flow'),
      combine(
        tagged('selling_and_marketing', 'flow'),
        tagged('general_and_administrative', 'flow'),
        (s, g) => s + g,
        'sga = selling_and_marketing + general_and_administrative',
      ),
    ]),
    operating_income: tagged('operating_income', 'flow'),
    net_income: netIncome,
    eps_basic: byPriority([
      tagged('eps_basic', 'reported'),
      combine(
        netIncome,
        withFourthQuarters(tagged('basic_shares', 'reported')),
        perShare,
        'eps = net_income / basic_shares',
      ),
    ]),
    eps_diluted: byPriority([
      tagged('eps_diluted', 'reported'),
      combine(netIncome, dilutedShares, perShare, 'eps = net_income / diluted_shares'),
    ]),
    diluted_shares: dilutedShares,
    operating_cash_flow: ocf,
    capex,
    free_cash_flow: combine(ocf, capex, (o, c) => o - c, 'fcf = ocf - capex'),
    dividends_paid: tagged('dividends_paid', 'flow'),
    buybacks: tagged('buybacks', 'flow'),
    depreciation_amortization: tagged('depreciation_amortization', 'flow'),
    cash: tagged('cash', 'balance'),
    total_debt: byPriority([
      sumOfParts(
        (
          ['long_term_debt_noncurrent', 'long_term_debt_current', 'commercial_paper', 'short_term_borrowings'] as const
        ).map((g) => tagged(g, 'balance')),
        'total_debt',
      ),
      tagged('long_term_debt', 'balance'),
    ]),
    total_assets: tagged('total_assets', 'balance'),
    total_liabilities: byPriority([
      tagged('total_liabilities', 'balance'),
      combine(
        liabilitiesAndEquity,
        tagged('equity_with_minority', 'balance'),
        (l, e) => l - e,
        'total_liabilities = liabilities_and_equity - equity',
      ),
    ]),
    equity: tagged('equity', 'balance'),
    shares_outstanding: tagged('shares_outstanding', 'balance'),
  };
  return { cik: cf.cik, entityName: cf.entityName, calendar, metrics, latestSharesOutstanding: latestShares(cf) };
}

/** Earnings per share to four decimals: companies report cents, and a quotient's fifteen digits claim more than it knows. */
function perShare(earnings: number, shares: number): number {
  return Math.round((earnings / shares) * 10_000) / 10_000;
}

/** The figures of one tag in its metric's unit: flows with derived quarters, balances at quarter ends, or reported periods only. */
function tagFigures(
  cf: CompanyFacts,
  calendar: FiscalCalendar,
  tag: string,
  unit: string,
  kind: 'flow' | 'balance' | 'reported',
): PeriodFigures {
  const [taxonomy, concept] = tag.split(':') as [string, string];
  const series = cf.series.find((s) => s.taxonomy === taxonomy && s.concept === concept && s.unit === unit);
  if (!series) return new Map();
  const reported = reportedPeriods(cf, series);
  return kind === 'balance' ? instantFigures(reported, calendar) : durationFigures(reported, calendar, kind === 'flow');
}

/** Per period, the figure of the first source that has one. */
function byPriority(sources: PeriodFigures[]): PeriodFigures {
  const out: PeriodFigures = new Map();
  for (const source of sources) for (const [key, figure] of source) if (!out.has(key)) out.set(key, figure);
  return out;
}

/** Per period where both `a` and `b` have a figure, `compute` of their values. */
function combine(
  a: PeriodFigures,
  b: PeriodFigures,
  compute: (x: number, y: number) => number,
  derivation: string,
): PeriodFigures {
  const out: PeriodFigures = new Map();
  for (const [key, x] of a) {
    const y = b.get(key);
    const value = y && compute(x.value, y.value);
    if (y && Number.isFinite(value)) out.set(key, { ...x, ...computedFigure([x, y], value!, derivation) });
  }
  return out;
}

/**
 * A weighted average with the fourth quarters a company reports only within its year: 4 x fy - q1 - q2 - q3 where the
 * year and its first three quarters are there, and it is positive.
 */
function withFourthQuarters(figures: PeriodFigures): PeriodFigures {
  const out: PeriodFigures = new Map(figures);
  for (const fy of figures.values()) {
    if (fy.quarter !== 0 || figures.has(periodKey(fy.year, 4))) continue;
    const quarters = ([1, 2, 3] as const).map((q) => figures.get(periodKey(fy.year, q)));
    if (quarters.some((q) => q === undefined)) continue;
    const [q1, q2, q3] = quarters as PeriodFigure[];
    const value = 4 * fy.value - q1!.value - q2!.value - q3!.value;
    if (!(value > 0)) continue;
    const derived = computedFigure([fy, q1!, q2!, q3!], value, 'q4 = 4 x fy - q1 - q2 - q3 (weighted averages)');
    out.set(periodKey(fy.year, 4), { ...derived, year: fy.year, quarter: 4, start: q3!.end + 1, end: fy.end });
  }
  return out;
}

/** Per period, the sum of the parts reported for it, naming them. */
function sumOfParts(parts: PeriodFigures[], name: string): PeriodFigures {
  const out: PeriodFigures = new Map();
  const keys = new Set(parts.flatMap((p) => [...p.keys()]));
  for (const key of keys) {
    const present = parts.map((p) => p.get(key)).filter((f): f is PeriodFigure => f !== undefined);
    const head = present[0]!;
    const names = present.map((f) => f.concepts[0]!.replace(/^us-gaap:/, '')).join(' + ');
    out.set(key, {
      ...head,
      ...computedFigure(
        present,
        present.reduce((s, f) => s + f.value, 0),
        `${name} = ${names}`,
      ),
    });
  }
  return out;
}

function latestShares(cf: CompanyFacts): CompanyFinancials['latestSharesOutstanding'] {
  let best: (NonNullable<CompanyFinancials['latestSharesOutstanding']> & { filed: number }) | null = null;
  for (const s of cf.series) {
    const tag = `${s.taxonomy}:${s.concept}`;
    if (
      s.unit !== 'shares' ||
      (tag !== 'dei:EntityCommonStockSharesOutstanding' && tag !== 'us-gaap:CommonStockSharesOutstanding')
    )
      continue;
    for (let i = s.from; i < s.to; i++) {
      const date = cf.facts.end[i]!;
      if (
        cf.facts.start[i] !== NO_DAY ||
        (best && (date < best.date || (date === best.date && cf.facts.filed[i]! < best.filed)))
      )
        continue;
      best = {
        value: cf.facts.value[i]!,
        date,
        concept: tag,
        accession: cf.strings[cf.facts.accession[i]!]!,
        filed: cf.facts.filed[i]!,
      };
    }
  }
  return best && { value: best.value, date: best.date, concept: best.concept, accession: best.accession };
}
