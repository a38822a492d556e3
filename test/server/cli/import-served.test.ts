// What `tapewire import` writes through a running server is served by it at once, not a refresh interval later: every
// answer below is asked first (so it is kept), then asked again right after the import, on a server that re-reads
// nothing on its own for an hour. Stories, macro series, prediction markets and SEC data, each with search, and the
// counts of /v1/meta.

import { join } from 'node:path';
import t from 'tap';
import { importFiles, ROOT, startServer } from '../../../harness/server.js';
import { pinnedClock } from '../../helpers/clock.js';

// A day after the fixture stories, so they are among the snapshot's top stories of the last 7 days.
const { env: CLOCK } = pinnedClock('2026-11-22T12:00:00Z');
const fixture = (path: string) => join(ROOT, 'test/fixtures', path);
type Json = Record<string, any>;

const server = await startServer({
  env: { ...CLOCK, TAPEWIRE_DEMO: '0', TAPEWIRE_ANON: '1', RATE_LIMIT_ANON_RPM: '1000000', META_REFRESH_S: '3600' },
});
t.teardown(() => server.dispose());

async function get(path: string): Promise<Json> {
  const res = await server.get(path);
  const body = (await res.json()) as Json;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/** Every kind into one database: the demo's story format beside real sources' files, so mixed (--mix). */
async function load(...args: string[]): Promise<void> {
  const run = await importFiles(server.dataDir, ...args, '--mix');
  if (run.code !== 0) throw new Error(`import ${args.join(' ')}: ${run.code} ${run.stdout} ${run.stderr}`);
  if (/no server owns/.test(run.stderr)) throw new Error('written without the server');
}

const found = async (q: string, type: string): Promise<string[]> =>
  (await get(`/v1/search?q=${encodeURIComponent(q)}&type=${type}`)).map((r: Json) => r.key);

t.test('stories: the list, the snapshot and search', async (t) => {
  t.same(await get('/v1/events'), []);
  t.same((await get('/v1/market/snapshot')).topStories, []);
  t.same(await found('Euro-area', 'macro'), []);
  await load('demo', fixture('demo/wire.json'));
  t.same(
    (await get('/v1/events')).map((e: Json) => e.headline),
    ['Euro-area flash PMI steadies at 50.2', 'Apple ships a repair kit for its oldest phones'],
  );
  t.equal((await get('/v1/market/snapshot')).topStories.length, 2, 'among the top stories');
  t.same(await found('ez-pmi', 'macro'), ['ez-pmi'], 'what they are about is found');
  t.match(await get('/v1/meta'), { stats: { events: 2 }, coverage: { event: /^2026-11-21/ } }, 'counted in /v1/meta');
});

t.test('macro: the list, the series, the dashboard and search', async (t) => {
  t.same(await get('/v1/macro'), []);
  t.same(await get('/v1/macro/dashboard'), []);
  t.same(await found('CPIAUCSL', 'macro'), []);
  await load('fred', fixture('fred/CPIAUCSL.json'));
  t.same(
    (await get('/v1/macro')).map((s: Json) => s.slug),
    ['us-cpi'],
  );
  t.match(await get('/v1/macro/us-cpi'), { slug: 'us-cpi', sourceId: 'CPIAUCSL' });
  t.same(
    (await get('/v1/macro/dashboard')).map((s: Json) => s.slug),
    ['us-cpi'],
    'on the dashboard',
  );
  t.same(
    (await get('/v1/market/snapshot')).macro.map((s: Json) => s.slug),
    ['us-cpi'],
    'and in the snapshot',
  );
  t.same(await found('CPIAUCSL', 'macro'), ['us-cpi'], 'found by its FRED id');
});

t.test('prediction markets: the list, one market and search', async (t) => {
  t.same(await get('/v1/odds'), []);
  t.same(await found('payrolls beat', 'market'), []);
  await load('polymarket', fixture('polymarket/gamma_markets.json'));
  t.ok((await get('/v1/odds')).some((m: Json) => m.slug === 'payrolls-beat-150k-march'));
  t.match(await get('/v1/odds/payrolls-beat-150k-march'), { slug: 'payrolls-beat-150k-march' });
  t.same(await found('payrolls beat', 'market'), ['payrolls-beat-150k-march']);
});

t.test('SEC: the company, its filings and financials, and search', async (t) => {
  t.same(await get('/v1/companies'), []);
  t.same(await found('Example Widgets', 'company'), []);
  await load('sec', fixture('sec/submissions-widgets.json'), fixture('sec/companyfacts-widgets.json'));
  t.same(
    (await get('/v1/companies')).map((c: Json) => c.slug),
    ['example-widgets'],
  );
  t.ok((await get('/v1/filings?company=WIDG')).length > 0, 'its filings');
  t.ok((await get('/v1/companies/WIDG/financials')).metrics.length > 0, 'its financials');
  t.same(await found('Example Widgets', 'company'), ['example-widgets']);
  t.ok((await get('/v1/meta')).stats.sec_filings > 0, 'counted in /v1/meta');
});
