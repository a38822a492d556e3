// Metrics by fiscal period for Apple and Alphabet against their own 10-K figures, and for the fixture company (a
// September year, a restatement, YTD-only cash flows, EPS of a fourth quarter, tags the company does not use).
import t from 'tap';
import { isoDay } from '../../../core/days.js';
import { type CompanyFinancials, companyFinancials } from '../../../core/financials/company-financials.js';
import type { MetricKey } from '../../../core/financials/metrics.js';
import { type PeriodQuarter, periodKey } from '../../../core/financials/periods.js';
import { parseCompanyFacts } from '../../../core/sources/sec/companyfacts.js';
import { fixture as readFixture, readRealdata, realdataSkip } from '../../../harness/realdata.js';

const M = 1_000_000;
const get = (fin: CompanyFinancials, metric: MetricKey, year: number, quarter: PeriodQuarter) =>
  fin.metrics[metric].get(periodKey(year, quarter));

t.test(
  'Apple: three metrics for fiscal 2024 and 2025 and their fourth quarters equal its 10-K figures',
  { skip: realdataSkip('sec_edgar/companyfacts') },
  async (t) => {
    const fin = companyFinancials(parseCompanyFacts(readRealdata('sec_edgar/companyfacts/CIK0000320193.json')));
    // Fiscal 2025 (2024-09-29..2025-09-27): 10-K 0000320193-25-000079 gives the year, 10-Q 0000320193-25-000073 the
    // nine months to 2025-06-28; the fourth quarter is their difference (Apple's own Q4 press figures: revenue
    // $102.466B, net income $27.466B, operating income $32.427B).
    // Fiscal 2024 (2023-10-01..2024-09-28): 10-K 0000320193-24-000123 and 10-Q 0000320193-24-000081, reported again
    // unchanged as comparatives in the fiscal 2025 filings, which are the latest and so the ones cited.
    const expected: [MetricKey, number, number, number][] = [
      ['revenue', 2025, 416_161 * M, 102_466 * M],
      ['net_income', 2025, 112_010 * M, 27_466 * M],
      ['operating_income', 2025, 133_050 * M, 32_427 * M],
      ['revenue', 2024, 391_035 * M, 94_930 * M],
      ['net_income', 2024, 93_736 * M, 14_736 * M],
      ['operating_income', 2024, 123_216 * M, 29_591 * M],
    ];
    for (const [metric, year, fy, q4] of expected) {
      t.match(get(fin, metric, year, 0), { value: fy, derivation: null, restated: false }, `${metric} FY${year}`);
      t.same(
        get(fin, metric, year, 0)!.accessions,
        ['0000320193-25-000079'],
        'cited from the latest 10-K that reports it',
      );
      t.match(
        get(fin, metric, year, 4),
        { value: q4, derivation: 'q4 = fy - 9m', restated: false },
        `${metric} Q4 FY${year}`,
      );
    }
    t.same(get(fin, 'revenue', 2025, 4)!.accessions, ['0000320193-25-000079', '0000320193-25-000073']);
    t.equal(isoDay(get(fin, 'revenue', 2025, 4)!.start!), '2025-06-29');
    t.equal(isoDay(get(fin, 'revenue', 2025, 4)!.end), '2025-09-27');

    // A prior-year comparative keeps its own period's name: Q1 of fiscal 2023 as last filed, in the fiscal 2024 Q1 10-Q (fy 2024).
    t.match(get(fin, 'revenue', 2023, 1), { value: 117_154 * M, accessions: ['0000320193-24-000006'] });
    // edgartools PR #1269: fiscal 2023 total assets are the year's own (2023-09-30), not the 2022 comparative (352,755M).
    t.match(get(fin, 'total_assets', 2023, 0), { value: 352_583 * M, start: null });
    t.equal(isoDay(get(fin, 'total_assets', 2023, 0)!.end), '2023-09-30');
    t.equal(get(fin, 'total_assets', 2022, 0)?.value, 352_755 * M);
    // Apple reports no fourth-quarter weighted shares: they are the year's four quarters less the three reported (the
    // year's average is the mean of its quarters'), never a subtraction of per-share figures (edgartools #690), and its
    // fourth-quarter EPS is that quarter's net income over them. Apple's own releases: Q4 fiscal 2025 diluted EPS $1.85,
    // Q4 fiscal 2024 $0.97 on 15,242,853 thousand diluted shares. The quarters it reported stand.
    t.match(get(fin, 'diluted_shares', 2025, 4), {
      value: 14_863_611_000,
      derivation: 'q4 = 4 x fy - q1 - q2 - q3 (weighted averages)',
    });
    t.match(get(fin, 'eps_diluted', 2025, 4), {
      value: 1.8479,
      derivation: 'eps = net_income / diluted_shares; q4 = fy - 9m; q4 = 4 x fy - q1 - q2 - q3 (weighted averages)',
    });
    t.ok(
      Math.abs(get(fin, 'diluted_shares', 2024, 4)!.value - 15_242_853_000) < 10_000,
      'Q4 2024 shares as Apple released them',
    );
    t.equal(Math.round(get(fin, 'eps_diluted', 2024, 4)!.value * 100) / 100, 0.97);
    t.same(
      [1, 2, 3, 0].map((q) => get(fin, 'eps_diluted', 2025, q as PeriodQuarter)?.value),
      [2.4, 1.65, 1.57, 7.46],
    );
    // Tags the company moved through: fiscal 2018 revenue as the 10-K of 2018 tagged it (Revenues), with the fourth
    // quarter it reported itself; fiscal 2017 under SalesRevenueNet.
    t.match(get(fin, 'revenue', 2018, 4), { value: 62_900 * M, derivation: null, concepts: ['us-gaap:Revenues'] });
    t.match(get(fin, 'revenue', 2016, 0), { value: 215_639 * M, concepts: ['us-gaap:Revenues'] });
    t.match(get(fin, 'revenue', 2017, 3), { value: 45_408 * M, concepts: ['us-gaap:Revenues'] });
    t.match(get(fin, 'revenue', 2015, 0), { concepts: ['us-gaap:SalesRevenueNet'] });
    // Fiscal 2008, restated by the 10-K/A of 2010-01-25.
    t.match(get(fin, 'revenue', 2008, 0), { value: 37_491 * M, restated: true });
    t.match(get(fin, 'total_debt', 2025, 0), {
      value: 98_657 * M,
      derivation: 'total_debt = LongTermDebtNoncurrent + LongTermDebtCurrent + CommercialPaper',
    });
  },
);

t.test(
  'Alphabet: three metrics for 2024 and 2025 and their fourth quarters equal its 10-K figures, across its change of revenue tag',
  { skip: realdataSkip('sec_edgar/companyfacts') },
  async (t) => {
    const fin = companyFinancials(parseCompanyFacts(readRealdata('sec_edgar/companyfacts/CIK0001652044.json')));
    // 2025: 10-K 0001652044-26-000018 and the nine months of 10-Q 0001652044-25-000091 (to 2025-09-30).
    // 2024: 10-K 0001652044-25-000014 and 10-Q 0001652044-24-000118; Alphabet's Q4 2024 release: revenues $96.469B,
    // net income $26.536B, operating income $30.972B.
    const expected: [MetricKey, number, number, number][] = [
      ['revenue', 2025, 402_836 * M, 113_829 * M],
      ['net_income', 2025, 132_170 * M, 34_455 * M],
      ['operating_income', 2025, 129_039 * M, 35_934 * M],
      ['revenue', 2024, 350_018 * M, 96_469 * M],
      ['net_income', 2024, 100_118 * M, 26_536 * M],
      ['operating_income', 2024, 112_390 * M, 30_972 * M],
    ];
    for (const [metric, year, fy, q4] of expected) {
      t.match(get(fin, metric, year, 0), { value: fy, derivation: null }, `${metric} ${year}`);
      t.match(get(fin, metric, year, 4), { value: q4, derivation: 'q4 = fy - 9m' }, `${metric} Q4 ${year}`);
    }
    // Alphabet tagged revenue RevenueFromContractWithCustomerExcludingAssessedTax until early 2025, then Revenues, and
    // its later filings restate earlier periods under the new tag. Each period takes Revenues where it exists: Q1 2024
    // exists only under the old tag, and Q4 2023 is derived within the old tag, whose nine months exist.
    t.match(get(fin, 'revenue', 2024, 1), {
      value: 80_539 * M,
      concepts: ['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'],
    });
    t.match(get(fin, 'revenue', 2024, 4), { concepts: ['us-gaap:Revenues'] });
    t.match(get(fin, 'revenue', 2023, 4), {
      value: 86_310 * M,
      derivation: 'q4 = fy - 9m',
      concepts: ['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'],
    });
    // No GrossProfit tag: gross profit is computed, saying so.
    t.match(get(fin, 'gross_profit', 2025, 0), {
      value: (402_836 - 162_535) * M,
      derivation: 'gross_profit = revenue - cost_of_revenue',
    });
    t.match(get(fin, 'sga', 2025, 1), { derivation: 'sga = selling_and_marketing + general_and_administrative' });
    t.equal(get(fin, 'eps_diluted', 2024, 0)?.value, 8.04);
  },
);

t.test(
  'the fixture company: a restatement, cash flows reported only year to date, a fourth-quarter EPS from its own shares',
  async (t) => {
    const fin = companyFinancials(parseCompanyFacts(readFixture('sec/companyfacts-widgets.json')));
    const values = (metric: MetricKey, year: number) =>
      [1, 2, 3, 4, 0].map((q) => get(fin, metric, year, q as PeriodQuarter)?.value ?? null);
    t.same(
      values('revenue', 2024),
      [100 * M, 110 * M, 120 * M, 135 * M, 465 * M],
      'fiscal 2024 as restated by the 10-K/A: its fourth quarter takes the change',
    );
    t.match(get(fin, 'revenue', 2024, 0), { restated: true });
    t.same(
      get(fin, 'revenue', 2024, 0)!.accessions,
      ['0000999001-25-000005'],
      'the fiscal 2025 10-K, which reports the restated figure last',
    );
    t.match(get(fin, 'revenue', 2024, 4), { restated: true, derivation: 'q4 = fy - 9m' });
    t.match(get(fin, 'revenue', 2024, 3), { restated: false });
    t.same(values('operating_cash_flow', 2025), [25 * M, 30 * M, 25 * M, 30 * M, 110 * M]);
    t.same(
      [2, 3, 4].map((q) => get(fin, 'operating_cash_flow', 2025, q as PeriodQuarter)!.derivation),
      ['q2 = h1 - q1', 'q3 = 9m - h1', 'q4 = fy - 9m'],
    );
    t.match(get(fin, 'free_cash_flow', 2025, 4), { value: 23 * M, derivation: 'fcf = ocf - capex; q4 = fy - 9m' });
    t.match(get(fin, 'gross_profit', 2026, 1), {
      value: 80 * M,
      derivation: 'gross_profit = revenue - cost_of_revenue',
    });
    t.same(
      values('sga', 2025),
      [7 * M, 7 * M, 8 * M, null, 30 * M],
      'no fourth quarter without the nine months, though three quarters and the year are known',
    );
    t.match(get(fin, 'eps_diluted', 2025, 4), {
      value: 0.1809,
      derivation: 'eps = net_income / diluted_shares; q4 = fy - 9m',
    });
    t.match(
      get(fin, 'diluted_shares', 2024, 4),
      { value: 97 * M, derivation: 'q4 = 4 x fy - q1 - q2 - q3 (weighted averages)' },
      'fiscal 2024 reports no fourth-quarter shares: the year less its three quarters',
    );
    t.equal(get(fin, 'eps_diluted', 2024, 4)?.value, 0.1443, 'and its fourth-quarter EPS on them');
    t.equal(get(fin, 'diluted_shares', 2025, 4)?.derivation, null, 'a fourth quarter reported stands');
    t.same(values('total_debt', 2026), [200 * M, null, null, null, null]);
    t.same(values('total_assets', 2025), [960 * M, 970 * M, 985 * M, 1000 * M, 1000 * M]);
    t.match(fin.latestSharesOutstanding, {
      value: 92_500_000,
      concept: 'dei:EntityCommonStockSharesOutstanding',
      accession: '0000999001-26-000001',
    });
    t.equal(isoDay(fin.latestSharesOutstanding!.date), '2026-01-20');
  },
);
