// The /financials table of the fixture company: columns newest first, cells with growth and provenance, TTM.
import t from 'tap';
import { companyFinancials } from '../../../core/financials/company-financials.js';
import { financialsTable } from '../../../core/financials/financials-table.js';
import { METRIC_KEYS } from '../../../core/financials/metrics.js';
import { parseCompanyFacts } from '../../../core/sources/sec/companyfacts.js';
import { fixture as readFixture } from '../../../harness/realdata.js';

const M = 1_000_000;
const fin = companyFinancials(parseCompanyFacts(readFixture('sec/companyfacts-widgets.json')));

t.test('quarters and fiscal years newest first, labelled by fiscal period and dates', async (t) => {
  const table = financialsTable(fin, { quarters: 6, years: 5, metrics: ['revenue'] });
  t.same(
    table.quarters.map((c) => `${c.period} ${c.start}..${c.end}`),
    [
      'Q1 FY2026 2025-09-28..2025-12-27',
      'Q4 FY2025 2025-06-29..2025-09-27',
      'Q3 FY2025 2025-03-30..2025-06-28',
      'Q2 FY2025 2024-12-29..2025-03-29',
      'Q1 FY2025 2024-09-29..2024-12-28',
      'Q4 FY2024 2024-06-30..2024-09-28',
    ],
  );
  t.same(
    table.years.map((c) => `${c.period} ${c.start}..${c.end}`),
    ['FY2025 2024-09-29..2025-09-27', 'FY2024 2023-10-01..2024-09-28', 'FY2023 2022-09-25..2023-09-30'],
    'only the years there are: five asked, three known',
  );
  t.same(financialsTable(fin, { quarters: 2, years: 1, metrics: [] }).quarters.length, 2);
});

t.test('cells: value, growth on a year before, how it was derived, what it came from', async (t) => {
  const table = financialsTable(fin, { quarters: 5, years: 3, metrics: ['revenue', 'eps_diluted', 'sga', 'cash'] });
  const [revenue, eps, sga, cash] = table.metrics;
  t.same(
    revenue!.quarters.map((c) => c && [c.value, c.yoyPct]),
    [
      [180 * M, 28.57],
      [170 * M, 25.93],
      [160 * M, 33.33],
      [150 * M, 36.36],
      [140 * M, 40],
    ],
  );
  t.same(revenue!.quarters[1], {
    value: 170 * M,
    concepts: ['us-gaap:Revenues'],
    accessions: ['0000999001-25-000005', '0000999001-25-000004'],
    restated: false,
    derivation: 'q4 = fy - 9m',
    yoyPct: 25.93,
    period: 'Q4 FY2025',
    end: '2025-09-27',
  });
  t.same(
    revenue!.years.map((c) => c && [c.period, c.value, c.yoyPct, c.restated]),
    [
      ['FY2025', 620 * M, 33.33, false],
      ['FY2024', 465 * M, 16.25, true],
      ['FY2023', 400 * M, null, false],
    ],
  );
  t.match(revenue, { metric: 'revenue', label: 'Revenue', unit: 'USD', kind: 'flow' });
  t.match(revenue!.ttm, {
    value: 660 * M,
    derivation: 'ttm = sum of 4 quarters; q4 = fy - 9m',
    period: 'TTM to Q1 FY2026',
    end: '2025-12-27',
    yoyPct: 30.69,
  });
  t.same(
    eps!.quarters.map((c) => c?.value ?? null),
    [0.215, 0.1809, 0.168, 0.156, 0.145],
  );
  t.equal(eps!.ttm!.value, 0.7199, 'four quarters of EPS summed (0.215 + 0.1809 + 0.168 + 0.156), to four decimals');
  t.same(
    sga!.quarters.map((c) => c?.value ?? null),
    [null, null, 8 * M, 7 * M, 7 * M],
    'a cell without a figure is null',
  );
  t.equal(sga!.ttm, null, 'no TTM while a quarter is missing');
  t.match(cash!.ttm, { value: 150 * M, derivation: 'ttm = balance at the latest quarter end', yoyPct: 20 });
});

t.test('every metric is served, in the order asked', async (t) => {
  const table = financialsTable(fin, { quarters: 12, years: 5, metrics: [...METRIC_KEYS].reverse() });
  t.same(
    table.metrics.map((m) => m.metric),
    [...METRIC_KEYS].reverse(),
  );
  t.ok(
    table.metrics.every((m) => m.quarters.length === table.quarters.length && m.years.length === table.years.length),
  );
  t.equal(
    table.quarters.length,
    12,
    'fiscal 2024 to Q1 fiscal 2026 and the quarters of fiscal 2023 the comparatives give',
  );
});
