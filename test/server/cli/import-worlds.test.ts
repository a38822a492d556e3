// One world per database: FRED's CPI file into the demo's database is refused before anything is written (the demo's
// series unchanged) and, with --mix, written and the database shown as mixed in /v1/meta and on every page; into a
// database of real data it is served at once, the demo's files are refused there, and a demo start on it too.

import { join } from 'node:path';
import t from 'tap';
import { blankDataDir, importFiles, ROOT, startServer } from '../../../harness/server.js';

const CPI = join(ROOT, 'test/fixtures/fred/CPIAUCSL.json');
const WIRE = join(ROOT, 'test/fixtures/demo/wire.json');
const ENV = { TAPEWIRE_ANON: '1', RATE_LIMIT_ANON_RPM: '1000000', DEMO_NEWS_EVERY_S: '0' };

t.test('the demo database: a real import refused and nothing written, then --mix marks it mixed', async (t) => {
  const server = await startServer({ env: { ...ENV, TAPEWIRE_DEMO: '1' } });
  t.teardown(() => server.dispose());
  const json = async (path: string) => (await (await server.get(path)).json()) as { data: Record<string, unknown> };
  const cpi = await json('/v1/macro/us-cpi');
  t.match((await json('/v1/meta')).data.dataset, { name: 'demo' });
  t.match(
    await (await server.get('/')).text(),
    /class="dataset" role="note">Demo data/,
    'the pages say the data is simulated',
  );

  const refused = await importFiles(server.dataDir, 'fred', CPI);
  t.equal(refused.code, 1, 'refused');
  t.match(refused.stderr, /the database holds the demo universe.*DATA_DIR.*TAPEWIRE_DEMO=0.*--mix/s, refused.stderr);
  t.equal(refused.stdout, '', 'before any file was read');
  t.same(await json('/v1/macro/us-cpi'), cpi, "the demo's CPI is unchanged");
  t.match((await json('/v1/meta')).data.dataset, { name: 'demo' });

  const mixed = await importFiles(server.dataDir, 'fred', CPI, '--mix');
  t.equal(mixed.code, 0, mixed.stderr);
  const dataset = (await json('/v1/meta')).data.dataset as { name: string; description: string };
  t.equal(dataset.name, 'mixed', '/v1/meta says so at once');
  t.match(dataset.description, /real data mixed in/);
  for (const path of ['/', '/instruments/BTC', '/macro/us-cpi']) {
    t.match(await (await server.get(path)).text(), /class="dataset mixed" role="note">Mixed data/, `${path} says so`);
  }
});

t.test('a database of real data: served at once, the demo refused, a demo start refused', async (t) => {
  const dataDir = await blankDataDir();
  const server = await startServer({ dataDir, env: ENV });
  const imported = await importFiles(dataDir, 'fred', CPI);
  t.equal(imported.code, 0, imported.stderr);
  const res = await server.get('/v1/macro/us-cpi');
  t.equal(res.status, 200, 'the imported series is served without a restart');
  t.match(
    ((await res.json()) as { data: { sourceUrl: string } }).data.sourceUrl,
    /^https:\/\/fred\.stlouisfed\.org\//,
    'citing its real source',
  );
  const meta = (await (await server.get('/v1/meta')).json()) as { data: { dataset: { name: string } } };
  t.equal(meta.data.dataset.name, 'real');
  t.notMatch(await (await server.get('/')).text(), /class="dataset/, 'no banner over real data');

  const demo = await importFiles(dataDir, 'demo', WIRE);
  t.equal(demo.code, 1, "the demo's stories are refused");
  t.match(demo.stderr, /holds real data.*--mix/s);
  t.equal(
    ((await (await server.get('/v1/events')).json()) as { data: unknown[] }).data.length,
    0,
    'no story was written',
  );
  await server.dispose();

  await t.rejects(
    startServer({ dataDir, env: { ...ENV, TAPEWIRE_DEMO: '1' } }),
    /start-up failed: DATA_DIR .*holds real data.*TAPEWIRE_DEMO=1 with TAPEWIRE_SOURCES.*To serve the data it holds, start with TAPEWIRE_DEMO=0/s,
    'the demo does not start on it',
  );
  const again = await startServer({ dataDir, env: ENV });
  t.teardown(() => again.dispose());
  t.equal((await again.get('/v1/macro/us-cpi')).status, 200, 'and the data is still there');
});
