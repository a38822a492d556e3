// The demo universe on first start: loaded once with progress, reported by /v1/meta, kept across a restart; and its
// upcoming catalysts' outcome stories published when their time comes, moving the price they are about.

import { rmSync } from 'node:fs';
import { pino } from 'pino';
import t from 'tap';
import { demoHistoryStart } from '../../../../core/demo/history.js';
import { ANCHOR_CLOSES } from '../../../../core/demo/real-scale.js';
import type { ScheduledOutcome } from '../../../../core/demo/story/draft.js';
import { DEMO_INSTRUMENTS, demoListings } from '../../../../core/demo/universe.js';
import { companyRef, instrumentRef } from '../../../../core/refs.js';
import { startServer, tempDataDir } from '../../../../harness/server.js';
import { clock } from '../../../../server/clock.js';
import { type Db, openDatabase } from '../../../../server/db.js';
import { DemoStore } from '../../../../server/services/write/demo.js';
import { Writer } from '../../../../server/services/write/writer.js';

const dataDir = tempDataDir();
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

interface Meta {
  data: {
    stats: Record<string, number>;
    coverage: Record<string, string | null>;
    dataset: { name: string; description: string; loadedAt: string } | null;
  };
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
  t.ok(
    data.stats.listing_bars_1m! >= data.stats.listings! * 720,
    "and each venue's own for at least the last 12 hours",
  );
  t.ok(data.stats.imported_bars_1d! >= DEMO_INSTRUMENTS.length * 730, 'two years of daily bars');
  t.equal(data.stats.imported_bars_1h, DEMO_INSTRUMENTS.length * 365 * 24, 'a year of hourly bars');
  const perps = demoListings(20261121).filter((l) => l.market === 'perp').length;
  t.equal(
    data.stats.imported_derivatives_1d,
    perps * 335,
    'a year of funding and open interest per perpetual, daily before the last 30 days',
  );
  t.ok(data.stats.imported_derivatives_1h! >= perps * 30 * 24, 'hourly for the last 30 days');
  t.notOk('demo_outcomes' in data.stats, "the demo's sealed outcomes are not counted as data");
  const price = Date.parse(data.coverage.price!);
  t.ok(clock.now() - price < 3 * 60_000, `price coverage is current (${data.coverage.price})`);

  // The live market carries on the recorded one: the model's origin, read from the first stored day, is the history's;
  // and the ETFs still track their indices in the live prices.
  const first = (
    (await (await server.get('/v1/instruments/SPX/candles?interval=1d&from=2000-01-01&limit=1')).json()) as {
      data: { candles: Candle[] };
    }
  ).data.candles[0]!;
  t.equal(
    Date.parse(first.ts),
    demoHistoryStart(Date.parse(data.dataset!.loadedAt)),
    'the first stored day is the history start',
  );
  const live = async (symbol: string) =>
    ((await (await server.get(`/v1/instruments/${symbol}`)).json()) as { data: { price: number } }).data.price;
  // The ratios are the real ones on the day the demo's levels are anchored to (SPY/SPX 0.0996, QQQ/NDX 0.0243).
  const ratio = (etf: string, index: string) => ANCHOR_CLOSES[etf]! / ANCHOR_CLOSES[index]!;
  t.ok(
    Math.abs((await live('SPY')) / (await live('SPX')) / ratio('SPY', 'SPX') - 1) < 0.01,
    'SPY is the S&P 500 / 10, live',
  );
  t.ok(
    Math.abs((await live('QQQ')) / (await live('NDX')) / ratio('QQQ', 'NDX') - 1) < 0.01,
    'QQQ the Nasdaq 100 x 0.0243, live',
  );
});

// The restarted server is the next test's first one too: one start fewer (a tick every 200 ms changes nothing here).
let restarted: Awaited<ReturnType<typeof startServer>> | null = null;
t.teardown(() => restarted?.stop());

t.test('a restart keeps the data and does not load it again', async (t) => {
  const server = (restarted = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1', TICK_MS: '200' } }));
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
  close: number;
}
// The server the restart above leaves running is the first one of the outcome's test below: one start fewer.
let carried: Awaited<ReturnType<typeof startServer>> | null = null;
t.teardown(() => carried?.stop());

const openBar = async (server: Awaited<ReturnType<typeof startServer>>, path: string, query = 'interval=1m&limit=1') =>
  ((await (await server.get(`${path}?${query}`)).json()) as { data: { candles: Candle[] } }).data.candles[0]!;

t.test('a restart keeps the minute that was open: its bar is written at shutdown and carried on', async (t) => {
  let server = restarted ?? (await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1', TICK_MS: '200' } }));
  const listingId = (
    (await (await server.get('/v1/instruments/ETH')).json()) as { data: { venues: { listingId: number }[] } }
  ).data.venues[0]!.listingId;
  const paths = ['/v1/instruments/ETH/candles', `/v1/instruments/ETH/listings/${listingId}/candles`];
  // Most restarts then land in the same minute; one that crosses into the next still finds the minute in the database.
  while (new Date(clock.now()).getUTCSeconds() > 40) await new Promise((r) => setTimeout(r, 500));
  await new Promise((r) => setTimeout(r, 1000));
  const before = await Promise.all(paths.map((p) => openBar(server, p)));
  const all = (path: string, interval: string) =>
    server
      .get(`${path}?interval=${interval}`)
      .then(async (r) => ((await r.json()) as { data: { candles: Candle[] } }).data.candles);
  const listingBefore = {
    '1m': await all(paths[1]!, '1m'),
    '1h': await all(paths[1]!, '1h'),
    '1d': await all(paths[1]!, '1d'),
  };
  await server.stop();
  server = carried = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1', TICK_MS: '200' } });
  for (const [k, path] of paths.entries()) {
    const was = before[k]!;
    const now = await openBar(server, path, `interval=1m&from=${was.ts}&limit=1`);
    t.equal(now.ts, was.ts, `${path}: the minute is there`);
    t.equal(now.open, was.open, `${path}: with the open it had before the restart`);
    t.ok(now.high >= was.high && now.low <= was.low, `${path}: and its range so far`);
  }
  // The listing's candles in memory were built by the tick loop before, and loaded from the database after.
  for (const interval of ['1m', '1h', '1d'] as const) {
    // The default window ends now: after a slow restart its first candle may have slid out of it. Compare what both hold.
    const after = await all(paths[1]!, interval);
    const from = Math.max(Date.parse(listingBefore[interval][0]!.ts), Date.parse(after[0]!.ts));
    const was = listingBefore[interval].filter((c) => Date.parse(c.ts) >= from);
    const now = after.filter((c) => Date.parse(c.ts) >= from);
    t.same(
      now.slice(0, was.length - 1),
      was.slice(0, -1),
      `listing ${interval}: the closed candles held in memory are the same after the restart`,
    );
    t.equal(now[was.length - 1]?.open, was.at(-1)!.open, `listing ${interval}: and the open one carries on`);
  }
});

/**
 * Schedules an earnings outcome about `symbol`'s company at `at`, moving its share by `pct` percent, as the demo load
 * does (or as it did before stories carried shocks: with a per-symbol jump); returns its catalyst's id.
 */
async function schedule(
  db: Db,
  key: string,
  symbol: string,
  at: number,
  pct: number,
  sealedBeforeShocks = false,
): Promise<number> {
  const inst = DEMO_INSTRUMENTS.find((i) => i.symbol === symbol)!;
  const entities = [companyRef(inst.company!), instrumentRef(inst)];
  const written = await new Writer(db.rows).catalysts([
    {
      source: 'demo',
      sourceKey: key,
      kind: 'earnings',
      title: `${symbol} test results`,
      expectedAt: at,
      precision: 'minute',
      confirmed: true,
      description: null,
      consensus: null,
      sourceUrl: null,
      entities,
    },
  ]);
  const catalystId = [...written.values()][0]!;
  const moves = sealedBeforeShocks
    ? { jumps: [{ symbol, pct }] }
    : { shocks: [{ on: symbol, size: Math.log1p(pct / 100) }], moves: [symbol] };
  const story = {
    kind: 'earnings',
    occurredAt: at,
    precision: 'minute',
    headline: `${entities[0]!.label} test results (catalyst ${catalystId})`,
    summary: 'Scheduled by the test.',
    points: [],
    importance: 80,
    sourceName: 'Harbor Street Wire',
    sourceHost: 'wire.example',
    entities,
    ...moves,
  } as ScheduledOutcome['story'];
  await new DemoStore(db.rows).seal([{ catalystId, dueAt: at, story }]);
  return catalystId;
}

t.test(
  'the outcome of an upcoming catalyst is published when its time comes: the story, the link and the price jump',
  async (t) => {
    let server = carried ?? (await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1' } }));
    const price = async (symbol: string) =>
      ((await (await server.get(`/v1/instruments/${symbol}`)).json()) as { data: { price: number } }).data.price;
    const before = { AAPL: await price('AAPL'), MSFT: await price('MSFT'), AMZN: await price('AMZN') };
    await server.stop();

    const db = await openDatabase({ databaseUrl: null, dataDir, maxConnections: 1 }, pino({ level: 'silent' }));
    const now = clock.now();
    const onTimeId = await schedule(db, 'test-on-time', 'AAPL', now + 5000, 8);
    // Its time passed while the server was down: told at start, but moving nothing.
    const lateId = await schedule(db, 'test-late', 'MSFT', now - 3_600_000, -8);
    // Sealed by a version before stories carried shocks: told, moving nothing.
    const oldId = await schedule(db, 'test-old', 'AMZN', now + 5000, 8, true);
    await db.close();

    server = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1' } });
    t.teardown(() => server.stop());
    const published = (id: number) => (l: Record<string, unknown>) =>
      l.msg === 'demo catalyst outcome published' && l.catalystId === id;
    const late = await server.waitForLog(published(lateId));
    t.equal(late.late, true, 'the overdue one is published late');
    const onTime = await server.waitForLog(published(onTimeId), 30_000);
    t.equal(onTime.late, false, 'the other at its time');
    t.same(
      (await server.waitForLog(published(oldId), 30_000)).shocks,
      [],
      'an outcome sealed before shocks existed shocks nothing',
    );

    for (const [catalystId, line] of [
      [onTimeId, onTime],
      [lateId, late],
    ] as const) {
      const event = await server.get(`/v1/events/${line.eventId}`);
      t.equal(event.status, 200);
      t.match(((await event.json()) as { data: { headline: string } }).data.headline, `(catalyst ${catalystId})`);
      const list = await server.get(
        `/v1/catalysts?from=${new Date(now - 2 * 3_600_000).toISOString()}&entity=instrument:${catalystId === onTimeId ? 'AAPL' : 'MSFT'}`,
      );
      const catalyst = ((await list.json()) as { data: { id: number; outcomeEventId: number | null }[] }).data.find(
        (c) => c.id === catalystId,
      );
      t.equal(catalyst?.outcomeEventId, line.eventId, `catalyst ${catalystId} linked to its outcome`);
    }

    // A few seconds of the simulated walk move a price by hundredths of a percent; the jump by 8%.
    await new Promise((r) => setTimeout(r, 2000));
    const aapl = (await price('AAPL')) / before.AAPL - 1;
    t.ok(Math.abs(aapl - 0.08) < 0.01, `AAPL jumped 8% (${(aapl * 100).toFixed(2)}%)`);
    for (const symbol of ['MSFT', 'AMZN'] as const) {
      const change = (await price(symbol)) / before[symbol] - 1;
      t.ok(Math.abs(change) < 0.01, `${symbol} did not (${(change * 100).toFixed(2)}%)`);
    }
  },
);
