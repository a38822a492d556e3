// Fundamentals of the fixture company at a price: each value, how it is computed and the period of each input.
import t from 'tap';
import { companyFinancials } from '../../../core/financials/company-financials.js';
import { type FundamentalValue, fundamentals } from '../../../core/financials/fundamentals.js';
import { parseCompanyFacts } from '../../../core/sources/sec/companyfacts.js';
import { fixture as readFixture } from '../../../harness/realdata.js';
import { companyFactsOf, type FactRow } from '../../helpers/companyfacts.js';

const M = 1_000_000;
const fin = companyFinancials(parseCompanyFacts(readFixture('sec/companyfacts-widgets.json')));
const price = { value: 10, label: 'WIDG · 24/7 (venues)', asOf: '2026-02-02T15:00:00Z' };
const inputsOf = (v: FundamentalValue) => v.inputs.map((i) => `${i.name} @ ${i.period}`);

t.test('TTM results, margins, growth, balance sheet and returns, to the latest quarter', async (t) => {
  const f = fundamentals(fin, price);
  t.same(f.asOfQuarter, { period: 'Q1 FY2026', end: '2025-12-27' });
  t.same(Object.fromEntries(Object.entries(f.ttm).map(([k, v]) => [k, v.value])), {
    revenue: 660 * M,
    grossProfit: 290 * M,
    operatingIncome: 185 * M,
    netIncome: 68 * M,
    operatingCashFlow: 115 * M,
    freeCashFlow: 88 * M,
    ebitda: 205.5 * M,
  });
  t.same(inputsOf(f.ttm.ebitda), [
    'operating_income @ TTM to Q1 FY2026',
    'depreciation_amortization @ TTM to Q1 FY2026',
  ]);
  t.same(Object.fromEntries(Object.entries(f.margins).map(([k, v]) => [k, v.value])), {
    grossPct: 43.94,
    operatingPct: 28.03,
    netPct: 10.3,
    fcfPct: 13.33,
  });
  t.same(f.growth.revenueTtmPct.value, 30.69);
  t.same(inputsOf(f.growth.revenueTtmPct), ['revenue @ TTM to Q1 FY2026', 'revenue @ TTM to Q1 FY2025']);
  t.equal(f.growth.revenueTtmPct.inputs[1]!.end, '2024-12-28');
  t.same(f.growth.revenueQuarterPct.value, 28.57);
  t.same(Object.fromEntries(Object.entries(f.balanceSheet).map(([k, v]) => [k, v.value])), {
    cash: 150 * M,
    totalDebt: 200 * M,
    netDebt: 50 * M,
    totalAssets: 1020 * M,
    totalLiabilities: 545 * M,
    equity: 475 * M,
    sharesOutstanding: 92.5 * M,
  });
  t.match(f.balanceSheet.sharesOutstanding.inputs[0], {
    period: 'cover page',
    end: '2026-01-20',
    accessions: ['0000999001-26-000001'],
  });
  t.match(f.returns.roePct, { value: 14.95, derivation: 'roe = ttm net_income / mean_equity * 100' });
});

t.test('valuation at the price given, each ratio naming its inputs', async (t) => {
  const v = fundamentals(fin, price).valuation;
  t.same(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.value])), {
    marketCap: 925 * M,
    enterpriseValue: 975 * M,
    pe: 13.6,
    ps: 1.4,
    pb: 1.95,
    evToEbitda: 4.74,
    fcfYieldPct: 9.51,
    dividendYieldPct: 1.14,
    buybackYieldPct: 4.54,
  });
  t.same(inputsOf(v.marketCap), ['price @ WIDG · 24/7 (venues)', 'shares_outstanding_latest @ cover page']);
  t.same(inputsOf(v.pe), ['market_cap @ WIDG · 24/7 (venues)', 'net_income @ TTM to Q1 FY2026']);
  t.same(inputsOf(v.enterpriseValue), [
    'market_cap @ WIDG · 24/7 (venues)',
    'total_debt @ Q1 FY2026',
    'cash @ Q1 FY2026',
  ]);
  t.equal(v.pe.derivation, 'pe = market_cap / ttm net_income');
});

t.test('without a price there is no valuation, and it says why', async (t) => {
  const v = fundamentals(fin, null).valuation;
  t.ok(Object.values(v).every((x) => x.value === null));
  t.equal(v.marketCap.derivation, 'market_cap = price * shares_outstanding_latest: missing 1 of its inputs');
});

t.test('a loss makes P/E not meaningful rather than negative', async (t) => {
  const rows: FactRow[] = [];
  const add = (concept: string, start: string, end: string, val: number, fp: string, form = '10-Q') =>
    rows.push({
      concept,
      start,
      end,
      val,
      accn: `0000999003-25-00000${fp === 'FY' ? 9 : fp[1]}`,
      form,
      filed: '2026-02-20',
      fy: 2025,
      fp,
    });
  for (const [concept, q1, h1, m9, fy] of [
    ['us-gaap:Revenues', 20, 45, 70, 100],
    ['us-gaap:NetIncomeLoss', -5, -12, -25, -40],
  ] as const) {
    add(concept, '2025-01-01', '2025-03-31', q1 * M, 'Q1');
    add(concept, '2025-01-01', '2025-06-30', h1 * M, 'Q2');
    add(concept, '2025-01-01', '2025-09-30', m9 * M, 'Q3');
    add(concept, '2025-01-01', '2025-12-31', fy * M, 'FY', '10-K');
  }
  rows.push({
    concept: 'dei:EntityCommonStockSharesOutstanding',
    unit: 'shares',
    end: '2026-02-15',
    val: 10 * M,
    accn: '0000999003-25-000009',
    form: '10-K',
    filed: '2026-02-20',
  });
  const f = fundamentals(companyFinancials(companyFactsOf(rows)), price);
  t.equal(f.ttm.netIncome.value, -40 * M, 'the fiscal year, as the four quarters end with it');
  t.match(f.valuation.pe, {
    value: null,
    derivation: 'pe = market_cap / ttm net_income: not meaningful, net_income is not positive',
  });
  t.equal(f.valuation.ps.value, 1);
  t.equal(f.margins.netPct.value, -40);
});
