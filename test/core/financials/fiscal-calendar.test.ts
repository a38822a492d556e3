// Fiscal years read from the company's own reports: their bounds, their names (the company's), their quarter ends,
// and how a duration is placed in them.
import t from 'tap';
import { isoDay, parseDay } from '../../../core/days.js';
import { type FiscalCalendar, fiscalCalendar } from '../../../core/financials/fiscal-calendar.js';
import { parseCompanyFacts } from '../../../core/sources/sec/companyfacts.js';
import { fixture as readFixture, readRealdata, realdataSkip } from '../../../harness/realdata.js';
import { companyFactsOf, type FactRow } from '../../helpers/companyfacts.js';

function describe(calendar: FiscalCalendar, from: number): string[] {
  return calendar.years
    .filter((y) => y.year >= from)
    .map(
      (y) =>
        `FY${y.year} ${isoDay(y.start)}..${y.end === null ? 'open' : isoDay(y.end)} [${y.quarterEnds.map((d) => (d === null ? '-' : isoDay(d))).join(' ')}]`,
    );
}

const day = (s: string) => parseDay(s)!;

t.test('the fixture company: a year ending the last Saturday of September, and the year under way', async (t) => {
  const calendar = fiscalCalendar(parseCompanyFacts(readFixture('sec/companyfacts-widgets.json')));
  t.same(describe(calendar, 2023), [
    'FY2023 2022-09-25..2023-09-30 [2022-12-31 2023-04-01 2023-07-01 2023-09-30]',
    'FY2024 2023-10-01..2024-09-28 [2023-12-30 2024-03-30 2024-06-29 2024-09-28]',
    'FY2025 2024-09-29..2025-09-27 [2024-12-28 2025-03-29 2025-06-28 2025-09-27]',
    'FY2026 2025-09-28..open [2025-12-27 - - -]',
  ]);
  t.match(calendar.place(day('2024-09-29'), day('2025-06-28')), { year: { year: 2025 }, span: 'M9' });
  t.match(calendar.place(day('2025-03-30'), day('2025-06-28')), { year: { year: 2025 }, span: 'Q3' });
  t.match(calendar.place(day('2024-06-30'), day('2024-09-28')), { year: { year: 2024 }, span: 'Q4' });
  t.equal(
    calendar.place(day('2024-10-01'), day('2025-06-28')),
    null,
    'a span starting after the first day is only ever a quarter',
  );
  t.equal(
    calendar.place(day('2024-06-30'), day('2025-06-28')),
    null,
    'a span starting in the year before belongs to no year',
  );
  t.match(calendar.quarterEndingOn(day('2025-03-29')), { year: { year: 2025 }, quarter: 2 });
  t.equal(calendar.quarterEndingOn(day('2025-03-31')), null);
});

t.test("a year is named as the company's own annual report names it, whatever a later comparative says", async (t) => {
  const annual = (start: string, end: string, fy: number, filed: string, seq: number): FactRow => ({
    concept: 'us-gaap:Revenues',
    start,
    end,
    val: 1000 + seq,
    accn: `0000999002-${filed.slice(2, 4)}-${String(seq).padStart(6, '0')}`,
    form: '10-K',
    filed,
    fy,
    fp: 'FY',
  });
  // A retailer naming a year by when it began (fiscal 2024 ends 2025-02-01), its comparative in the next 10-K tagged
  // fy 2025 like every fact of that report.
  const retailer = fiscalCalendar(
    companyFactsOf([
      annual('2023-01-29', '2024-02-03', 2023, '2024-03-20', 1),
      annual('2024-02-04', '2025-02-01', 2024, '2025-03-19', 2),
      annual('2024-02-04', '2025-02-01', 2025, '2026-03-18', 3),
      annual('2025-02-02', '2026-01-31', 2025, '2026-03-18', 3),
    ]),
  );
  t.same(
    describe(retailer, 0).map((s) => s.split(' [')[0]),
    ['FY2023 2023-01-29..2024-02-03', 'FY2024 2024-02-04..2025-02-01', 'FY2025 2025-02-02..2026-01-31'],
  );
  // A report whose fy is a tagging slip (neither the end's year nor the one before) takes the next name in line.
  const slip = fiscalCalendar(
    companyFactsOf([
      annual('2022-01-01', '2022-12-31', 2022, '2023-02-10', 1),
      annual('2023-01-01', '2023-12-31', 2031, '2024-02-10', 2),
    ]),
  );
  t.same(
    slip.years.map((y) => y.year),
    [2022, 2023],
  );
  // Without a name at all, a 52/53-week year ending in the first days of January is the year before.
  const unnamed = fiscalCalendar(
    companyFactsOf([annual('2020-01-05', '2021-01-03', 0, '2021-02-20', 1)].map((r) => ({ ...r, fy: null }))),
  );
  t.same(
    unnamed.years.map((y) => y.year),
    [2020],
  );
});

t.test(
  'real companies: Apple (September), Alphabet (December), Marvell (late January)',
  { skip: realdataSkip('sec_edgar/companyfacts') },
  async (t) => {
    const apple = fiscalCalendar(parseCompanyFacts(readRealdata('sec_edgar/companyfacts/CIK0000320193.json')));
    t.same(describe(apple, 2024), [
      'FY2024 2023-10-01..2024-09-28 [2023-12-30 2024-03-30 2024-06-29 2024-09-28]',
      'FY2025 2024-09-29..2025-09-27 [2024-12-28 2025-03-29 2025-06-28 2025-09-27]',
      'FY2026 2025-09-28..open [2025-12-27 - - -]',
    ]);
    t.same(
      describe(apple, 0)[0],
      'FY2007 2006-10-01..2007-09-29 [- - - 2007-09-29]',
      "the oldest year is a comparative in Apple's first 10-K in the file (fiscal 2009)",
    );
    const alphabet = fiscalCalendar(parseCompanyFacts(readRealdata('sec_edgar/companyfacts/CIK0001652044.json')));
    t.same(describe(alphabet, 2025), [
      'FY2025 2025-01-01..2025-12-31 [2025-03-31 2025-06-30 2025-09-30 2025-12-31]',
      'FY2026 2026-01-01..open [2026-03-31 - - -]',
    ]);
    const marvell = fiscalCalendar(parseCompanyFacts(readRealdata('sec_edgar/companyfacts/CIK0001835632.json')));
    t.same(describe(marvell, 2025), [
      'FY2025 2024-02-04..2025-02-01 [2024-05-04 2024-08-03 2024-11-02 2025-02-01]',
      'FY2026 2025-02-02..2026-01-31 [2025-05-03 2025-08-02 2025-11-01 2026-01-31]',
      'FY2027 2026-02-01..open [2026-05-02 - - -]',
    ]);
  },
);
