// Display modes: latest value, change and year-on-year change per frequency, and the headline number of each mode;
// a missing value never bridged. On real FRED series (their missing October 2025) and on small series.
import t from 'tap';
import { macroNumbers, type ObservationPoint } from '../../../core/macro/display.js';
import { parseFredPayload } from '../../../core/sources/fred/index.js';
import { readRealdata, realdataSkip } from '../../../harness/realdata.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const series = (id: string) =>
  parseFredPayload(readRealdata(`fred/csv_date_value/${id}.csv`), { seriesId: id }).observations;
const points = (rows: [string, number | null][]): ObservationPoint[] =>
  rows.map(([d, value]) => ({ date: day(d), value }));
const skip = realdataSkip('fred');

t.test(
  'CPI by its year-on-year change: November 2025 has no m/m change, October was never published',
  { skip },
  async (t) => {
    t.same(macroNumbers(series('CPIAUCSL'), 'monthly', 'pct_change_yoy'), {
      latest: { date: day('2025-11-01'), value: 325.031 },
      previous: null,
      yearAgo: { date: day('2024-11-01'), value: 316.449 },
      change: null,
      changePct: null,
      yoyChange: 8.582,
      yoyPct: 2.71196938527,
      headline: 2.71196938527,
    });
  },
);

t.test('the unemployment rate as it is, its year-on-year change in points', { skip }, async (t) => {
  t.match(macroNumbers(series('UNRATE'), 'monthly', 'rate'), {
    latest: { value: 4.6 },
    change: null,
    yoyChange: 0.4,
    headline: 4.6,
  });
});

t.test("payrolls by the month's change, in thousands of jobs", { skip }, async (t) => {
  t.match(macroNumbers(series('PAYEMS'), 'monthly', 'change'), {
    previous: { date: day('2025-10-01'), value: 159488 },
    change: 64,
    changePct: 0.0401284109149,
    headline: 64,
  });
});

t.test('weekly claims: the week before and 52 weeks before', { skip }, async (t) => {
  t.match(macroNumbers(series('ICSA'), 'weekly', 'level'), {
    latest: { date: day('2025-12-27'), value: 199000 },
    previous: { date: day('2025-12-20'), value: 215000 },
    yearAgo: { date: day('2024-12-28'), value: 209000 },
    change: -16000,
    yoyPct: -4.78468899522,
    headline: 199000,
  });
});

t.test('GDP quarter on quarter, and four quarters before', { skip }, async (t) => {
  t.match(macroNumbers(series('GDP'), 'quarterly', 'pct_change_mom'), {
    previous: { date: day('2025-04-01') },
    yearAgo: { date: day('2024-07-01') },
    changePct: 1.99883689841,
    yoyPct: 5.36542094001,
    headline: 1.99883689841,
  });
});

t.test(
  'daily series: the last day with a value before, and a year before on the last trading day',
  { skip },
  async (t) => {
    t.match(macroNumbers(series('DGS10'), 'daily', 'rate'), {
      previous: { date: day('2025-12-29'), value: 4.12 },
      change: 0.02,
      yearAgo: { date: day('2024-12-30'), value: 4.55 },
      yoyChange: -0.41,
    });
    t.match(
      macroNumbers(series('DCOILWTICO'), 'daily', 'level'),
      {
        latest: { date: day('2025-12-29'), value: 57.89 },
        previous: { date: day('2025-12-26'), value: 56.6 },
        yearAgo: { date: day('2024-12-27'), value: 71.28 },
      },
      'a Sunday a year before: the Friday',
    );
  },
);

t.test('a missing latest value: the last one published leads, compared with its own period before', async (t) => {
  const got = macroNumbers(
    points([
      ['2026-01-01', 3],
      ['2026-02-01', 3.3],
      ['2026-03-01', null],
    ]),
    'monthly',
    'pct_change_mom',
  );
  t.same([got.latest, got.previous?.value, got.changePct], [{ date: day('2026-02-01'), value: 3.3 }, 3, 10]);
});

t.test(
  'daily: missing days skipped back to the last value; no year-ago value further than a week before',
  async (t) => {
    const got = macroNumbers(
      points([
        ['2025-01-02', 1],
        ['2026-01-09', 2],
        ['2026-01-12', null],
        ['2026-01-13', 2.5],
      ]),
      'daily',
      'level',
    );
    t.same([got.previous?.date, got.change, got.yearAgo], [day('2026-01-09'), 0.5, null]);
  },
);

t.test('the headline of each mode, and percent changes only from a positive base', async (t) => {
  const rows = points([
    ['2025-03-01', 2],
    ['2026-02-01', 4],
    ['2026-03-01', 5],
  ]);
  const headline = (mode: Parameters<typeof macroNumbers>[2]) => macroNumbers(rows, 'monthly', mode).headline;
  t.same(
    ['level', 'rate', 'change', 'pct_change_mom', 'pct_change_yoy'].map((m) =>
      headline(m as Parameters<typeof macroNumbers>[2]),
    ),
    [5, 5, 1, 25, 150],
  );
  const spread = macroNumbers(
    points([
      ['2026-02-01', -0.5],
      ['2026-03-01', 0.25],
    ]),
    'monthly',
    'level',
  );
  t.same([spread.change, spread.changePct], [0.75, null]);
});

t.test(
  "months of different lengths: a series dated on the 31st compares with the month before's last day",
  async (t) => {
    t.equal(
      macroNumbers(
        points([
          ['2026-02-28', 10],
          ['2026-03-31', 11],
        ]),
        'monthly',
        'change',
      ).change,
      1,
    );
  },
);

t.test('a series in percent changes by points: no relative change, whatever its display mode', async (t) => {
  const unemployment = points([
    ['2025-03-01', 3.8],
    ['2026-02-01', 4.1],
    ['2026-03-01', 4.3],
  ]);
  const rate = macroNumbers(unemployment, 'monthly', 'rate');
  t.match(
    rate,
    { change: 0.2, changePct: null, yoyChange: 0.5, yoyPct: null, headline: 4.3 },
    'a rate: +0.5 points in a year, not +13%',
  );
  t.match(
    macroNumbers(unemployment, 'monthly', 'level', true),
    { change: 0.2, changePct: null, yoyPct: null },
    'units in percent',
  );
  t.match(
    macroNumbers(unemployment, 'monthly', 'level'),
    { changePct: 4.87804878049 },
    'a level keeps its percent change',
  );
});

t.test('no observation, or none with a value: every number null', async (t) => {
  const none = {
    latest: null,
    previous: null,
    yearAgo: null,
    change: null,
    changePct: null,
    yoyChange: null,
    yoyPct: null,
    headline: null,
  };
  t.same(macroNumbers([], 'weekly', 'level'), none);
  t.same(macroNumbers(points([['2026-01-01', null]]), 'daily', 'rate'), none);
});
