// /v1/macro, /v1/macro/dashboard and /v1/macro/{slug} over real HTTP on a server filled by importing files alone: FRED
// vintages (a revised first print and a missing month), a long daily CSV downsampled on a worker, release dates and a
// release catalyst ahead (the next release), release stories, a market on the series; bad input; and the real FRED
// samples when present.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { downsampleIndices } from '../../../../core/kernels/downsample.js';
import { catalogBySlug } from '../../../../core/macro/catalog.js';
import { DAY_MS } from '../../../../core/time.js';
import { REALDATA, realdataSkip } from '../../../../harness/realdata.js';
import { importFiles, ROOT, type ServerHandle, startServer } from '../../../../harness/server.js';
import { pinnedClock } from '../../../helpers/clock.js';

type Json = Record<string, any>;

const scratch = mkdtempSync(join(tmpdir(), 'tw-macro-'));
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));
const fixtureFile = (path: string) => join(ROOT, 'test/fixtures', path);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// The fixtures' dates are fixed: so is the day the test runs on.
const { nowMs: now, env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');
const today = now - (now % DAY_MS);

// A long daily series (weekdays) named by its file: a wave, one spike, one dip and a missing value every 500 days.
const DAILY = 6000;
const dates: number[] = [];
for (let d = Date.UTC(2003, 0, 1); dates.length < DAILY; d += DAY_MS)
  if (![0, 6].includes(new Date(d).getUTCDay())) dates.push(d);
const daily = dates.map((_, k) =>
  k % 500 === 250 ? null : Math.round((4 + Math.sin(k / 40) + (k === 3000 ? 5 : 0) - (k === 4500 ? 6 : 0)) * 100) / 100,
);
writeFileSync(
  join(scratch, 'DGS10.csv'),
  `date,value\n${dates.map((d, k) => `${isoDay(d)},${daily[k] ?? ''}`).join('\n')}\n`,
);
// Release calendars ahead of today: CPI (release 10) in 20 and 50 days, the jobs report (50) in 5, and one passed.
writeFileSync(
  join(scratch, 'release-dates.json'),
  JSON.stringify({
    release_dates: [
      { release_id: 10, release_name: 'Consumer Price Index', date: isoDay(today + 50 * DAY_MS) },
      { release_id: 10, release_name: 'Consumer Price Index', date: isoDay(today + 20 * DAY_MS) },
      { release_id: 10, release_name: 'Consumer Price Index', date: isoDay(today - 10 * DAY_MS) },
      { release_id: 50, release_name: 'Employment Situation', date: isoDay(today + 5 * DAY_MS) },
    ],
  }),
);
// The CPI's next release as a scheduled catalyst 3 days ahead (sooner than its calendar), and a story of its last one.
const cpi = { type: 'macro', id: 'us-cpi', name: 'US consumer price index' };
const cpiAt = new Date(today + 3 * DAY_MS + 13.5 * 3_600_000).toISOString();
writeFileSync(
  join(scratch, 'calendar.json'),
  JSON.stringify({
    feed: 'tapewire-demo-calendar',
    entries: [
      {
        uid: 'cpi-next',
        category: 'macro_release',
        title: 'US CPI (next)',
        scheduled: cpiAt,
        precision: 'minute',
        confirmed: true,
        description: null,
        consensus: '+0.3% m/m',
        link: null,
        about: [cpi],
      },
    ],
  }),
);
writeFileSync(
  join(scratch, 'wire.json'),
  JSON.stringify({
    feed: 'tapewire-demo-wire',
    items: [
      {
        guid: 'cpi-aug',
        published: '2025-09-11T12:30:00Z',
        precision: 'minute',
        category: 'macro_release',
        title: 'US consumer prices rose 0.3% in August',
        importance: 70,
        provider: 'Macro Desk',
        link: 'https://macrodesk.example/cpi-aug',
        about: [cpi],
      },
      {
        guid: 'cpi-other',
        published: '2025-09-12T12:30:00Z',
        precision: 'minute',
        category: 'news',
        title: 'A column on prices',
        importance: 20,
        provider: 'Macro Desk',
        link: 'https://macrodesk.example/column',
        about: [cpi],
      },
    ],
  }),
);

const server = await startServer({ env: { ...CLOCK, RATE_LIMIT_ANON_RPM: '1000000', META_REFRESH_S: '1' } });
t.teardown(() => server.dispose());

async function get(path: string, status = 200, on: ServerHandle = server): Promise<Json> {
  const res = await on.get(path);
  const body = (await res.json()) as Json;
  if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function load(...args: string[]): Promise<string> {
  return loadInto(server, ...args);
}

async function loadInto(on: ServerHandle, ...args: string[]): Promise<string> {
  const run = await importFiles(on.dataDir, ...args);
  if (run.code !== 0) throw new Error(`import ${args.join(' ')}: ${run.code} ${run.stdout} ${run.stderr}`);
  return run.stdout;
}

t.test(
  'files alone fill an empty server: each series added from the catalog or its id, reported per file',
  async (t) => {
    const first = await load(
      'fred',
      fixtureFile('fred/CPIAUCSL.json'),
      fixtureFile('fred/alfred_PAYEMS_vintages.csv'),
      join(scratch, 'DGS10.csv'),
      join(scratch, 'release-dates.json'),
    );
    t.match(
      first,
      /CPIAUCSL\.json: series: read 1, written 1, already stored 0; observations: read 15, written 15, already stored 0\n/,
    );
    t.match(
      first,
      /alfred_PAYEMS_vintages\.csv: series: read 1, written 1, already stored 0; observations: read 6, written 6, already stored 0\n/,
    );
    t.match(
      first,
      /DGS10\.csv: series: read 1, written 1, already stored 0; observations: read 6000, written 6000, already stored 0\n/,
    );
    t.match(first, /release-dates\.json: releaseDates: read 4, written 4, already stored 0\n/);
    const again = await load('fred', fixtureFile('fred/CPIAUCSL.json'));
    t.match(
      again,
      /series: read 1, written 0, already stored 1; observations: read 15, written 0, already stored 15/,
      'the same file again writes nothing',
    );
    const release = await load('fred', fixtureFile('fred/series_release_UNRATE.json'), '--key', 'UNRATE');
    t.match(
      release,
      /seriesReleases: read 1, written 0, already stored 0; skipped 1 item\n {2}seriesReleases fred:UNRATE: the series is not stored/,
      'the release of a series not stored is left out',
    );
    await load('demo', join(scratch, 'calendar.json'), join(scratch, 'wire.json'), '--mix');
    await load('polymarket', fixtureFile('polymarket/gamma_markets.json'));
  },
);

t.test('/v1/macro: every series with its numbers, by category', async (t) => {
  const { data, page } = await get('/v1/macro');
  t.same(
    data.map((s: Json) => s.slug),
    ['us-10y-yield', 'us-cpi', 'us-payrolls'],
    'rates, inflation, jobs',
  );
  t.same(page, { limit: 3, offset: 0, nextOffset: null });
  const us = data.find((s: Json) => s.slug === 'us-cpi');
  t.same(us, {
    type: 'macro',
    key: 'us-cpi',
    label: 'US consumer price index',
    path: '/macro/us-cpi',
    slug: 'us-cpi',
    name: 'US consumer price index',
    category: 'inflation',
    source: 'fred',
    sourceId: 'CPIAUCSL',
    units: 'Index 1982-1984=100',
    frequency: 'monthly',
    seasonalAdjustment: 'SA',
    displayMode: 'pct_change_yoy',
    // September is missing (FRED's "."): the latest is August, compared with July's revised value and August a year before.
    latest: { date: '2025-08-01', value: 323.4 },
    change: 1.1,
    changePct: Number(((323.4 / 322.3 - 1) * 100).toPrecision(12)),
    yoyChange: 9.3,
    yoyPct: Number(((323.4 / 314.1 - 1) * 100).toPrecision(12)),
    headline: Number(((323.4 / 314.1 - 1) * 100).toPrecision(12)),
  });
  t.match(
    data.find((s: Json) => s.slug === 'us-payrolls'),
    { displayMode: 'change', latest: { date: '2026-01-01', value: 159815 }, change: 113, headline: 113 },
    'payrolls by the change, in the latest vintage',
  );
});

t.test('/v1/macro/dashboard: the headline series stored, in its order, with the next release', async (t) => {
  const { data } = await get('/v1/macro/dashboard');
  t.same(
    data.map((s: Json) => s.slug),
    ['us-cpi', 'us-payrolls', 'us-10y-yield'],
  );
  const [cpiRow, payrolls] = data;
  t.match(cpiRow, {
    headline: Number(((323.4 / 314.1 - 1) * 100).toPrecision(12)),
    latest: { date: '2025-08-01', value: 323.4 },
  });
  t.match(
    cpiRow.nextRelease,
    { date: cpiAt.slice(0, 10), expectedAt: cpiAt, name: 'US CPI (next)' },
    'its catalyst, sooner than its calendar',
  );
  t.type(cpiRow.nextRelease.catalystId, 'number');
  t.same(
    payrolls.nextRelease,
    { date: isoDay(today + 5 * DAY_MS), expectedAt: null, name: 'Employment Situation', catalystId: null },
    'its release calendar',
  );
  t.equal(data[2].nextRelease, null, 'no calendar loaded for its release');
});

t.test(
  '/v1/macro/{slug}: definition, why it matters, revisions, release stories, catalysts, markets, observations',
  async (t) => {
    const { data } = await get('/v1/macro/us-cpi');
    const known = catalogBySlug('us-cpi')!;
    t.match(data, {
      whyItMatters: known.whyItMatters,
      sourceUrl: 'https://fred.stlouisfed.org/series/CPIAUCSL',
      release: { id: '10', name: 'Consumer Price Index', schedule: known.release!.schedule },
      observationCount: 14,
      downsampled: false,
    });
    t.same(data.revisions, [
      { date: '2025-07-01', firstPrint: 322.1, firstPrintedOn: '2025-08-12', value: 322.3, revisedOn: '2025-09-11' },
    ]);
    t.same(
      data.observations.slice(-3),
      [
        { date: '2025-07-01', value: 322.3, firstPrint: 322.1 },
        { date: '2025-08-01', value: 323.4, firstPrint: null },
        { date: '2025-09-01', value: null, firstPrint: null },
      ],
      'the first print beside a revised value; a missing month null, never zero',
    );
    t.same(
      data.releaseStories.map((e: Json) => e.headline),
      ['US consumer prices rose 0.3% in August'],
      'release stories only',
    );
    t.same(
      data.catalysts.map((c: Json) => c.title),
      ['US CPI (next)'],
    );
    t.same(
      data.markets.map((m: Json) => m.slug),
      [],
      'its market is closed',
    );
    t.same((await get('/v1/macro/CPIAUCSL')).data, data, "by the source's id, any case");
    t.same(
      (await get('/v1/macro/US-CPI?from=2025-08-01')).data.observations.map((o: Json) => o.date),
      ['2025-08-01', '2025-09-01'],
      'from a date',
    );
    const first = data.observations[0].date;
    t.equal(data.availableFrom, first, 'availableFrom: the first observation held');
    t.notOk('notice' in data, 'no notice without from');
    const early = (await get('/v1/macro/us-cpi?from=1990-01-01')).data;
    t.equal(
      early.notice,
      `The held observations of us-cpi start on ${first}: nothing earlier is held, so they start there`,
      'the answer says it starts later than asked',
    );

    const payrolls = (await get('/v1/macro/us-payrolls')).data;
    t.same(
      payrolls.observations,
      [
        { date: '2025-11-01', value: 159585, firstPrint: 159600 },
        { date: '2025-12-01', value: 159702, firstPrint: 159650 },
        { date: '2026-01-01', value: 159815, firstPrint: null },
        { date: '2026-02-01', value: null, firstPrint: null },
      ],
      'ALFRED vintage columns: each revision beside its first print',
    );
    t.same(
      payrolls.revisions.map((r: Json) => [r.date, r.firstPrintedOn, r.revisedOn]),
      [
        ['2025-12-01', '2026-02-06', '2026-03-06'],
        ['2025-11-01', '2026-01-09', '2026-02-06'],
      ],
    );
  },
);

t.test('maxPoints: min and max per bucket of time, computed on a worker for a long series', async (t) => {
  const { data } = await get('/v1/macro/us-10y-yield?maxPoints=500');
  t.equal(data.observationCount, DAILY);
  t.equal(data.downsampled, true);
  t.ok(data.observations.length <= 500, `${data.observations.length} points`);
  const values = new Float64Array(daily.map((v) => v ?? NaN));
  const out = new Int32Array(500);
  const count = downsampleIndices(new Float64Array(dates), values, 500, out);
  t.same(
    data.observations.map((o: Json) => o.date),
    Array.from(out.subarray(0, count), (i) => isoDay(dates[i]!)),
    'the kernel run inline chooses the same points',
  );
  const shown = data.observations.map((o: Json) => o.value).filter((v: number | null) => v !== null);
  const all = daily.filter((v) => v !== null) as number[];
  t.equal(Math.max(...shown), Math.max(...all), 'the spike kept');
  t.equal(Math.min(...shown), Math.min(...all), 'the dip kept');
  t.equal(data.observations[0].date, isoDay(dates[0]!));
  t.equal(data.observations.at(-1).date, isoDay(dates.at(-1)!));
  const small = (await get('/v1/macro/us-10y-yield?maxPoints=10&from=2020-01-01')).data;
  t.ok(small.observations.length <= 10 && small.observations[0].date >= '2020-01-01', 'from, then downsampled');
  t.equal((await get(`/v1/macro/us-10y-yield?maxPoints=${DAILY}`)).data.downsampled, false, 'all of them fit');
});

t.test('search finds series by name, slug and source id; meta and the snapshot show them', async (t) => {
  t.match((await get('/v1/search?q=payrolls&type=macro')).data, [
    { type: 'macro', key: 'us-payrolls', path: '/macro/us-payrolls' },
  ]);
  t.match((await get('/v1/search?q=PAYEMS')).data[0], { type: 'macro', key: 'us-payrolls' });
  const meta = (await get('/v1/meta')).data;
  t.equal(meta.coverage.macroObservation, '2026-02-01', 'the latest date of any series: payrolls');
  t.equal(meta.stats.macro_series, 3);
  const snapshot = (await get('/v1/market/snapshot')).data;
  t.same(
    snapshot.macro.map((r: Json) => r.slug),
    ['us-cpi', 'us-payrolls', 'us-10y-yield'],
    "the dashboard's rows",
  );
  t.same((await get('/v1/meta/vocabulary')).data.macroDisplayModes, [
    'level',
    'change',
    'pct_change_mom',
    'pct_change_yoy',
    'rate',
  ]);
});

t.test('bad input: unknown series 404; maxPoints, dates and parameters 422', async (t) => {
  t.match(await get('/v1/macro/nosuch', 404), {
    error: { code: 'not_found', message: 'Macro series nosuch not found' },
  });
  for (const query of [
    'maxPoints=9',
    'maxPoints=100001',
    'maxPoints=abc',
    'maxPoints=1.5',
    'from=2026-02-30',
    'from=2026-1-1',
    'from=2026-01-01T00:00Z',
    'maxPoints=10&maxPoints=20',
    'x=1',
  ]) {
    t.match(await get(`/v1/macro/us-cpi?${query}`, 422), { error: { code: 'validation_failed' } }, query);
  }
  t.match(await get(`/v1/macro/${'s'.repeat(121)}`, 422), { error: { details: [{ in: 'path', param: 'slug' }] } });
  t.match(
    await get('/v1/macro?limit=5', 422),
    { error: { code: 'validation_failed' } },
    'the list takes no parameters',
  );
  t.match(await get('/v1/macro/dashboard?x=1', 422), { error: { code: 'validation_failed' } });
});

t.test(
  'the real FRED samples: every file imports, a missing CPI month stays missing',
  { skip: realdataSkip('fred'), timeout: 240_000 },
  async (t) => {
    const real = await startServer({ env: { ...CLOCK, RATE_LIMIT_ANON_RPM: '1000000' } });
    t.teardown(() => real.dispose());
    await loadInto(real, 'fred', join(REALDATA, 'fred/csv_date_value'), join(REALDATA, 'fred/csv_native_fredgraph'));
    await loadInto(real, 'fred', join(REALDATA, 'fred/api_json'), '--key', 'CPIAUCSL');
    const list = (await get('/v1/macro', 200, real)).data as Json[];
    t.equal(list.length, 16, 'one series per file, DGS10 twice');
    t.ok(
      list.every((s) => s.category !== 'other' && s.latest !== null),
      'all known to the catalog, each with a latest value',
    );
    const us = (await get('/v1/macro/us-cpi?from=2025-09-01', 200, real)).data;
    t.match(
      us.observations.find((o: Json) => o.date === '2025-10-01'),
      { value: null },
      'October 2025 is missing in every file',
    );
    t.match(us.latest, { date: '2026-08-01' }, 'the API answer is a later vintage than the CSV');
    const oil = (await get('/v1/macro/wti-crude-oil?maxPoints=500', 200, real)).data;
    t.ok(oil.observationCount > 10_000 && oil.observations.length <= 500 && oil.downsampled);
    t.equal(
      Math.min(...oil.observations.filter((o: Json) => o.value !== null).map((o: Json) => o.value)),
      -36.98,
      'the negative close of April 2020 kept',
    );
  },
);
