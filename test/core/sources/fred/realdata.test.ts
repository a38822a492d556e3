// Every real FRED sample parses whole, in each of its layouts: counts, missing values and pinned observations.
import t from 'tap';
import { parseFredPayload } from '../../../../core/sources/fred/index.js';
import { seriesIdFromFileName } from '../../../../core/sources/fred/series-id.js';
import type { ObservationRecord } from '../../../../core/sources/macro-records.js';
import { readRealdata, realdataFiles, realdataSkip } from '../../../../harness/realdata.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const at = (observations: ObservationRecord[], iso: string) => observations.find((o) => o.date === day(iso));

/** Each sample: its series, observations, missing values, first date (oldest first), one pinned value (null: missing). */
const SAMPLES: [
  path: string,
  seriesId: string,
  rows: number,
  missing: number,
  first: string,
  pin: [string, number | null],
][] = [
  [
    'fred/api_json/fred_api_series_observations_CPIAUCSL_desc_limit15.json',
    'CPIAUCSL',
    15,
    1,
    '2025-06-01',
    ['2025-10-01', null],
  ],
  ['fred/csv_date_value/CPIAUCSL.csv', 'CPIAUCSL', 551, 1, '1980-01-01', ['2025-11-01', 325.031]],
  ['fred/csv_date_value/DCOILWTICO.csv', 'DCOILWTICO', 10433, 366, '1986-01-02', ['2025-12-29', 57.89]],
  ['fred/csv_date_value/DGS10.csv', 'DGS10', 12001, 502, '1980-01-01', ['2025-12-30', 4.14]],
  ['fred/csv_date_value/DGS2.csv', 'DGS2', 12001, 502, '1980-01-01', ['1980-01-02', 11.39]],
  ['fred/csv_date_value/DTWEXBGS.csv', 'DTWEXBGS', 5215, 205, '2006-01-02', ['2025-12-25', null]],
  ['fred/csv_date_value/FEDFUNDS.csv', 'FEDFUNDS', 551, 0, '1980-01-01', ['2025-11-01', 3.88]],
  ['fred/csv_date_value/GDP.csv', 'GDP', 183, 0, '1980-01-01', ['2025-07-01', 31095.089]],
  ['fred/csv_date_value/GDPC1.csv', 'GDPC1', 183, 0, '1980-01-01', ['2025-07-01', 24024.957]],
  ['fred/csv_date_value/ICSA.csv', 'ICSA', 2400, 0, '1980-01-05', ['2025-12-27', 199000]],
  ['fred/csv_date_value/PAYEMS.csv', 'PAYEMS', 551, 0, '1980-01-01', ['2025-11-01', 159552]],
  ['fred/csv_date_value/PCEPILFE.csv', 'PCEPILFE', 549, 0, '1980-01-01', ['2025-09-01', 126.955]],
  ['fred/csv_date_value/RSXFS.csv', 'RSXFS', 406, 0, '1992-01-01', ['2025-10-01', 633232]],
  ['fred/csv_date_value/SP500.csv', 'SP500', 2609, 95, '2016-01-01', ['2025-12-31', 6845.5]],
  ['fred/csv_date_value/T10Y2Y.csv', 'T10Y2Y', 12002, 502, '1980-01-01', ['1980-01-02', -0.89]],
  ['fred/csv_date_value/UNRATE.csv', 'UNRATE', 551, 1, '1980-01-01', ['2025-10-01', null]],
  ['fred/csv_date_value/VIXCLS.csv', 'VIXCLS', 9391, 300, '1990-01-02', ['2025-12-30', 14.33]],
  ['fred/csv_native_fredgraph/DGS10.csv', 'DGS10', 2945, 122, '2015-01-02', ['2026-04-16', 4.32]],
  ['fred/csv_native_fredgraph_legacy/DGS10.csv', 'DGS10', 1304, 55, '2012-07-09', ['2017-07-06', 2.37]],
  ['fred/csv_native_fredgraph_legacy/FEDFUNDS.csv', 'FEDFUNDS', 756, 0, '1954-07-01', ['1954-07-01', 0.8]],
  ['fred/csv_native_fredgraph_legacy/T10Y2Y.csv', 'T10Y2Y', 1304, 55, '2012-07-09', ['2017-07-06', 0.97]],
  ['fred/csv_quoted_header/FEDFUNDS.csv', 'FEDFUNDS', 833, 0, '1954-07-01', ['2023-11-01', 5.33]],
  ['fred/csv_quoted_header/PAYEMS.csv', 'PAYEMS', 1019, 0, '1939-01-01', ['2023-11-01', 157087]],
  ['fred/csv_quoted_header/PCEPILFE.csv', 'PCEPILFE', 778, 0, '1959-01-01', ['2023-10-01', 120.107]],
  ['fred/csv_quoted_header/UNRATE.csv', 'UNRATE', 911, 0, '1948-01-01', ['2023-11-01', 3.7]],
];

const skip = realdataSkip('fred');

t.test('every file under fred/ is one of the samples named here', { skip }, async (t) => {
  t.same(realdataFiles('fred'), SAMPLES.map((s) => s[0]).sort());
});

for (const [path, seriesId, rows, missing, first, [pinDate, pinValue]] of SAMPLES) {
  t.test(path, { skip }, async (t) => {
    // Only the API document and the `date,value` exports need the id from outside; the others name it in their header.
    const given = path.includes('/api_json/')
      ? 'CPIAUCSL'
      : path.includes('/csv_date_value/')
        ? seriesIdFromFileName(path)
        : null;
    const { observations, skipped, series, releaseDates } = parseFredPayload(readRealdata(path), { seriesId: given });
    t.same(skipped, [], 'no row skipped');
    t.same([series.length, releaseDates.length], [0, 0]);
    t.equal(observations.length, rows);
    t.ok(observations.every((o) => o.seriesId === seriesId && o.source === 'fred'));
    t.equal(observations.filter((o) => o.value === null).length, missing, 'missing values are null, never zero');
    t.equal(observations[0]!.date, day(first));
    t.ok(
      observations.every((o, k) => k === 0 || o.date > observations[k - 1]!.date),
      'oldest first, one per date',
    );
    t.equal(at(observations, pinDate)?.value, pinValue, `${seriesId} on ${pinDate}`);
  });
}

t.test(
  'the API document keeps each value with its realtime range; its "." month is missing, not zero',
  { skip },
  async (t) => {
    const { observations } = parseFredPayload(readRealdata(SAMPLES[0]![0]), { seriesId: 'cpiaucsl' });
    t.match(at(observations, '2026-08-01'), {
      seriesId: 'CPIAUCSL',
      value: 334.131,
      realtimeStart: day('2026-09-26'),
      realtimeEnd: day('2026-09-26'),
    });
    t.match(at(observations, '2025-10-01'), { value: null, realtimeStart: day('2026-09-26') });
    t.equal(at(observations, '2025-09-01')?.value, 324.245);
  },
);

t.test('a plain CSV says nothing of vintages: its realtime range is unknown, not invented', { skip }, async (t) => {
  const { observations } = parseFredPayload(readRealdata('fred/csv_native_fredgraph/DGS10.csv'));
  t.ok(observations.every((o) => o.realtimeStart === null && o.realtimeEnd === null));
});

t.test('the FRED release-dates calendar: release 9 on three dates', { skip: realdataSkip('calendars') }, async (t) => {
  const { releaseDates, skipped } = parseFredPayload(readRealdata('calendars/fred_api_release_dates_rid9.json'));
  t.same(skipped, []);
  t.same(
    releaseDates,
    ['2026-10-15', '2026-11-17', '2026-12-16'].map((d) => ({
      source: 'fred',
      releaseId: '9',
      releaseName: null,
      date: day(d),
    })),
  );
});
