// The demo universe on first start: loaded once with progress, reported by /v1/meta, kept across a restart.
import t from 'tap';
import { rmSync } from 'node:fs';
import { DEMO_INSTRUMENTS } from '../../../core/demo/universe.js';
import { startServer, tempDataDir } from '../../helpers/server.js';

const dataDir = tempDataDir();
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

interface Meta {
  data: { stats: Record<string, number>; coverage: Record<string, string | null>; dataset: { name: string; description: string } | null };
}

t.test('first start loads the universe and /v1/meta reports it', async (t) => {
  const t0 = Date.now();
  const server = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1' } });
  t.teardown(() => server.stop());
  t.ok(Date.now() - t0 < 60_000, `ready in ${Date.now() - t0} ms`);
  t.ok(await server.waitForLog((l) => l.msg === 'demo universe loaded'));
  const { data } = (await (await server.get('/v1/meta')).json()) as Meta;
  t.equal(data.dataset?.name, 'demo');
  t.match(data.dataset?.description, /\.example/);
  t.equal(data.stats.instruments, DEMO_INSTRUMENTS.length);
  t.equal(data.stats.venues, 8);
  t.ok(data.stats.listings! >= 100, `${data.stats.listings} listings`);
  t.ok(data.stats.bars_1m! >= DEMO_INSTRUMENTS.length * 1440, '1m bars for at least the last 24 hours');
  t.ok(data.stats.imported_bars_1d! >= DEMO_INSTRUMENTS.length * 730, 'two years of daily bars');
  t.equal(data.stats.imported_bars_1h, DEMO_INSTRUMENTS.length * 30 * 24, '30 days of hourly bars');
  const price = Date.parse(data.coverage.price!);
  t.ok(Date.now() - price < 3 * 60_000, `price coverage is current (${data.coverage.price})`);
});

t.test('a restart keeps the data and does not load it again', async (t) => {
  const server = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1' } });
  t.teardown(() => server.stop());
  t.ok(await server.waitForLog((l) => l.msg === 'a dataset is already loaded'));
  const { data } = (await (await server.get('/v1/meta')).json()) as Meta;
  t.equal(data.stats.instruments, DEMO_INSTRUMENTS.length);
  t.equal(data.dataset?.name, 'demo');
});
