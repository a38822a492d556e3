// Each demo company's statements quarter by quarter: for a quarter an earnings story reported, its EPS and revenue
// are the story's (revenue within the story's rounding, net income = EPS x diluted shares); the quarters before the
// first story walk back from it. Everything else follows from the filer's shape, so the statements add up: gross
// profit - operating expenses = operating income, assets = liabilities + equity.
import { hash32 } from '../history.js';
import { Random } from '../random.js';
import { COMPANY_SCALE } from '../real-scale.js';
import {
  type EarningsResult,
  type FiscalQuarterNumber,
  fiscalQuarterEnd,
  fiscalQuarterStart,
  type Reported,
} from '../results.js';
import type { DemoFiler } from './filers.js';

/** Flows over the quarter, USD unless named; the count of shares is weighted over the quarter. */
export interface QuarterFlows {
  revenue: number;
  costOfRevenue: number;
  grossProfit: number;
  rnd: number;
  sga: number;
  operatingIncome: number;
  netIncome: number;
  dilutedShares: number;
  basicShares: number;
  operatingCashFlow: number;
  capex: number;
  depreciationAmortization: number;
  dividends: number;
  buybacks: number;
}

/** Balances at the quarter's end. */
export interface QuarterBalances {
  cash: number;
  assets: number;
  liabilities: number;
  equity: number;
  longTermDebt: number;
  sharesOutstanding: number;
}

export interface DemoQuarter {
  fiscalYear: number;
  quarter: FiscalQuarterNumber;
  /** UTC midnights of its first and last day. */
  start: number;
  end: number;
  flows: QuarterFlows;
  balances: QuarterBalances;
  /** Diluted EPS as the quarter's 10-Q or the earnings release gives it (to the cent). */
  epsDiluted: number;
  epsBasic: number;
  /** The earnings story that reported it; null before the demo's history. */
  story: Reported<EarningsResult> | null;
}

/** Quarters of a walk back before the first story, to fill the comparatives of the first filings. */
const QUARTERS_BEFORE = 12;

const thousands = (usd: number) => Math.round(usd / 1e3) * 1e3;
const DEPRECIATION_TO_CAPEX = 0.85;
export const cents = (x: number) => Math.round(x * 100) / 100;

function next(fy: number, q: FiscalQuarterNumber): [number, FiscalQuarterNumber] {
  return q === 4 ? [fy + 1, 1] : [fy, (q + 1) as FiscalQuarterNumber];
}
function previous(fy: number, q: FiscalQuarterNumber): [number, FiscalQuarterNumber] {
  return q === 1 ? [fy - 1, 4] : [fy, (q - 1) as FiscalQuarterNumber];
}

/**
 * `filer`'s quarters, oldest first, from `QUARTERS_BEFORE` before its first story to its last: every story of
 * `results` about it, in order, is one quarter. The same seed and stories give the same quarters.
 */
export function demoQuarters(
  seed: number,
  filer: DemoFiler,
  results: readonly Reported<EarningsResult>[],
): DemoQuarter[] {
  const stories = results
    .filter((r) => r.company === filer.company)
    .sort((a, b) => a.fiscalYear - b.fiscalYear || a.quarter - b.quarter);
  const first = stories[0];
  if (!first) return [];
  const rng = new Random(seed ^ hash32(`sec/${filer.company}`));
  // EPS and revenue ($bn) per quarter: the stories', and before them a walk back from the first.
  const drivers: {
    fy: number;
    q: FiscalQuarterNumber;
    eps: number;
    revenueBn: number;
    story: Reported<EarningsResult> | null;
  }[] = [];
  let [fy, q] = [first.fiscalYear, first.quarter];
  let { eps, revenueBn } = first;
  for (let k = 0; k < QUARTERS_BEFORE; k++) {
    [fy, q] = previous(fy, q);
    eps = cents(eps / (1 + (rng.next() - 0.35) * 0.08));
    revenueBn = Math.round((revenueBn / (1 + (rng.next() - 0.35) * 0.06)) * 10) / 10;
    drivers.unshift({ fy, q, eps, revenueBn, story: null });
  }
  [fy, q] = [first.fiscalYear, first.quarter];
  for (const s of stories) {
    if (s.fiscalYear !== fy || s.quarter !== q) throw new Error(`${filer.company}: no earnings story for Q${q} ${fy}`);
    drivers.push({ fy, q, eps: s.eps, revenueBn: s.revenueBn, story: s });
    [fy, q] = next(fy, q);
  }

  const { shape } = filer;
  // The real diluted count is the mean of the four latest quarters; the count shrinks with buybacks towards it.
  const realShares = COMPANY_SCALE[filer.symbol]!.dilutedSharesBn * 1e9;
  const middle = drivers.length - 2.5;
  return drivers.map((d, k) => {
    const jitter = () => 1 + (rng.next() - 0.5) * 0.06;
    // Revenue within the story's rounding: it reads back as the same $X.X billion.
    const revenue = thousands((d.revenueBn + (rng.next() - 0.5) * 0.09) * 1e9);
    const dilutedShares = Math.round((realShares * (1 - shape.shrinkPerQuarter) ** (k - middle)) / 1e3) * 1e3;
    const basicShares = Math.round((dilutedShares * (1 - 0.004 - rng.next() * 0.006)) / 1e3) * 1e3;
    const netIncome = thousands(d.eps * dilutedShares);
    const operatingIncome = shape.bank ? 0 : thousands(netIncome / 0.83);
    const grossProfit = shape.bank
      ? 0
      : thousands(Math.max(revenue * shape.grossMargin * jitter(), operatingIncome * 1.15));
    const opex = grossProfit - operatingIncome;
    const rnd = shape.bank ? 0 : thousands(opex * shape.rndShare);
    const operatingCashFlow = thousands(Math.max(netIncome, 0) * shape.cashConversion * jitter() + revenue * 0.02);
    const assets = thousands(revenue * shape.assetsToRevenue * jitter());
    const equity = thousands(assets * shape.equityRatio);
    const capex = shape.bank ? 0 : thousands(revenue * shape.capexRatio * jitter());
    return {
      fiscalYear: d.fy,
      quarter: d.q,
      start: fiscalQuarterStart(filer.fyEndMonth, d.fy, d.q),
      end: fiscalQuarterEnd(filer.fyEndMonth, d.fy, d.q),
      flows: {
        revenue,
        costOfRevenue: shape.bank ? 0 : revenue - grossProfit,
        grossProfit,
        rnd,
        sga: shape.bank ? 0 : opex - rnd,
        operatingIncome,
        netIncome,
        dilutedShares,
        basicShares,
        operatingCashFlow,
        capex,
        // Depreciation runs a little behind a growing company's capital spending.
        depreciationAmortization: thousands(capex * DEPRECIATION_TO_CAPEX),
        dividends: thousands(Math.max(netIncome, 0) * shape.payout),
        buybacks: thousands(Math.max(netIncome, 0) * shape.buybackRatio * jitter()),
      },
      balances: {
        cash: thousands(revenue * shape.cashToRevenue * jitter()),
        assets,
        liabilities: assets - equity,
        equity,
        longTermDebt: thousands(assets * shape.debtRatio),
        sharesOutstanding: Math.round((basicShares * (1 - shape.shrinkPerQuarter / 2)) / 1e3) * 1e3,
      },
      epsDiluted: d.eps,
      epsBasic: cents(netIncome / basicShares),
      story: d.story,
    };
  });
}
