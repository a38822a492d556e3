// The demo universe on first start: loaded once with progress, reported by /v1/meta, kept across a restart.
import t from 'tap';
import { rmSync } from 'node:fs';
import { DEMO_INSTRUMENTS, demoListings } from '../../../core/demo/universe.js';
import { startServer, tempDataDir } from '../../helpers/server.js';

const dataDir = tempDataDir();
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

interface Meta {
  data: { stats: Record<string, number>; coverage: Record<string, string | null>; dataset: { name: string; description: string } | null };
}

t.test('first start loads the universe and /v1/meta reports it', async (t) => {
  // How long this takes is measured by bench:load, not here: tests share a busy machine.
  const server = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1' } });
  t.teardown(() => server.stop());
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
  const perps = demoListings(20261121).filter((l) => l.market === 'perp').length;
  t.equal(data.stats.imported_derivatives_1d, perps * 335, 'a year of funding and open interest per perpetual, daily before the last 30 days');
  t.ok(data.stats.imported_derivatives_1h! >= perps * 30 * 24, 'hourly for the last 30 days');
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

interface Candle {
  ts: string;
  open: number;
  high: number;
  low: number;
}
const openBar = async (server: Awaited<ReturnType<typeof startServer>>, path: string, query = 'interval=1m&limit=1') =>
  ((await (await server.get(`${path}?${query}`)).json()) as { data: { candles: Candle[] } }).data.candles[0]!;

t.test('a restart keeps the minute that was open: its bar is written at shutdown and carried on', async (t) => {
  let server = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1', TICK_MS: '200' } });
  const listingId = ((await (await server.get('/v1/instruments/ETH')).json()) as { data: { venues: { listingId: number }[] } }).data.venues[0]!.listingId;
  const paths = ['/v1/instruments/ETH/candles', `/v1/instruments/ETH/listings/${listingId}/candles`];
  // Most restarts then land in the same minute; one that crosses into the next still finds the minute in the database.
  while (new Date().getUTCSeconds() > 40) await new Promise((r) => setTimeout(r, 500));
  await new Promise((r) => setTimeout(r, 1000));
  const before = await Promise.all(paths.map((p) => openBar(server, p)));
  await server.stop();
  server = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1', TICK_MS: '200' } });
  t.teardown(() => server.stop());
  for (const [k, path] of paths.entries()) {
    const was = before[k]!;
    const now = await openBar(server, path, `interval=1m&from=${was.ts}&limit=1`);
    t.equal(now.ts, was.ts, `${path}: the minute is there`);
    t.equal(now.open, was.open, `${path}: with the open it had before the restart`);
    t.ok(now.high >= was.high && now.low <= was.low, `${path}: and its range so far`);
  }
});
