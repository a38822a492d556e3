// FRED's JSON documents beyond the samples: ALFRED observations over several vintages, series metadata, a series'
// release, release dates with names; a bad item skipped with its reason, a document of another shape refused.

import t from 'tap';
import { parseFredPayload } from '../../../../core/sources/fred/index.js';
import { fixture as readFixture } from '../../../../harness/realdata.js';
import { refusal } from '../../../helpers/refusal.js';

const fixture = (name: string) => readFixture(`fred/${name}`);
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

t.test(
  'ALFRED observations: every vintage kept with its realtime range, 9999-12-31 read as still current',
  async (t) => {
    const { observations, skipped } = parseFredPayload(fixture('alfred_GDPC1_vintages.json'), { seriesId: 'GDPC1' });
    t.same(skipped, [
      { item: 'observations[6]', reason: 'date: expected a date YYYY-MM-DD' },
      { item: 'observations[7]', reason: 'value: expected a number from -Infinity to Infinity' },
    ]);
    const q1 = observations.filter((o) => o.date === day('2025-01-01'));
    t.same(
      q1.map((o) => [o.value, o.realtimeStart, o.realtimeEnd]),
      [
        [23501.4, day('2025-04-30'), day('2025-05-28')],
        [23488.2, day('2025-05-29'), day('2025-06-25')],
        [23470.9, day('2025-06-26'), null],
      ],
    );
    t.match(
      observations.find((o) => o.date === day('2025-04-01')),
      { value: null, realtimeEnd: day('2025-08-27') },
      'a missing first vintage',
    );
  },
);

t.test('an observations document needs its series from the caller', async (t) => {
  t.equal(
    refusal(() => parseFredPayload(fixture('alfred_GDPC1_vintages.json'))),
    'a FRED observations document does not name its series: give its id',
  );
});

t.test(
  'series metadata: title, units, frequency and adjustment; an unknown frequency or a bad id skipped',
  async (t) => {
    const { series, skipped } = parseFredPayload(fixture('series_metadata.json'));
    t.same(series[0], {
      source: 'fred',
      sourceKey: 'CPIAUCSL',
      title: 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average',
      units: 'Index 1982-1984=100',
      unitsShort: 'Index 1982-1984=100',
      frequency: 'monthly',
      seasonalAdjustment: 'Seasonally Adjusted',
      seasonalAdjustmentShort: 'SA',
      observationStart: day('1947-01-01'),
      observationEnd: day('2026-02-01'),
      lastUpdated: Date.parse('2026-03-11T07:38:02-05:00'),
      notes:
        'The Consumer Price Index for All Urban Consumers: All Items is a price index of a basket of goods and services paid by urban consumers.',
      sourceUrl: 'https://fred.stlouisfed.org/series/CPIAUCSL',
    });
    t.match(
      series[1],
      { sourceKey: 'ICSA', frequency: 'weekly', unitsShort: null, seasonalAdjustmentShort: null, notes: null },
      'the frequency from its long name',
    );
    t.equal(series.length, 2);
    t.same(skipped, [
      { item: 'seriess[2]', reason: 'frequency: unknown frequency "fortnightly"' },
      { item: 'seriess[3]', reason: 'id: expected a FRED series id' },
    ]);
  },
);

t.test("series from another site in FRED's format cite their page there", async (t) => {
  const { series } = parseFredPayload(fixture('series_metadata.json'), { site: 'https://fred.stlouisfed.example' });
  t.same(
    series.map((s) => s.sourceUrl),
    ['https://fred.stlouisfed.example/series/CPIAUCSL', 'https://fred.stlouisfed.example/series/ICSA'],
  );
});

t.test('release dates with their names', async (t) => {
  const { releaseDates, skipped } = parseFredPayload(fixture('releases_dates_with_names.json'));
  t.same(releaseDates[0], {
    source: 'fred',
    releaseId: '10',
    releaseName: 'Consumer Price Index',
    date: day('2026-04-10'),
  });
  t.equal(releaseDates.length, 3);
  t.same(skipped, [{ item: 'release_dates[3]', reason: 'release_id: expected an integer from 1 to 9007199254740991' }]);
});

t.test('JSON of another shape, a FRED error answer, broken JSON: refused', async (t) => {
  t.match(
    refusal(() =>
      parseFredPayload(
        '{"error_code": 400, "error_message": "Bad Request.  The value for variable api_key is not registered."}',
      ),
    ),
    /^a FRED error answer: Bad Request/,
  );
  t.match(
    refusal(() => parseFredPayload('{"observations": 3}')),
    /^not a FRED payload/,
  );
  t.match(
    refusal(() => parseFredPayload('{"seriess": [}')),
    /^not JSON/,
  );
  t.match(
    refusal(() => parseFredPayload('[1, 2]')),
    /^not a FRED payload: expected an object/,
  );
});

t.test(
  "a series' release: the release that publishes it, the series from the caller; a list of every release refused",
  async (t) => {
    const { seriesReleases, skipped } = parseFredPayload(fixture('series_release_UNRATE.json'), { seriesId: 'unrate' });
    t.same(seriesReleases, [
      { source: 'fred', seriesId: 'UNRATE', releaseId: '50', releaseName: 'Employment Situation' },
    ]);
    t.same(skipped, []);
    t.equal(
      refusal(() => parseFredPayload(fixture('series_release_UNRATE.json'))),
      "a FRED series' release document does not name its series: give its id",
    );
    t.equal(
      refusal(() => parseFredPayload(fixture('releases_all.json'), { seriesId: 'CPIAUCSL' })),
      'a list of 2 releases is not the release of one series (/fred/series/release)',
    );
  },
);
