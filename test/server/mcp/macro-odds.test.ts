// The macro and prediction-market tools over real HTTP through the SDK's own Client, on a server filled by importing
// FRED, Polymarket and Kalshi files alone (the demo holds no such data): each answer valid against its outputSchema,
// the same data as the HTTP route, a long daily series downsampled and a long history cut within the answer size, and
// bad arguments as tool errors.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { DAY_MS } from '../../../core/time.js';
import { createKey, importFiles, ROOT, startServer } from '../../../harness/server.js';
import { pinnedClock } from '../../helpers/clock.js';
import { connectMcp, type Json, tokens } from '../../helpers/mcp.js';

// The dates written here are fixed: so is the day the test runs on (see test/helpers/clock.ts).
const { env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');

const fixtureFile = (path: string) => join(ROOT, 'test/fixtures', path);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const scratch = mkdtempSync(join(tmpdir(), 'tw-mcp-macro-'));
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));
// A daily 10-year yield since 1990 (about 9,000 weekdays) and a Yes price every 30 minutes over 100 days.
const days: number[] = [];
for (let d = Date.UTC(1990, 0, 2); d < Date.UTC(2025, 0, 1); d += DAY_MS)
  if (![0, 6].includes(new Date(d).getUTCDay())) days.push(d);
writeFileSync(
  join(scratch, 'DGS10.csv'),
  `date,value\n${days.map((d, k) => `${isoDay(d)},${(4 + Math.sin(k / 50)).toFixed(2)}`).join('\n')}\n`,
);
const START = Date.parse('2026-01-20T00:00:00Z');
const history = Array.from({ length: 100 * 48 }, (_, k) => ({
  t: (START + k * 1_800_000) / 1000,
  p: Math.round((0.1 + (k % 500) / 1000) * 1e4) / 1e4,
}));
writeFileSync(join(scratch, 'prices-history.json'), JSON.stringify({ history }));
const cpi = { type: 'macro', id: 'us-cpi', name: 'US consumer price index' };
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
    ],
  }),
);

const server = await startServer({ env: { ...CLOCK, TAPEWIRE_ANON: '0', META_REFRESH_S: '1' } });
t.teardown(() => server.dispose());
for (const args of [
  [
    'fred',
    fixtureFile('fred/CPIAUCSL.json'),
    fixtureFile('fred/alfred_PAYEMS_vintages.csv'),
    join(scratch, 'DGS10.csv'),
  ],
  ['polymarket', fixtureFile('polymarket/gamma_event_rates.json'), fixtureFile('polymarket/gamma_markets.json')],
  ['polymarket', join(scratch, 'prices-history.json'), '--key', '4001'],
  ['kalshi', fixtureFile('kalshi/event_single_2026.json'), fixtureFile('kalshi/markets_cents_2025.json')],
  ['demo', join(scratch, 'wire.json'), '--mix'],
]) {
  const run = await importFiles(server.dataDir, ...args);
  if (run.code !== 0) throw new Error(`import ${args.join(' ')}: ${run.stdout} ${run.stderr}`);
}
const key = await createKey(server, 'mcp', 100_000_000);

const { call, toolError, http } = await connectMcp(t, server, key);

t.test("get_macro_series: the route's series, its observations within the answer", async (t) => {
  const cpiSeries = await call('get_macro_series', { slug: 'CPIAUCSL' });
  t.same(cpiSeries, await http('/v1/macro/us-cpi'), 'a short series whole, as the route answers it');
  t.equal(
    cpiSeries.data.releaseStories[0].sourceUrl,
    'https://macrodesk.example/cpi-aug',
    'release stories with their source',
  );
  const long = await call('get_macro_series', { slug: 'us-10y-yield' });
  t.equal(long.data.observationCount, days.length);
  t.equal(long.data.observations.length, 400, 'downsampled to 400 by default');
  t.same(long.data, (await http('/v1/macro/us-10y-yield?maxPoints=400')).data, "as the route's maxPoints");
  t.match(long.notice, new RegExp(`${days.length} observations downsampled to 400`));
  t.equal(
    (await call('get_macro_series', { slug: 'us-10y-yield', maxPoints: 100000 })).data.observations.length,
    400,
    'never more than 400',
  );
  const recent = await call('get_macro_series', { slug: 'us-10y-yield', from: '2024-11-01', maxPoints: 50 });
  t.equal(recent.data.observations[0].date, '2024-11-01');
  t.ok(recent.data.observations.length <= 50);
});

t.test('get_macro_dashboard: the headline series stored, as the route', async (t) => {
  const dashboard = await call('get_macro_dashboard', {});
  t.same(dashboard, await http('/v1/macro/dashboard'));
  t.same(
    dashboard.data.map((r: Json) => r.slug),
    ['us-cpi', 'us-payrolls', 'us-10y-yield'],
  );
});

t.test('get_prediction_markets: the list as /v1/odds, one market as /v1/odds/{slug}', async (t) => {
  t.same(await call('get_prediction_markets', {}), await http('/v1/odds'));
  const rates = await call('get_prediction_markets', { entity: 'macro:fed-funds-rate', limit: 2 });
  t.same(rates, await http('/v1/odds?entity=macro:fed-funds-rate&limit=2'));
  t.equal(rates.page.nextOffset, 2, 'paged');
  t.same(
    await call('get_prediction_markets', { slug: 'KXFED-26MAR-T3.50' }),
    await http('/v1/odds/KXFED-26MAR-T3.50'),
    'by its ticker',
  );
  const daily = await call('get_prediction_markets', {
    slug: 'fed-cut-25-march-2026',
    interval: '1d',
    from: '2026-01-01',
  });
  t.same(daily, await http('/v1/odds/fed-cut-25-march-2026?interval=1d&from=2026-01-01'));
  t.equal(daily.data.history[0].points.length, 100);
});

t.test('a long history is cut to its latest points within the answer size', async (t) => {
  const full = (await http('/v1/odds/fed-cut-25-march-2026?from=2026-01-01')).data;
  t.ok(
    tokens(JSON.stringify({ data: full })) > 20_000,
    `the route's answer: ${tokens(JSON.stringify({ data: full }))} tokens`,
  );
  const cut = await call('get_prediction_markets', { slug: 'fed-cut-25-march-2026', from: '2026-01-01' });
  const points = cut.data.history[0].points;
  t.ok(points.length < full.history[0].points.length);
  t.same(points, full.history[0].points.slice(-points.length), 'the latest points kept');
  t.match(cut.notice, /history points \(the latest kept\): \d+ of \d+ shown \(pass a later from, or interval=1d\)/);
});

t.test('bad arguments and unknown entities: tool errors with their code', async (t) => {
  const BAD: [string, Json, string][] = [
    ['get_macro_series', { slug: 'no-such-series' }, 'not_found'],
    ['get_macro_series', { slug: 'us-cpi', from: '2025-02-30' }, 'validation_failed'],
    ['get_macro_series', { slug: 'us-cpi', maxPoints: 5 }, 'validation_failed'],
    ['get_macro_dashboard', { all: true }, 'validation_failed'],
    ['get_prediction_markets', { slug: 'no-such-market' }, 'not_found'],
    ['get_prediction_markets', { status: 'pending' }, 'validation_failed'],
    ['get_prediction_markets', { entity: 'planet:mars' }, 'bad_request'],
    ['get_prediction_markets', { from: '2026-01-01' }, 'validation_failed'],
    ['get_prediction_markets', { slug: 'fed-cut-25-march-2026', q: 'fed' }, 'validation_failed'],
    ['get_prediction_markets', { slug: 'fed-cut-25-march-2026', interval: '5m' }, 'validation_failed'],
  ];
  for (const [name, args, code] of BAD) {
    const error = await toolError(name, args);
    t.equal(error.code, code, `${name} ${JSON.stringify(args)}: ${error.message}`);
  }
});

/** Every id a brief names resolves through its endpoint, with the sourceUrl its citation gives. */
async function resolves(t: Test, b: Json, label: string) {
  const citations = new Map<string, Json>(b.citations.map((c: Json) => [c.id, c]));
  t.equal(citations.size, b.citations.length, `${label}: each id cited once`);
  for (const e of b.events)
    t.equal(
      citations.get(`event:${e.id}`)?.sourceUrl,
      (await http(`/v1/events/${e.id}`)).data.sourceUrl,
      `${label}: event ${e.id}`,
    );
  for (const m of b.odds) {
    const { data } = await http(`/v1/odds/${m.slug}`);
    t.equal(citations.get(`market:${m.slug}`)?.sourceUrl, data.sourceUrl, `${label}: market ${m.slug}`);
    t.same(m.outcomes, data.outcomes);
  }
  for (const r of b.macro) {
    const { data } = await http(`/v1/macro/${r.slug}`);
    t.equal(r.sourceUrl, data.sourceUrl);
    if (r.sourceUrl) t.equal(citations.get(`macro:${r.slug}`)?.sourceUrl, data.sourceUrl, `${label}: series ${r.slug}`);
    t.same(r.latest, data.latest);
  }
  for (const path of new Set<string>(b.facts.map((f: Json) => f.path).filter(Boolean))) await http(`/v1${path}`);
}

t.test(
  'the brief of a macro series: its numbers, release stories, markets on it and the other headline series, cited',
  async (t) => {
    const { data: b } = await http('/v1/brief/macro/us-cpi');
    t.match(b.subject, { type: 'macro', key: 'us-cpi', path: '/macro/us-cpi' });
    t.equal(b.price, null);
    t.match(
      b.facts.map((f: Json) => f.text),
      [
        /^US consumer price index \(CPIAUCSL at fred\): inflation, monthly/,
        String,
        /^Latest: 323\.4.* for the period from 2025-08-01/,
      ],
    );
    t.ok(
      b.facts.some(
        (f: Json) =>
          f.text ===
          'Recent observations: 2025-04-01 320.6, 2025-05-01 321.5, 2025-06-01 321.9, 2025-07-01 322.3, 2025-08-01 323.4, 2025-09-01 missing',
      ),
      'its latest observations',
    );
    t.ok(
      b.facts.some(
        (f: Json) =>
          /^Revised: the period from 2025-07-01 was first printed 322\.1/.test(f.text) &&
          f.sourceUrl === 'https://fred.stlouisfed.org/series/CPIAUCSL',
      ),
    );
    t.same(
      b.events.map((e: Json) => e.sourceUrl),
      ['https://macrodesk.example/cpi-aug'],
      'its release story, older than a year',
    );
    t.same(
      b.odds.map((m: Json) => m.slug).sort(),
      (await http('/v1/odds?entity=macro:us-cpi')).data.map((m: Json) => m.slug).sort(),
      'the markets on it',
    );
    t.same(
      b.macro.map((r: Json) => r.slug),
      ['us-payrolls', 'us-10y-yield'],
      'the other headline series',
    );
    t.equal(b.notYetAvailable, null);
    await resolves(t, b, 'us-cpi');
    t.same(
      (await call('get_brief', { type: 'macro', key: 'CPIAUCSL' })).data.subject,
      b.subject,
      'by its source id, through MCP',
    );
  },
);

t.test(
  'the brief of a prediction market: its probabilities and their path, its event, its siblings, cited',
  async (t) => {
    const { data: b } = await http('/v1/brief/market/fed-cut-25-march-2026');
    t.match(b.subject, { type: 'market', key: 'fed-cut-25-march-2026', path: '/odds/fed-cut-25-march-2026' });
    const facts = b.facts.map((f: Json) => f.text);
    t.ok(facts.includes('Probabilities: Yes 11.5%, No 88.5%'), 'the outcomes as percentages');
    t.ok(
      facts.includes('Yes moved from 14.7% on 2026-01-20 to 39.9% on 2026-04-29'),
      "how its Yes moved, by each day's last price",
    );
    t.ok(facts.includes('About: Federal funds target rate (macro:fed-funds-rate)'), 'what it is about, by its key');
    t.ok(
      facts.some((f: string) => f.startsWith('Part of "Fed decision in March 2026?"')),
      'its event',
    );
    t.ok(b.facts.every((f: Json) => f.path === null || f.path.startsWith('/')));
    await resolves(t, b, 'fed-cut');
    const kalshi = (await call('get_brief', { type: 'market', key: 'KXFED-26MAR-T3.50' })).data;
    t.same(
      kalshi.odds.map((m: Json) => m.slug),
      ['kxfed-26mar-t3.75'],
      'the other markets of its event, through MCP',
    );
    t.equal(kalshi.citations.find((c: Json) => c.id === 'market:kxfed-26mar-t3.75')?.path, '/odds/kxfed-26mar-t3.75');
    await resolves(t, kalshi, 'kxfed');
    const md = await (await server.get('/v1/brief/market/fed-cut-25-march-2026?format=markdown', { key })).text();
    t.match(md, /^# Will the Fed cut rates by 25 bps in March 2026\? \(market brief\)/);
  },
);

t.test('brief keys of these types: 400 when they cannot be one, 404 when unknown', async (t) => {
  const status = async (path: string) => (await server.get(path, { key })).status;
  t.equal(await status('/v1/brief/macro/us-cpi%2Fcore'), 400);
  t.equal(await status('/v1/brief/market/no-such-market'), 404);
  t.equal(await status('/v1/brief/macro/no-such-series'), 404);
  t.equal((await toolError('get_brief', { type: 'market', key: 'no-such-market' })).code, 'not_found');
});
