// The fundamentals behind /v1/companies/{company}/fundamentals: trailing-twelve-month results ending with the latest
// fiscal quarter, margins, growth, the latest balance sheet, return on equity and valuation ratios at a given price.
// Every value lists the inputs it was computed from with the period each one covers, and says how; a ratio over a
// base that is zero or negative (P/E of a loss) is not meaningful and is given as null with the reason.
import { isoDay } from '../days.js';
import type { CompanyFinancials } from './company-financials.js';
import { growthPct, quarterColumns } from './financials-table.js';
import type { MetricKey } from './metrics.js';
import { periodKey } from './periods.js';
import type { Figure } from './reported.js';
import { type QuarterRef, quarterBefore, ttmFigure } from './ttm.js';

/** The price valuation is computed at, with the label a consumer must show with it. */
export interface PriceInput {
  value: number;
  /** e.g. "AAPL · 24/7 (venues)". */
  label: string;
  /** When the price was taken (ISO 8601). */
  asOf: string;
}

export interface FundamentalInput {
  /** A metric key, or price, or shares_outstanding_latest. */
  name: string;
  /** TTM to Q1 FY2026, Q1 FY2026, the price's label... */
  period: string;
  end: string | null;
  value: number;
  accessions: string[];
  derivation: string | null;
}

export interface FundamentalValue {
  value: number | null;
  /** How the value is computed from its inputs, or why there is none. */
  derivation: string;
  inputs: FundamentalInput[];
}

export interface Fundamentals {
  cik: string;
  entityName: string;
  /** The latest fiscal quarter the figures run to. */
  asOfQuarter: { period: string; end: string } | null;
  price: PriceInput | null;
  ttm: Record<
    'revenue' | 'grossProfit' | 'operatingIncome' | 'netIncome' | 'operatingCashFlow' | 'freeCashFlow' | 'ebitda',
    FundamentalValue
  >;
  margins: Record<'grossPct' | 'operatingPct' | 'netPct' | 'fcfPct', FundamentalValue>;
  growth: Record<'revenueTtmPct' | 'netIncomeTtmPct' | 'revenueQuarterPct', FundamentalValue>;
  balanceSheet: Record<
    'cash' | 'totalDebt' | 'netDebt' | 'totalAssets' | 'totalLiabilities' | 'equity' | 'sharesOutstanding',
    FundamentalValue
  >;
  returns: Record<'roePct', FundamentalValue>;
  valuation: Record<
    | 'marketCap'
    | 'enterpriseValue'
    | 'pe'
    | 'ps'
    | 'pb'
    | 'evToEbitda'
    | 'fcfYieldPct'
    | 'dividendYieldPct'
    | 'buybackYieldPct',
    FundamentalValue
  >;
}

const NONE: FundamentalValue = { value: null, derivation: 'no figure', inputs: [] };

/** The price-independent part of a company's fundamentals, and the inputs its valuation at a price is computed from. */
export interface FundamentalsBasis {
  figures: Omit<Fundamentals, 'price' | 'valuation'>;
  inputs: Record<
    | 'revenue'
    | 'operatingIncome'
    | 'netIncome'
    | 'fcf'
    | 'cash'
    | 'debt'
    | 'equity'
    | 'shares'
    | 'dividends'
    | 'buybacks',
    FundamentalInput | null
  > & {
    ebitda: FundamentalValue;
  };
}

export function fundamentals(fin: CompanyFinancials, price: PriceInput | null): Fundamentals {
  return valuedAt(fundamentalsBasis(fin), price);
}

/** Everything but the valuation: it changes only with the company's facts, so it can be kept while the price moves. */
export function fundamentalsBasis(fin: CompanyFinancials): FundamentalsBasis {
  const latest = quarterColumns(fin)[0];
  const at: QuarterRef | null = latest ? { year: latest.fiscalYear, quarter: latest.quarter! } : null;
  const quarterEnd = (when: QuarterRef): string | null => {
    const end = fin.calendar.find(when.year)?.quarterEnds[when.quarter - 1];
    return end === null || end === undefined ? null : isoDay(end);
  };
  const ttm = (metric: MetricKey, when: QuarterRef | null = at): FundamentalInput | null => {
    const f = when && ttmFigure(fin, metric, when);
    return f && input(metric, f, `TTM to Q${when!.quarter} FY${when!.year}`, quarterEnd(when!));
  };
  const quarterly = (metric: MetricKey, when: QuarterRef | null = at): FundamentalInput | null => {
    const f = when && fin.metrics[metric].get(periodKey(when.year, when.quarter));
    return f ? input(metric, f, `Q${when!.quarter} FY${when!.year}`, isoDay(f.end)) : null;
  };
  const yearBefore = at && quarterBefore(at, 4);

  const revenue = ttm('revenue');
  const grossProfit = ttm('gross_profit');
  const operatingIncome = ttm('operating_income');
  const netIncome = ttm('net_income');
  const fcf = ttm('free_cash_flow');
  const ebitda = compute(
    [operatingIncome, ttm('depreciation_amortization')],
    (o, d) => o + d,
    'ebitda = operating_income + depreciation_amortization',
    'money',
  );
  const cash = quarterly('cash');
  const debt = quarterly('total_debt');
  const equity = quarterly('equity');
  const equityYearBefore = quarterly('equity', yearBefore);
  const shares = fin.latestSharesOutstanding;
  const sharesInput: FundamentalInput | null = shares && {
    name: 'shares_outstanding_latest',
    period: shares.concept === 'dei:EntityCommonStockSharesOutstanding' ? 'cover page' : 'balance sheet',
    end: isoDay(shares.date),
    value: shares.value,
    accessions: [shares.accession],
    derivation: null,
  };
  const meanEquity = compute(
    [equity, equityYearBefore],
    (e, b) => (e + b) / 2,
    'mean of equity at the latest quarter end and a year before',
    'money',
  );

  const figures: FundamentalsBasis['figures'] = {
    cik: fin.cik,
    entityName: fin.entityName,
    asOfQuarter: latest ? { period: latest.period, end: latest.end } : null,
    ttm: {
      revenue: single(revenue),
      grossProfit: single(grossProfit),
      operatingIncome: single(operatingIncome),
      netIncome: single(netIncome),
      operatingCashFlow: single(ttm('operating_cash_flow')),
      freeCashFlow: single(fcf),
      ebitda,
    },
    margins: {
      grossPct: compute([grossProfit, revenue], pct, 'gross_margin = gross_profit / revenue * 100', 'ratio', true),
      operatingPct: compute(
        [operatingIncome, revenue],
        pct,
        'operating_margin = operating_income / revenue * 100',
        'ratio',
        true,
      ),
      netPct: compute([netIncome, revenue], pct, 'net_margin = net_income / revenue * 100', 'ratio', true),
      fcfPct: compute([fcf, revenue], pct, 'fcf_margin = free_cash_flow / revenue * 100', 'ratio', true),
    },
    growth: {
      revenueTtmPct: growth(revenue, ttm('revenue', yearBefore), 'ttm revenue'),
      netIncomeTtmPct: growth(netIncome, ttm('net_income', yearBefore), 'ttm net_income'),
      revenueQuarterPct: growth(
        quarterly('revenue'),
        quarterly('revenue', yearBefore),
        'revenue of the latest quarter',
      ),
    },
    balanceSheet: {
      cash: single(cash),
      totalDebt: single(debt),
      netDebt: compute([debt, cash], (d, c) => d - c, 'net_debt = total_debt - cash', 'money'),
      totalAssets: single(quarterly('total_assets')),
      totalLiabilities: single(quarterly('total_liabilities')),
      equity: single(equity),
      sharesOutstanding: single(sharesInput),
    },
    returns: {
      roePct:
        meanEquity.value === null
          ? compute([netIncome, equity], pct, 'roe = ttm net_income / equity * 100', 'ratio', true)
          : compute(
              [netIncome, asInput('mean_equity', meanEquity, equity)],
              pct,
              'roe = ttm net_income / mean_equity * 100',
              'ratio',
              true,
            ),
    },
  };
  const inputs = {
    revenue,
    operatingIncome,
    netIncome,
    fcf,
    ebitda,
    cash,
    debt,
    equity,
    shares: sharesInput,
    dividends: ttm('dividends_paid'),
    buybacks: ttm('buybacks'),
  };
  return { figures, inputs };
}

/** The fundamentals with their valuation at `price` (none without a price). */
export function valuedAt(basis: FundamentalsBasis, price: PriceInput | null): Fundamentals {
  const { revenue, operatingIncome, netIncome, fcf, ebitda, cash, debt, equity, shares, dividends, buybacks } =
    basis.inputs;
  const priceInput: FundamentalInput | null = price && {
    name: 'price',
    period: price.label,
    end: price.asOf,
    value: price.value,
    accessions: [],
    derivation: null,
  };
  const marketCap = compute(
    [priceInput, shares],
    (p, n) => p * n,
    'market_cap = price * shares_outstanding_latest',
    'money',
  );
  const cap = asInput('market_cap', marketCap, priceInput);
  const enterpriseValue = compute(
    [cap, debt, cash],
    (m, d, c) => m + d - c,
    'enterprise_value = market_cap + total_debt - cash',
    'money',
  );
  return {
    ...basis.figures,
    price,
    valuation: {
      marketCap,
      enterpriseValue,
      pe: compute([cap, netIncome], (m, n) => m / n, 'pe = market_cap / ttm net_income', 'ratio', true),
      ps: compute([cap, revenue], (m, r) => m / r, 'ps = market_cap / ttm revenue', 'ratio', true),
      pb: compute([cap, equity], (m, e) => m / e, 'pb = market_cap / equity', 'ratio', true),
      evToEbitda: compute(
        [asInput('enterprise_value', enterpriseValue, cap), asInput('ebitda', ebitda, operatingIncome)],
        (v, e) => v / e,
        'ev_to_ebitda = enterprise_value / ttm ebitda',
        'ratio',
        true,
      ),
      fcfYieldPct: compute([fcf, cap], pct, 'fcf_yield = ttm free_cash_flow / market_cap * 100', 'ratio', true),
      dividendYieldPct: compute(
        [dividends, cap],
        pct,
        'dividend_yield = ttm dividends_paid / market_cap * 100',
        'ratio',
        true,
      ),
      buybackYieldPct: compute([buybacks, cap], pct, 'buyback_yield = ttm buybacks / market_cap * 100', 'ratio', true),
    },
  };
}

function input(name: string, f: Figure, period: string, end: string | null): FundamentalInput {
  return { name, period, end, value: f.value, accessions: f.accessions, derivation: f.derivation };
}

/** A computed value as the input of another, covering the period of `like`. */
function asInput(name: string, v: FundamentalValue, like: FundamentalInput | null): FundamentalInput | null {
  if (v.value === null || !like) return null;
  return {
    name,
    period: like.period,
    end: like.end,
    value: v.value,
    accessions: [...new Set(v.inputs.flatMap((i) => i.accessions))],
    derivation: v.derivation,
  };
}

function pct(part: number, whole: number): number {
  return (part / whole) * 100;
}

function single(i: FundamentalInput | null): FundamentalValue {
  return i ? { value: i.value, derivation: i.name, inputs: [i] } : NONE;
}

/**
 * `f` of the inputs' values, when every input is there; a ratio (`positiveBase`) over a base (its last input) that is
 * zero or negative is not meaningful. Ratios are given to two decimals.
 */
function compute(
  inputs: (FundamentalInput | null)[],
  f: (...values: number[]) => number,
  derivation: string,
  kind: 'money' | 'ratio',
  positiveBase = false,
): FundamentalValue {
  const present = inputs.filter((i): i is FundamentalInput => i !== null);
  if (present.length < inputs.length)
    return {
      value: null,
      derivation: `${derivation}: missing ${inputs.length - present.length} of its inputs`,
      inputs: present,
    };
  if (positiveBase && present.at(-1)!.value <= 0)
    return {
      value: null,
      derivation: `${derivation}: not meaningful, ${present.at(-1)!.name} is not positive`,
      inputs: present,
    };
  const value = f(...present.map((i) => i.value));
  return { value: kind === 'ratio' ? Math.round(value * 100) / 100 : value, derivation, inputs: present };
}

function growth(now: FundamentalInput | null, before: FundamentalInput | null, what: string): FundamentalValue {
  if (!now || !before)
    return {
      value: null,
      derivation: `growth of ${what}: missing the figure of a year before`,
      inputs: [now, before].filter((i): i is FundamentalInput => i !== null),
    };
  return {
    value: growthPct(now.value, before.value),
    derivation: `growth of ${what} on a year before, in percent`,
    inputs: [now, before],
  };
}
