// The periods engine: quarters derived only from year-to-date figures that start on the same day, never a longer span
// shown as a quarter, never instants or per-share figures subtracted; a property test over random consistent series,
// and the failures other tools shipped (edgartools #1179, #1180, #1197, the NVIDIA end-date merge) as regressions.

import fc from 'fast-check';
import t from 'tap';
import { dayFromCivil, isoDay, parseDay } from '../../../core/days.js';
import { fiscalCalendar } from '../../../core/financials/fiscal-calendar.js';
import { durationFigures, instantFigures, type PeriodFigures, periodKey } from '../../../core/financials/periods.js';
import { reportedPeriods } from '../../../core/financials/reported.js';
import { type CompanyFacts, findSeries } from '../../../core/sources/sec/companyfacts.js';
import { companyFactsOf, type FactRow } from '../../helpers/companyfacts.js';

function figuresOf(cf: CompanyFacts, concept: string, derive = true): PeriodFigures {
  const [taxonomy, name] = concept.split(':') as [string, string];
  const series = findSeries(cf, taxonomy, name);
  return series ? durationFigures(reportedPeriods(cf, series), fiscalCalendar(cf), derive) : new Map();
}

const M = 1_000_000;

t.test(
  'NVIDIA: a nine-month figure and the quarter ending the same day stay apart; Q4 = FY - 9M; the year is the one NVIDIA names',
  async (t) => {
    // Revenue of NVIDIA's fiscal 2025 (2024-01-29..2025-01-26), from its 10-Qs and 10-K: a dedupe on end date alone
    // merged the nine months (91,166M) into the third quarter (35,082M).
    const filing = { accn: '0001045810-24-000316', form: '10-Q', filed: '2024-11-20', fy: 2025, fp: 'Q3' };
    const rows: FactRow[] = [
      {
        concept: 'us-gaap:Revenues',
        start: '2024-01-29',
        end: '2024-04-28',
        val: 26_044 * M,
        accn: '0001045810-24-000124',
        filed: '2024-05-29',
        fy: 2025,
        fp: 'Q1',
      },
      {
        concept: 'us-gaap:Revenues',
        start: '2024-04-29',
        end: '2024-07-28',
        val: 30_040 * M,
        accn: '0001045810-24-000264',
        filed: '2024-08-28',
        fy: 2025,
        fp: 'Q2',
      },
      {
        concept: 'us-gaap:Revenues',
        start: '2024-01-29',
        end: '2024-07-28',
        val: 56_084 * M,
        accn: '0001045810-24-000264',
        filed: '2024-08-28',
        fy: 2025,
        fp: 'Q2',
      },
      { concept: 'us-gaap:Revenues', start: '2024-07-29', end: '2024-10-27', val: 35_082 * M, ...filing },
      { concept: 'us-gaap:Revenues', start: '2024-01-29', end: '2024-10-27', val: 91_166 * M, ...filing },
      {
        concept: 'us-gaap:Revenues',
        start: '2024-01-29',
        end: '2025-01-26',
        val: 130_497 * M,
        accn: '0001045810-25-000023',
        form: '10-K',
        filed: '2025-02-26',
        fy: 2025,
        fp: 'FY',
      },
    ];
    const cf = companyFactsOf(rows);
    const revenue = figuresOf(cf, 'us-gaap:Revenues');
    t.same(
      [1, 2, 3, 4, 0].map((q) => revenue.get(periodKey(2025, q as 0))?.value),
      [26_044 * M, 30_040 * M, 35_082 * M, 39_331 * M, 130_497 * M],
      'Q1..Q4 and FY of fiscal 2025',
    );
    t.match(revenue.get(periodKey(2025, 3)), {
      derivation: null,
      start: parseDay('2024-07-29'),
      end: parseDay('2024-10-27'),
    });
    t.match(revenue.get(periodKey(2025, 4)), {
      derivation: 'q4 = fy - 9m',
      accessions: ['0001045810-25-000023', '0001045810-24-000316'],
      start: parseDay('2024-10-28'),
    });
    const year = fiscalCalendar(cf).find(2025)!;
    t.same(
      [isoDay(year.start), isoDay(year.end!)],
      ['2024-01-29', '2025-01-26'],
      'fiscal 2025 ends in late January 2025',
    );
  },
);

t.test('edgartools #1179: a full-year value is never a fourth quarter; Q4 needs the nine months', async (t) => {
  // A META cash-flow line of fiscal 2024 (10-K 0001326801-25-000017): -4,738M for the year; the fourth quarter is
  // about -1,332M. Without the nine-month figure there is no fourth quarter, not the year under its name.
  const base: FactRow[] = [
    {
      concept: 'us-gaap:PaymentsForProceedsFromOtherInvestingActivities',
      start: '2024-01-01',
      end: '2024-12-31',
      val: -4_738 * M,
      accn: '0001326801-25-000017',
      form: '10-K',
      filed: '2025-01-30',
      fy: 2024,
      fp: 'FY',
    },
    {
      concept: 'us-gaap:PaymentsForProceedsFromOtherInvestingActivities',
      start: '2024-01-01',
      end: '2024-03-31',
      val: -1_100 * M,
      accn: '0001326801-24-000049',
      filed: '2024-04-25',
      fy: 2024,
      fp: 'Q1',
    },
  ];
  const without = figuresOf(companyFactsOf(base), 'us-gaap:PaymentsForProceedsFromOtherInvestingActivities');
  t.equal(without.get(periodKey(2024, 4)), undefined, 'no Q4');
  t.equal(without.get(periodKey(2024, 0))?.value, -4_738 * M, 'the year stays the year');
  const nine: FactRow = {
    concept: 'us-gaap:PaymentsForProceedsFromOtherInvestingActivities',
    start: '2024-01-01',
    end: '2024-09-30',
    val: -3_406 * M,
    accn: '0001326801-24-000081',
    filed: '2024-10-31',
    fy: 2024,
    fp: 'Q3',
  };
  const withNine = figuresOf(
    companyFactsOf([...base, nine]),
    'us-gaap:PaymentsForProceedsFromOtherInvestingActivities',
  );
  t.match(withNine.get(periodKey(2024, 4)), { value: -1_332 * M, derivation: 'q4 = fy - 9m' });
  t.equal(withNine.get(periodKey(2024, 3)), undefined, 'the nine months are not a third quarter');
});

t.test(
  'edgartools #1180: a nine-month cash-flow value is never a third quarter; Q3 = 9M - H1 once the six months exist',
  async (t) => {
    // Snowflake's purchases of investments, fiscal 2022 (2021-02-01..2022-01-31): 3,042,396,000 for the nine months
    // (10-Q of 2021-12-03); the six months, 1,988,633,000, appear as a comparative in the 10-Q of 2022-09-01.
    const concept = 'us-gaap:PaymentsToAcquireInvestments';
    const rows: FactRow[] = [
      {
        concept: 'us-gaap:Revenues',
        start: '2021-02-01',
        end: '2022-01-31',
        val: 1_219_327_000,
        accn: '0001640147-22-000023',
        form: '10-K',
        filed: '2022-03-30',
        fy: 2022,
        fp: 'FY',
      },
      {
        concept,
        start: '2021-02-01',
        end: '2021-10-31',
        val: 3_042_396_000,
        accn: '0001640147-21-000271',
        filed: '2021-12-03',
        fy: 2022,
        fp: 'Q3',
      },
    ];
    const nineOnly = figuresOf(companyFactsOf(rows), concept);
    t.same([...nineOnly.values()], [], 'nothing: no quarter can be shown');
    const six: FactRow = {
      concept,
      start: '2021-02-01',
      end: '2021-07-31',
      val: 1_988_633_000,
      accn: '0001640147-22-000084',
      filed: '2022-09-01',
      fy: 2023,
      fp: 'Q2',
    };
    const both = figuresOf(companyFactsOf([...rows, six]), concept);
    t.match(both.get(periodKey(2022, 3)), {
      value: 1_053_763_000,
      derivation: 'q3 = 9m - h1',
      start: parseDay('2021-08-01'),
      end: parseDay('2021-10-31'),
    });
    t.equal(both.get(periodKey(2022, 2)), undefined, 'no Q2 without a Q1');
  },
);

t.test('edgartools #1197: a first quarter of the previous year is never subtracted from this year', async (t) => {
  // Snowflake's GoodwillPeriodIncreaseDecrease: fiscal 2025 (from 2024-02-01) has six-month, nine-month and annual
  // figures but no first quarter; fiscal 2024's first quarter (from 2023-02-01) must not stand in for it. The same-start
  // fiscal 2024 second quarter (63,049,000 for 2023-05-01..2023-07-31) is the valid control.
  const concept = 'us-gaap:GoodwillPeriodIncreaseDecrease';
  const row = (start: string, end: string, val: number, accn: string, filed: string, form = '10-Q'): FactRow => ({
    concept,
    start,
    end,
    val,
    accn,
    filed,
    form,
  });
  const cf = companyFactsOf([
    row('2022-02-01', '2023-01-31', 1_000_000, '0001640147-23-000016', '2023-03-29', '10-K'),
    row('2023-02-01', '2023-04-30', 20_000_000, '0001640147-23-000052', '2023-06-01'),
    row('2023-02-01', '2023-07-31', 83_049_000, '0001640147-23-000073', '2023-08-31'),
    row('2023-02-01', '2024-01-31', 90_000_000, '0001640147-24-000021', '2024-03-26', '10-K'),
    row('2024-02-01', '2024-07-31', 17_300_000, '0001640147-24-000170', '2024-08-29'),
    row('2024-02-01', '2024-10-31', 25_000_000, '0001640147-24-000250', '2024-11-27'),
    row('2024-02-01', '2025-01-31', 40_000_000, '0001640147-25-000034', '2025-03-21', '10-K'),
  ]);
  const figures = figuresOf(cf, concept);
  t.match(figures.get(periodKey(2024, 2)), {
    value: 63_049_000,
    derivation: 'q2 = h1 - q1',
    start: parseDay('2023-05-01'),
    end: parseDay('2023-07-31'),
  });
  t.equal(figures.get(periodKey(2025, 2)), undefined, 'no fiscal 2025 Q2 from fiscal 2024 Q1');
  t.match(figures.get(periodKey(2025, 3)), { value: 7_700_000, derivation: 'q3 = 9m - h1' });
  t.match(figures.get(periodKey(2025, 4)), { value: 15_000_000, derivation: 'q4 = fy - 9m' });
});

t.test('per-share figures and averages are never derived, balances never subtracted', async (t) => {
  const filing = (fp: string, filed: string, accn: string) => ({ accn, filed, fp, fy: 2025 });
  const rows: FactRow[] = [];
  for (const [concept, unit, q1, h1, m9, fy] of [
    ['us-gaap:EarningsPerShareDiluted', 'USD/shares', 1.5, 3.1, 4.6, 6.4],
    ['us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', 'shares', 100, 99, 98, 97],
  ] as const) {
    rows.push(
      {
        concept,
        unit,
        start: '2025-01-01',
        end: '2025-03-31',
        val: q1,
        ...filing('Q1', '2025-04-30', '0000999002-25-000001'),
      },
      {
        concept,
        unit,
        start: '2025-01-01',
        end: '2025-06-30',
        val: h1,
        ...filing('Q2', '2025-07-30', '0000999002-25-000002'),
      },
      {
        concept,
        unit,
        start: '2025-01-01',
        end: '2025-09-30',
        val: m9,
        ...filing('Q3', '2025-10-30', '0000999002-25-000003'),
      },
      {
        concept,
        unit,
        start: '2025-01-01',
        end: '2025-12-31',
        val: fy,
        form: '10-K',
        ...filing('FY', '2026-02-10', '0000999002-26-000001'),
      },
    );
  }
  rows.push(
    { concept: 'us-gaap:Assets', end: '2025-06-30', val: 500, ...filing('Q2', '2025-07-30', '0000999002-25-000002') },
    { concept: 'us-gaap:Assets', end: '2025-08-15', val: 510, ...filing('Q3', '2025-10-30', '0000999002-25-000003') },
    {
      concept: 'us-gaap:Assets',
      end: '2025-12-31',
      val: 520,
      form: '10-K',
      ...filing('FY', '2026-02-10', '0000999002-26-000001'),
    },
  );
  const cf = companyFactsOf(rows);
  for (const concept of [
    'us-gaap:EarningsPerShareDiluted',
    'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding',
  ]) {
    const figures = figuresOf(cf, concept, false);
    t.same(
      [...figures.keys()].sort(),
      [periodKey(2025, 0), periodKey(2025, 1)],
      `${concept}: the first quarter and the year only`,
    );
  }
  const assets = instantFigures(reportedPeriods(cf, findSeries(cf, 'us-gaap', 'Assets')!), fiscalCalendar(cf));
  t.same(
    [...assets.values()].map((f) => [f.year, f.quarter, f.value, f.derivation]),
    [
      [2025, 2, 500, null],
      [2025, 4, 520, null],
      [2025, 0, 520, null],
    ],
    'balances at quarter ends only (2025-08-15 is none), never differenced',
  );
});

const yearSpec = fc.record({
  lengths: fc.tuple(
    fc.integer({ min: 88, max: 94 }),
    fc.integer({ min: 88, max: 94 }),
    fc.integer({ min: 88, max: 94 }),
    fc.integer({ min: 88, max: 94 }),
  ),
  values: fc.tuple(...[0, 1, 2, 3].map(() => fc.integer({ min: -5e9, max: 5e9 }))) as fc.Arbitrary<
    [number, number, number, number]
  >,
  q1: fc.boolean(),
  h1: fc.boolean(),
  m9: fc.boolean(),
  q2: fc.boolean(),
  q3: fc.boolean(),
});

t.test(
  'property: consistent year-to-date series give quarters that sum to the year; misaligned spans are never subtracted',
  async (t) => {
    fc.assert(
      fc.property(
        fc.integer({ min: dayFromCivil(2001, 1, 1), max: dayFromCivil(2030, 1, 1) }),
        fc.array(yearSpec, { minLength: 1, maxLength: 3 }),
        fc.array(
          fc.record({
            year: fc.nat(2),
            shift: fc.integer({ min: -120, max: 120 }).filter((s) => s !== 0),
            length: fc.integer({ min: 160, max: 290 }),
            value: fc.integer(),
          }),
          { maxLength: 6 },
        ),
        (firstDay, years, distractors) => {
          const rows: FactRow[] = [];
          const concept = 'us-gaap:NetCashProvidedByUsedInOperatingActivities';
          let start = firstDay;
          let seq = 1;
          const starts: number[] = [];
          const fact = (from: number, to: number, val: number, form = '10-Q'): FactRow => ({
            concept,
            start: isoDay(from),
            end: isoDay(to),
            val,
            accn: `0000999002-${String(seq).padStart(2, '0')}-${String(seq++).padStart(6, '0')}`,
            form,
            filed: isoDay(to + 40),
          });
          for (const y of years) {
            starts.push(start);
            const ends = y.lengths.map((_, k) => start - 1 + y.lengths.slice(0, k + 1).reduce((a, b) => a + b, 0));
            const ytd = (k: number) => y.values.slice(0, k + 1).reduce((a, b) => a + b, 0);
            if (y.q1) rows.push(fact(start, ends[0]!, y.values[0]));
            if (y.h1) rows.push(fact(start, ends[1]!, ytd(1)));
            if (y.m9) rows.push(fact(start, ends[2]!, ytd(2)));
            if (y.q2) rows.push(fact(ends[0]! + 1, ends[1]!, y.values[1]));
            if (y.q3) rows.push(fact(ends[1]! + 1, ends[2]!, y.values[2]));
            rows.push(fact(start, ends[3]!, ytd(3), '10-K'));
            start = ends[3]! + 1;
          }
          for (const d of distractors) {
            const s = starts[Math.min(d.year, starts.length - 1)]! + d.shift;
            rows.push(fact(s, s + d.length - 1, d.value));
          }
          const cf = companyFactsOf(rows);
          const calendar = fiscalCalendar(cf);
          const figures = figuresOf(cf, concept);
          years.forEach((y, k) => {
            const label = calendar.yearOf(starts[k]!)!.year;
            const get = (q: number) => figures.get(periodKey(label, q as 0));
            const expected = [y.q1, y.q2 || (y.h1 && y.q1), y.q3 || (y.m9 && y.h1), y.m9];
            expected.forEach((present, q) => {
              const f = get(q + 1);
              if (!present) {
                if (f)
                  throw new Error(`year ${label} Q${q + 1} was derived without its operands: ${JSON.stringify(f)}`);
                return;
              }
              if (!f || f.value !== y.values[q])
                throw new Error(`year ${label} Q${q + 1}: got ${f?.value}, want ${y.values[q]}`);
            });
            if (expected.every(Boolean)) {
              const sum = [1, 2, 3, 4].reduce((s, q) => s + get(q)!.value, 0);
              if (sum !== get(0)!.value)
                throw new Error(`year ${label}: quarters sum to ${sum}, the year is ${get(0)!.value}`);
            }
          });
        },
      ),
      { numRuns: 300 },
    );
    t.pass('300 random company histories');
  },
);
