// A demo company's companyfacts JSON, built as EDGAR builds it from the XBRL of each 10-Q and 10-K: a 10-Q tags the
// quarter and the year to date for the income statement, the year to date alone for cash flows, and the same periods
// a year earlier as comparatives; a 10-K tags three fiscal years of flows; both tag the balance sheet at the period's
// end and at the last year end, and the cover page's share count. Each fact carries its filing's fiscal year and
// period focus, and EDGAR's calendar frame (CY2025Q1, CY2025, CY2025Q1I) goes to the latest filed fact of a period
// that fits one. The filer that restates moves part of its cash at the last year end into short-term investments in
// its latest first-quarter 10-Q (a balance, so no quarter derived by subtraction mixes the two versions), and every
// filing after it carries the restated figure.

import { DAY_MS } from '../../time.js';
import { hash32 } from '../history.js';
import { isoDate } from './clock.js';
import type { DemoFiler } from './filers.js';
import type { DemoFiling } from './filings.js';
import { cents, type DemoQuarter, type QuarterBalances, type QuarterFlows } from './quarters.js';

interface Fact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy: number;
  fp: string;
  form: string;
  filed: string;
  frame?: string;
}

type Flow = keyof QuarterFlows;
type Unit = 'USD' | 'USD/shares' | 'shares';
interface Concept {
  tag: string;
  label: string;
  unit: Unit;
  /** A cash-flow line: tagged for the year to date only. */
  cashFlow?: boolean;
  value: (span: Span) => number;
}

/** The flows of the quarters a duration covers, and its EPS. */
interface Span {
  flows: QuarterFlows[];
  epsDiluted: number;
  epsBasic: number;
}

const LABELS: Record<string, string> = {
  Revenues: 'Revenues',
  RevenueFromContractWithCustomerExcludingAssessedTax: 'Revenue from Contract with Customer, Excluding Assessed Tax',
};

const sum = (span: Span, key: Flow) => span.flows.reduce((a, f) => a + f[key], 0);
const average = (span: Span, key: Flow) => Math.round(sum(span, key) / span.flows.length / 1e3) * 1e3;

/** The duration concepts `filer` tags. */
function durationConcepts(filer: DemoFiler): Concept[] {
  const { shape } = filer;
  const flow = (tag: string, label: string, key: Flow, cashFlow = false): Concept => ({
    tag,
    label,
    unit: 'USD',
    cashFlow,
    value: (s) => sum(s, key),
  });
  return [
    flow(shape.revenueTag, LABELS[shape.revenueTag]!, 'revenue'),
    ...(shape.bank
      ? []
      : [
          flow('CostOfGoodsAndServicesSold', 'Cost of Goods and Services Sold', 'costOfRevenue'),
          flow('GrossProfit', 'Gross Profit', 'grossProfit'),
          flow('ResearchAndDevelopmentExpense', 'Research and Development Expense', 'rnd'),
          flow('SellingGeneralAndAdministrativeExpense', 'Selling, General and Administrative Expense', 'sga'),
          flow('OperatingIncomeLoss', 'Operating Income (Loss)', 'operatingIncome'),
        ]),
    flow('NetIncomeLoss', 'Net Income (Loss) Attributable to Parent', 'netIncome'),
    { tag: 'EarningsPerShareBasic', label: 'Earnings Per Share, Basic', unit: 'USD/shares', value: (s) => s.epsBasic },
    {
      tag: 'EarningsPerShareDiluted',
      label: 'Earnings Per Share, Diluted',
      unit: 'USD/shares',
      value: (s) => s.epsDiluted,
    },
    {
      tag: 'WeightedAverageNumberOfSharesOutstandingBasic',
      label: 'Weighted Average Number of Shares Outstanding, Basic',
      unit: 'shares',
      value: (s) => average(s, 'basicShares'),
    },
    {
      tag: 'WeightedAverageNumberOfDilutedSharesOutstanding',
      label: 'Weighted Average Number of Shares Outstanding, Diluted',
      unit: 'shares',
      value: (s) => average(s, 'dilutedShares'),
    },
    flow(
      'NetCashProvidedByUsedInOperatingActivities',
      'Net Cash Provided by (Used in) Operating Activities',
      'operatingCashFlow',
      true,
    ),
    ...(shape.bank
      ? []
      : [
          flow(
            'DepreciationDepletionAndAmortization',
            'Depreciation, Depletion and Amortization',
            'depreciationAmortization',
            true,
          ),
          flow(
            'PaymentsToAcquirePropertyPlantAndEquipment',
            'Payments to Acquire Property, Plant, and Equipment',
            'capex',
            true,
          ),
        ]),
    ...(shape.payout > 0 ? [flow('PaymentsOfDividends', 'Payments of Dividends', 'dividends', true)] : []),
    ...(shape.buybackRatio > 0
      ? [flow('PaymentsForRepurchaseOfCommonStock', 'Payments for Repurchase of Common Stock', 'buybacks', true)]
      : []),
  ];
}

const BALANCES: { tag: string; label: string; unit: Unit; key: keyof QuarterBalances | 'total' }[] = [
  {
    tag: 'CashAndCashEquivalentsAtCarryingValue',
    label: 'Cash and Cash Equivalents, at Carrying Value',
    unit: 'USD',
    key: 'cash',
  },
  { tag: 'Assets', label: 'Assets', unit: 'USD', key: 'assets' },
  { tag: 'Liabilities', label: 'Liabilities', unit: 'USD', key: 'liabilities' },
  { tag: 'StockholdersEquity', label: "Stockholders' Equity Attributable to Parent", unit: 'USD', key: 'equity' },
  { tag: 'LiabilitiesAndStockholdersEquity', label: 'Liabilities and Equity', unit: 'USD', key: 'total' },
  {
    tag: 'LongTermDebtNoncurrent',
    label: 'Long-Term Debt, Excluding Current Maturities',
    unit: 'USD',
    key: 'longTermDebt',
  },
  {
    tag: 'CommonStockSharesOutstanding',
    label: 'Common Stock, Shares, Outstanding',
    unit: 'shares',
    key: 'sharesOutstanding',
  },
];

/** The reclassification the restating filer makes: the year end it restates, by how much, from which filing on. */
export interface Restatement {
  quarter: DemoQuarter;
  cashBefore: number;
  cashAfter: number;
  from: DemoFiling;
}

export function restatementOf(
  filer: DemoFiler,
  quarters: readonly DemoQuarter[],
  filings: readonly DemoFiling[],
): Restatement | null {
  if (!filer.restates) return null;
  const from = filings.filter((f) => f.quarter?.quarter === 1).at(-1);
  const quarter = from && quarters.find((q) => q.fiscalYear === from.quarter!.fiscalYear - 1 && q.quarter === 4);
  if (!from || !quarter) return null;
  const cashBefore = quarter.balances.cash;
  return { quarter, cashBefore, cashAfter: cashBefore - Math.round((cashBefore * 0.04) / 1e3) * 1e3, from };
}

/** The quarter's balances as `filing` presents them: restated once the restating filing is out. */
function presented(q: DemoQuarter, filing: DemoFiling, r: Restatement | null): QuarterBalances {
  return r && r.quarter === q && filing.acceptedAt >= r.from.acceptedAt
    ? { ...q.balances, cash: r.cashAfter }
    : q.balances;
}

/** EDGAR's frame for a period: the calendar quarter or year whose end is nearest the period's end (instants: with an I). */
function frameOf(start: number | null, end: number): string | null {
  const after = new Date(end + DAY_MS);
  const before = Date.UTC(after.getUTCFullYear(), after.getUTCMonth() - (after.getUTCMonth() % 3), 0);
  const following = Date.UTC(new Date(before).getUTCFullYear(), new Date(before).getUTCMonth() + 4, 0);
  const q = new Date(end - before <= following - end ? before : following);
  const quarter = `CY${q.getUTCFullYear()}Q${(q.getUTCMonth() + 1) / 3}`;
  if (start === null) return `${quarter}I`;
  const days = (end - start) / DAY_MS + 1;
  if (days >= 80 && days <= 115) return quarter;
  if (days < 350 || days > 380) return null;
  const year = new Date(end).getUTCFullYear();
  return `CY${end - Date.UTC(year - 1, 11, 31) < Date.UTC(year, 11, 31) - end ? year - 1 : year}`;
}

/** A duration of fiscal year `fy`, quarters `from` to `to`; null when a quarter is missing. */
type SpanOf = (fy: number, from: number, to: number) => { start: number; end: number; span: Span } | null;

function spans(quarters: readonly DemoQuarter[]): SpanOf {
  const byKey = new Map(quarters.map((q) => [`${q.fiscalYear}:${q.quarter}`, q]));
  return (fy, from, to) => {
    const qs: DemoQuarter[] = [];
    for (let k = from; k <= to; k++) {
      const q = byKey.get(`${fy}:${k}`);
      if (!q) return null;
      qs.push(q);
    }
    const flows = qs.map((q) => q.flows);
    const one = qs.length === 1 ? qs[0]! : null;
    const ni = flows.reduce((a, f) => a + f.netIncome, 0);
    const per = (key: 'dilutedShares' | 'basicShares') =>
      cents(ni / (flows.reduce((a, f) => a + f[key], 0) / flows.length));
    return {
      start: qs[0]!.start,
      end: qs.at(-1)!.end,
      span: {
        flows,
        epsDiluted: one ? one.epsDiluted : per('dilutedShares'),
        epsBasic: one ? one.epsBasic : per('basicShares'),
      },
    };
  };
}

/** The durations a filing tags: [fiscal year, first quarter, last quarter], income statement and cash flow apart. */
function reportedSpans(q: DemoQuarter): { income: [number, number, number][]; cashFlow: [number, number, number][] } {
  const { fiscalYear: fy, quarter } = q;
  if (quarter === 4) {
    const years: [number, number, number][] = [
      [fy, 1, 4],
      [fy - 1, 1, 4],
      [fy - 2, 1, 4],
    ];
    return { income: years, cashFlow: years };
  }
  const ytd: [number, number, number][] = [
    [fy, 1, quarter],
    [fy - 1, 1, quarter],
  ];
  return { income: quarter === 1 ? ytd : [[fy, quarter, quarter], [fy - 1, quarter, quarter], ...ytd], cashFlow: ytd };
}

/** `filer`'s companyfacts document from its quarters and its filings (the 10-Qs and 10-Ks among them tag facts). */
export function demoCompanyFacts(
  filer: DemoFiler,
  quarters: readonly DemoQuarter[],
  filings: readonly DemoFiling[],
): object {
  const reports = filings.filter((f) => f.quarter !== null);
  const restatement = restatementOf(filer, quarters, reports);
  const spanOf = spans(quarters);
  const series = new Map<string, { taxonomy: string; label: string; unit: Unit; facts: Fact[] }>();
  const put = (taxonomy: string, tag: string, label: string, unit: Unit, fact: Fact) => {
    let s = series.get(`${taxonomy}:${tag}`);
    if (!s) series.set(`${taxonomy}:${tag}`, (s = { taxonomy, label, unit, facts: [] }));
    s.facts.push(fact);
  };
  const durations = durationConcepts(filer);
  const byKey = new Map(quarters.map((q) => [`${q.fiscalYear}:${q.quarter}`, q]));
  for (const filing of reports) {
    const q = filing.quarter!;
    const about = {
      accn: filing.accession,
      fy: q.fiscalYear,
      fp: q.quarter === 4 ? 'FY' : `Q${q.quarter}`,
      form: filing.form,
      filed: filing.filingDate,
    };
    const { income, cashFlow } = reportedSpans(q);
    for (const c of durations) {
      for (const [fy, from, to] of c.cashFlow ? cashFlow : income) {
        const s = spanOf(fy, from, to);
        if (s)
          put('us-gaap', c.tag, c.label, c.unit, {
            start: isoDate(s.start),
            end: isoDate(s.end),
            val: c.value(s.span),
            ...about,
          });
      }
    }
    const priorYearEnd = byKey.get(`${q.fiscalYear - 1}:4`);
    for (const at of priorYearEnd ? [q, priorYearEnd] : [q]) {
      for (const b of BALANCES) {
        const balances = presented(at, filing, restatement);
        const val = b.key === 'total' ? balances.assets : balances[b.key];
        put('us-gaap', b.tag, b.label, b.unit, { end: isoDate(at.end), val, ...about });
      }
    }
    // The cover page: shares outstanding a week or two before the filing.
    const coverDate = Date.parse(filing.filingDate) - (7 + (hash32(filing.accession) % 10)) * DAY_MS;
    const cover = Math.round((q.balances.sharesOutstanding * (1 - filer.shape.shrinkPerQuarter / 3)) / 1e3) * 1e3;
    put('dei', 'EntityCommonStockSharesOutstanding', 'Entity Common Stock, Shares Outstanding', 'shares', {
      end: isoDate(coverDate),
      val: cover,
      ...about,
    });
  }

  const facts: Record<string, Record<string, { label: string; description: string; units: Record<string, Fact[]> }>> = {
    dei: {},
    'us-gaap': {},
  };
  for (const [key, s] of series) {
    giveFrames(s.facts);
    s.facts.sort(
      (a, b) =>
        a.end.localeCompare(b.end) || (a.start ?? '').localeCompare(b.start ?? '') || a.filed.localeCompare(b.filed),
    );
    facts[s.taxonomy]![key.slice(s.taxonomy.length + 1)] = {
      label: s.label,
      description: `${s.label}, as the demo's filings tag it.`,
      units: { [s.unit]: s.facts },
    };
  }
  return { cik: Number(filer.cik), entityName: filer.legalName, facts };
}

/** Each period's frame on its latest filed fact. */
function giveFrames(facts: Fact[]): void {
  const latest = new Map<string, Fact>();
  for (const f of facts) {
    const key = `${f.start ?? ''}/${f.end}`;
    const seen = latest.get(key);
    if (!seen || f.filed >= seen.filed) latest.set(key, f);
  }
  for (const f of latest.values()) {
    const frame = frameOf(f.start ? Date.parse(f.start) : null, Date.parse(f.end));
    if (frame) f.frame = frame;
  }
}
