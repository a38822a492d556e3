// SEC EDGAR resources: a company's XBRL financials by period, its fundamentals, its filings, insider trades; and the
// queries of them. Every number says where it came from (XBRL tags, accession numbers) and how it was derived.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Page, StringEnum } from './common.js';

const Text = (description?: string) => Nullable(Type.String(description ? { description } : {}));
const Day = (description?: string) => Type.String({ format: 'date', ...(description ? { description } : {}) });
const Ref = Type.Object({
  type: Type.String(),
  key: Type.String(),
  label: Type.String(),
  path: Nullable(Type.String()),
});

export const FinancialsParams = Type.Object({
  company: Type.String({ minLength: 1, maxLength: 120, description: 'slug or ticker, any case' }),
});

export const FinancialsQuery = Type.Object({
  quarters: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 40, default: 12, description: 'fiscal quarters, newest first' }),
  ),
  years: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 20, default: 5, description: 'fiscal years, newest first' }),
  ),
  metrics: Type.Optional(
    Type.String({
      maxLength: 500,
      description: 'comma-separated metric keys (revenue, net_income, eps_diluted...); default all',
    }),
  ),
});
export type FinancialsQuery = Static<typeof FinancialsQuery>;

const PeriodColumn = Type.Object({
  period: Type.String({ description: 'Q4 FY2025, FY2025' }),
  fiscalYear: Type.Integer(),
  quarter: Nullable(Type.Integer({ minimum: 1, maximum: 4 })),
  start: Nullable(Day()),
  end: Day(),
});

const Cell = Type.Object({
  value: Type.Number(),
  yoyPct: Nullable(Type.Number({ description: 'change on the same period a year before, in percent' })),
  period: Type.String(),
  end: Day(),
  concepts: Type.Array(Type.String(), { description: 'the XBRL tags it was read from' }),
  accessions: Type.Array(Type.String(), { description: 'the filings it was read from' }),
  restated: Type.Boolean({ description: 'a later filing changed the value first reported; the latest filed wins' }),
  derivation: Text(
    'how it was derived (q4 = fy - 9m, ttm = sum of 4 quarters, fcf = ocf - capex); null when reported as is',
  ),
});

const MetricRow = Type.Object({
  metric: Type.String(),
  label: Type.String(),
  unit: Type.String({ description: 'USD, USD/shares or shares' }),
  kind: Type.String({ description: 'flow, balance, per-share or average' }),
  quarters: Type.Array(Nullable(Cell), { description: 'one per column of `quarters`, null where there is no figure' }),
  years: Type.Array(Nullable(Cell), { description: 'one per column of `years`' }),
  ttm: Nullable(Cell),
});

export const Financials = Type.Object({
  company: Ref,
  cik: Type.String(),
  entityName: Type.String({ description: 'the name the facts were filed under' }),
  sourceUrl: Type.String({
    description: "the company's XBRL facts on EDGAR (on the demo, the demo's own EDGAR under .example)",
  }),
  quarters: Type.Array(PeriodColumn),
  years: Type.Array(PeriodColumn),
  metrics: Type.Array(MetricRow),
});
export type Financials = Static<typeof Financials>;

const FundamentalInput = Type.Object({
  name: Type.String(),
  period: Type.String({ description: 'TTM to Q1 FY2026, Q1 FY2026, or the price label' }),
  end: Nullable(Type.String()),
  value: Type.Number(),
  accessions: Type.Array(Type.String()),
  derivation: Text(),
});
const FundamentalValue = Type.Object({
  value: Nullable(Type.Number()),
  derivation: Type.String({ description: 'how it is computed from its inputs, or why there is none' }),
  inputs: Type.Array(FundamentalInput),
});
const Group = (labels: Record<string, string>) =>
  Type.Object(Object.fromEntries(Object.keys(labels).map((k) => [k, FundamentalValue])));

/** The fundamentals by group, each field with the name a reader knows it by (and its group's): the schema's keys. */
export const FUNDAMENTAL_LABELS = {
  ttm: {
    revenue: 'Revenue',
    grossProfit: 'Gross profit',
    operatingIncome: 'Operating income',
    netIncome: 'Net income',
    operatingCashFlow: 'Operating cash flow',
    freeCashFlow: 'Free cash flow',
    ebitda: 'EBITDA',
  },
  margins: {
    grossPct: 'Gross margin',
    operatingPct: 'Operating margin',
    netPct: 'Net margin',
    fcfPct: 'Free-cash-flow margin',
  },
  growth: {
    revenueTtmPct: 'Revenue (TTM)',
    netIncomeTtmPct: 'Net income (TTM)',
    revenueQuarterPct: 'Revenue (quarter)',
  },
  balanceSheet: {
    cash: 'Cash',
    totalDebt: 'Total debt',
    netDebt: 'Net debt',
    totalAssets: 'Total assets',
    totalLiabilities: 'Total liabilities',
    equity: "Shareholders' equity",
    sharesOutstanding: 'Shares outstanding',
  },
  returns: { roePct: 'Return on equity' },
  valuation: {
    marketCap: 'Market capitalisation',
    enterpriseValue: 'Enterprise value',
    pe: 'Price / earnings',
    ps: 'Price / sales',
    pb: 'Price / book',
    evToEbitda: 'Enterprise value / EBITDA',
    fcfYieldPct: 'Free-cash-flow yield',
    dividendYieldPct: 'Dividend yield',
    buybackYieldPct: 'Buyback yield',
  },
} as const;
export const FUNDAMENTAL_GROUP_LABELS: Record<keyof typeof FUNDAMENTAL_LABELS, string> = {
  ttm: 'Trailing twelve months',
  margins: 'Margins',
  growth: 'Growth on a year before',
  balanceSheet: 'Balance sheet',
  returns: 'Returns',
  valuation: 'Valuation',
};

export const Fundamentals = Type.Object({
  company: Ref,
  cik: Type.String(),
  entityName: Type.String(),
  asOfQuarter: Nullable(Type.Object({ period: Type.String(), end: Day() })),
  price: Nullable(
    Type.Object(
      {
        value: Type.Number(),
        label: Type.String({
          description: 'how the price must be labelled: <SYMBOL> · 24/7 (venues), or the official source it is from',
        }),
        asOf: Type.String(),
      },
      {
        description:
          'the price the valuation ratios are computed at: the live pooled one, or the latest official close of an instrument no venue quotes',
      },
    ),
  ),
  ttm: Group(FUNDAMENTAL_LABELS.ttm),
  margins: Group(FUNDAMENTAL_LABELS.margins),
  growth: Group(FUNDAMENTAL_LABELS.growth),
  balanceSheet: Group(FUNDAMENTAL_LABELS.balanceSheet),
  returns: Group(FUNDAMENTAL_LABELS.returns),
  valuation: Group(FUNDAMENTAL_LABELS.valuation),
});
export type Fundamentals = Static<typeof Fundamentals>;

export const FilingsQuery = Type.Object({
  company: Type.String({ minLength: 1, maxLength: 80, description: 'slug or ticker, any case' }),
  form: Type.Optional(
    Type.String({ maxLength: 500, description: 'comma-separated forms (8-K, 10-Q, 10-K, 4...), any case' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});
export type FilingsQuery = Static<typeof FilingsQuery>;

export const Filing = Type.Object({
  company: Ref,
  accession: Type.String({ description: "EDGAR's accession number" }),
  form: Type.String(),
  filingDate: Day(),
  reportDate: Nullable(Day('the period the filing reports on')),
  acceptedAt: Nullable(Type.String({ format: 'date-time' })),
  items: Type.Array(Type.String(), { description: '8-K items (2.02 = results of operations)' }),
  primaryDocument: Text(),
  description: Text(),
  size: Nullable(Type.Integer()),
  isXbrl: Type.Boolean(),
  sourceUrl: Type.String({
    description:
      "the filing on EDGAR: its primary document, or its index page (on the demo, the demo's own EDGAR under .example)",
  }),
  eventId: Nullable(Type.Integer({ description: "the service's story about it (/v1/events/{id})" })),
});
export type Filing = Static<typeof Filing>;

export const InsiderTradesQuery = Type.Object({
  company: Type.Optional(
    Type.String({ maxLength: 80, description: "slug or ticker of the issuer, any case; default every issuer's" }),
  ),
  sinceDays: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 3650, description: 'trades of the last this many days' }),
  ),
  code: Type.Optional(
    Type.String({ maxLength: 500, description: 'comma-separated Form 4 transaction codes (P, S, M, A, F, G...)' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});
export type InsiderTradesQuery = Static<typeof InsiderTradesQuery>;

const Owner = Type.Object({ cik: Type.String(), name: Type.String(), roles: Type.Array(Type.String()) });

export const InsiderTrade = Type.Object({
  company: Ref,
  issuer: Type.Object({ cik: Type.String(), name: Type.String(), ticker: Text() }),
  insider: Ref,
  role: Type.String({ description: "what the insider is to the issuer: director, officer's title, 10% owner" }),
  owners: Type.Array(Owner, { description: 'everyone who reported the trade jointly' }),
  date: Day(),
  code: Type.String({ description: 'Form 4 transaction code: P buy, S sale, M exercise, A award, F tax, G gift...' }),
  codeMeaning: Type.String(),
  table: StringEnum(['non-derivative', 'derivative']),
  securityTitle: Type.String(),
  shares: Nullable(Type.Number()),
  price: Nullable(Type.Number()),
  value: Nullable(Type.Number({ description: 'shares x price' })),
  acquiredDisposed: StringEnum(['A', 'D']),
  sharesOwnedAfter: Nullable(Type.Number()),
  directOrIndirect: StringEnum(['D', 'I']),
  natureOfOwnership: Text(),
  plan10b5One: Type.Boolean({ description: 'made under a Rule 10b5-1 trading plan' }),
  planEvidence: Nullable(
    StringEnum(['checkbox', 'footnote'], {
      description: "how that is known: the form's checkbox, else a footnote naming Rule 10b5-1",
    }),
  ),
  footnotes: Type.Array(Type.String()),
  form: Type.String(),
  accession: Type.String(),
  filingDate: Day(),
  amends: Text('the original form this trade replaces, when it comes from an amendment'),
  sourceUrl: Type.String({ description: "the filing on EDGAR (on the demo, the demo's own EDGAR under .example)" }),
});
export type InsiderTrade = Static<typeof InsiderTrade>;

const Side = Type.Object({
  count: Type.Integer(),
  shares: Type.Number(),
  value: Type.Number(),
  insiders: Type.Integer(),
});
export const OpenMarketSummary = Type.Object(
  { buys: Side, sells: Side, sinceDays: Nullable(Type.Integer()) },
  {
    description:
      'open-market purchases (P) and sales (S) only, over every trade the filter matches (not only this page)',
  },
);

export const InsiderTradesAnswer = Type.Object({
  data: Type.Array(InsiderTrade),
  page: Page,
  summary: OpenMarketSummary,
});
export type InsiderTradesAnswer = Static<typeof InsiderTradesAnswer>;
