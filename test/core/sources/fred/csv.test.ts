// FRED CSV layouts beyond the samples: ALFRED vintage columns read into realtime ranges, several series side by side,
// CRLF and a byte-order mark, rows skipped whole with their line, and documents that are not FRED CSV refused.

import t from 'tap';
import { parseFredPayload } from '../../../../core/sources/fred/index.js';
import { seriesIdFromFileName } from '../../../../core/sources/fred/series-id.js';
import { fixture as readFixture } from '../../../../harness/realdata.js';
import { refusal } from '../../../helpers/refusal.js';

const fixture = (name: string) => readFixture(`fred/${name}`);
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

t.test('ALFRED vintage columns: one record per run of equal values, current until the next vintage', async (t) => {
  const { observations, skipped } = parseFredPayload(fixture('alfred_PAYEMS_vintages.csv'));
  t.same(skipped, []);
  const row = (date: string) =>
    observations.filter((o) => o.date === day(date)).map((o) => [o.value, o.realtimeStart, o.realtimeEnd]);
  t.same(
    row('2025-11-01'),
    [
      [159600, day('2026-01-09'), day('2026-02-05')],
      [159585, day('2026-02-06'), null],
    ],
    'the first print, then its revision still current',
  );
  t.same(
    row('2025-12-01'),
    [
      [159650, day('2026-02-06'), day('2026-03-05')],
      [159702, day('2026-03-06'), null],
    ],
    'absent (#N/A) before its first vintage',
  );
  t.same(row('2026-01-01'), [[159815, day('2026-03-06'), null]]);
  t.same(row('2026-02-01'), [[null, day('2026-03-06'), null]], 'a "." in a vintage is a missing value');
  t.ok(observations.every((o) => o.seriesId === 'PAYEMS'));
});

t.test('two series in one file; bad rows skipped whole with their line, the rest kept', async (t) => {
  const { observations, skipped } = parseFredPayload(fixture('two_series_with_bad_rows.csv'));
  t.same(skipped, [
    { item: 'line 5', reason: 'expected 3 fields, found 2' },
    { item: 'line 6', reason: 'DGS2: "abc" is not a number' },
    { item: 'line 7', reason: 'date: "2026-02-30" is not a date YYYY-MM-DD' },
  ]);
  t.same(
    observations.map((o) => [o.seriesId, new Date(o.date).toISOString().slice(0, 10), o.value]),
    [
      ['DGS2', '2026-03-02', 3.51],
      ['DGS10', '2026-03-02', 4.12],
      ['DGS2', '2026-03-03', null],
      ['DGS10', '2026-03-03', null],
      ['DGS2', '2026-03-04', 3.49],
      ['DGS10', '2026-03-04', null],
      ['DGS2', '2026-03-09', 3.47],
      ['DGS10', '2026-03-09', 4.08],
    ],
  );
});

t.test('"date,value" takes the series from the caller, upper-cased; without it the file is refused', async (t) => {
  const csv = 'date,value\r\n2026-01-01,1.5\r\n2026-02-01,\r\n';
  t.same(
    parseFredPayload(csv, { seriesId: 'fedfunds' }).observations.map((o) => [o.seriesId, o.value]),
    [
      ['FEDFUNDS', 1.5],
      ['FEDFUNDS', null],
    ],
  );
  t.equal(
    refusal(() => parseFredPayload(csv)),
    'a "date,value" CSV does not name its series: give its id (a file named CPIAUCSL.csv gives CPIAUCSL)',
  );
  t.equal(
    refusal(() => parseFredPayload(csv, { seriesId: 'not an id' })),
    '"not an id" is not a FRED series id',
  );
});

t.test('a file name gives the series id only when it is one', async (t) => {
  t.equal(seriesIdFromFileName('/data/fred/CPIAUCSL.csv'), 'CPIAUCSL');
  t.equal(seriesIdFromFileName('C:\\dl\\t10y2y.csv'), 'T10Y2Y');
  t.equal(
    seriesIdFromFileName('fred_api_series_observations_CPIAUCSL_desc_limit15.json'),
    null,
    'too long for a series id',
  );
  t.equal(seriesIdFromFileName('DGS10 (1).csv'), null);
});

t.test('not FRED CSV: refused as a whole, nothing half-read', async (t) => {
  t.match(
    refusal(() => parseFredPayload('time,price\n2026-01-01,3\n')),
    /^not a FRED CSV: expected a header .* found "time,price"$/,
  );
  t.equal(
    refusal(() => parseFredPayload('date,CPI AUCSL\n2026-01-01,3\n')),
    'not a FRED CSV: column "CPI AUCSL" is not a series id',
  );
  t.match(
    refusal(() => parseFredPayload('')),
    /^not a FRED CSV/,
  );
  t.match(
    refusal(() => parseFredPayload('<html>rate limited</html>')),
    /^not a FRED CSV/,
  );
});

t.test(
  'hostile cells: a quoted comma or newline and an unclosed quote skip their rows; the rest is kept',
  async (t) => {
    // FRED and its mirrors never quote a value (bench/parsers.ts: 23 real files); the reader does not unquote one, so
    // the row it breaks has the wrong number of fields or a value that is not a number, and is skipped with its line.
    const read = (csv: string) => parseFredPayload(csv, { seriesId: 'X' });
    const comma = read('date,value\n2020-01-01,"1,234.5"\n2020-01-02,5\n');
    t.same(
      comma.observations.map((o) => o.value),
      [5],
    );
    t.same(comma.skipped, [{ item: 'line 2', reason: 'expected 2 fields, found 3' }]);
    const newline = read('date,value\n2020-01-01,"12\n34"\n2020-01-02,5\n');
    t.same(
      newline.observations.map((o) => o.value),
      [5],
    );
    t.same(
      newline.skipped.map((s) => s.item),
      ['line 2', 'line 3'],
    );
    const unclosed = read('date,value\n2020-01-01,"5\n2020-01-02,6\n');
    t.same(
      unclosed.observations.map((o) => o.value),
      [6],
      'one bad quote costs its row, not the file',
    );
    t.same(unclosed.skipped, [{ item: 'line 2', reason: 'X: "\\"5" is not a number' }]);
  },
);
