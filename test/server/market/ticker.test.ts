// The tick loop on a real embedded database, driven with chosen times: bars close into memory and the database,
// at 00:00 UTC the last pooled price becomes the previous close, and a tick pooled on a worker thread matches inline.

import { rmSync } from 'node:fs';
import { pino } from 'pino';
import t from 'tap';
import { LiveMarket } from '../../../core/demo/live-market.js';
import { demoMarketModel } from '../../../core/demo/market-model.js';
import { VenueSimulator } from '../../../core/demo/venues.js';
import { movesInputBytes, movesInputViews } from '../../../core/kernels/moves.js';
import { blankDataDir } from '../../../harness/server.js';
import { openDatabase } from '../../../server/db.js';
import { DemoVenueFeed } from '../../../server/feeds/demo/venues.js';
import { MarketState } from '../../../server/market/state.js';
import { Ticker } from '../../../server/market/ticker.js';
import type { InstrumentRow, ListingRow } from '../../../server/ports/index.js';
import { MarketStore } from '../../../server/services/write/market-store.js';
import { WorkerThreads } from '../../../server/worker-threads.js';

const dataDir = await blankDataDir();
const log = pino({ level: 'silent' });
const db = await openDatabase({ databaseUrl: null, dataDir, maxConnections: 1 }, log);
t.teardown(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});
await db.migrate();

const instruments: InstrumentRow[] = [
  {
    id: 1,
    symbol: 'BTC',
    name: 'Bitcoin',
    kind: 'crypto',
    currency: 'USD',
    company: null,
    companyName: null,
    sector: null,
    official: null,
  },
  {
    id: 2,
    symbol: 'AAPL',
    name: 'Apple Inc.',
    kind: 'stock',
    currency: 'USD',
    company: null,
    companyName: null,
    sector: null,
    official: null,
  },
];
const listings: ListingRow[] = [1, 1, 1, 2, 2, 2].map((instrumentId, k) => ({
  id: k + 1,
  instrumentId,
  venue: `v${k}`,
  market: 'perp',
  venueSymbol: `X${k}`,
  fundingIntervalHours: 8,
}));
const midnight = Date.UTC(2026, 10, 22);
/** The test's simulated venues on the demo's market, as a venue feed; `episodeRate` above 0 makes venues drift out of the band and go stale. */
const simulate = (episodeRate = 0) => {
  const market = new LiveMarket(
    demoMarketModel(7, midnight - 760 * 86_400_000),
    ['BTC', 'AAPL'],
    Float64Array.of(60_000, 200),
    midnight - 200_000,
    7,
  );
  const venues = listings.map((l) => ({
    instrument: l.instrumentId - 1,
    perp: true,
    volume24hUsd: 1e8 * l.id,
    fundingIntervalHours: 8,
  }));
  return [new DemoVenueFeed(new VenueSimulator(venues, market, 7, episodeRate), market, [])];
};
const store = new MarketStore(db);
const state = new MarketState(instruments, listings, 60_000);
const ticker = new Ticker(state, simulate(), store, log);

t.test('a day rolls over at 00:00 UTC and bars close into memory and the database', async (t) => {
  for (let s = -125; s < 0; s++) ticker.tick(midnight + s * 1000);
  const lastPrice = Array.from(state.pooled.price);
  t.ok(lastPrice.every(Number.isFinite), 'every instrument priced before midnight');
  t.ok(state.previousClose.every(Number.isNaN), 'no previous close yet');
  ticker.tick(midnight + 1000);
  t.same(Array.from(state.previousClose), lastPrice, 'the last price before midnight is the previous close');
  t.ok(state.changePct(0) !== null, 'changePct is measured against it');

  t.equal(state.candles['1m'].ring.size(0), 3, 'the three minutes touched before midnight closed into memory');
  t.ok(ticker.openBar(0)!.ts === midnight, 'the minute after midnight is open');
  await ticker.stop();
  const stored = await Promise.all(
    instruments.map((inst) => store.heldCandles('pooled', '1m', [inst.id], midnight - 3_600_000, midnight + 3_600_000)),
  );
  t.same(
    stored.map((rows) => rows.length),
    [4, 4],
    'and into the database: three minutes of each instrument, and the open one at stop',
  );
});

t.test('a tick pooled on a worker leaves the same state as inline, and only once the answer is back', async (t) => {
  const workers = new WorkerThreads(1);
  t.teardown(() => workers.close());
  const inline = new MarketState(instruments, listings, 60_000);
  const onWorker = new MarketState(instruments, listings, 60_000);
  const a = new Ticker(inline, simulate(1 / 20), store, log);
  const b = new Ticker(onWorker, simulate(1 / 20), store, log, { workers, minQuotes: listings.length });
  t.equal(a.pooling, 'inline');
  t.equal(b.pooling, 'worker', 'a tick of as many quotes as the threshold goes to the worker');
  t.equal(
    new Ticker(inline, simulate(), store, log, { workers, minQuotes: listings.length + 1 }).pooling,
    'inline',
    'a smaller one stays inline',
  );

  const start = midnight + 2 * 86_400_000;
  const mismatches: string[] = [];
  const outOfPool = new Set<number>();
  for (let s = 0; s < 300; s++) {
    const now = start + s * 1000;
    const before = onWorker.version;
    const done = b.tick(now);
    if (onWorker.version !== before) mismatches.push(`${s}: state changed before the worker answered`);
    await a.tick(now);
    await done;
    for (const key of ['price', 'low', 'high', 'inPool', 'deviationPct', 'staleS', 'reason'] as const) {
      if (!Object.is(JSON.stringify([...inline.pooled[key]]), JSON.stringify([...onWorker.pooled[key]])))
        mismatches.push(`${s}: ${key}`);
    }
    if (JSON.stringify([...inline.price]) !== JSON.stringify([...onWorker.price]))
      mismatches.push(`${s}: venue prices`);
    for (const r of inline.pooled.reason) if (r) outOfPool.add(r);
  }
  t.same(mismatches, [], 'pooled answers and venue state equal at every tick');
  t.ok(outOfPool.size >= 2, `venues left the pool for ${outOfPool.size} reasons along the way`);
  t.same(b.openBar(0), a.openBar(0), 'the open bars agree');
  t.same(onWorker.candles['1m'].ring.size(1), inline.candles['1m'].ring.size(1));
  await Promise.all([a.stop(), b.stop()]);
});

t.test('a tick is skipped, not stacked, while the last one is still pooling', async (t) => {
  const workers = new WorkerThreads(1);
  t.teardown(() => workers.close());
  const lines: { msg: string; skipped?: number }[] = [];
  const logged = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const waiting = new MarketState(instruments, listings, 60_000);
  const ticker = new Ticker(waiting, simulate(), store, logged, { workers, minQuotes: 1 });
  // The only worker thread is busy for a while, so the first tick waits for it while the timer keeps firing.
  const days = 5_000_000;
  const busy = new ArrayBuffer(movesInputBytes(1, days));
  const input = movesInputViews(busy, 1, days);
  input.offsets.set([0, days]);
  input.closes.fill(1);
  const hold = workers.run('moves', { buffer: busy, instruments: 1, days }, { transfer: [busy] });
  ticker.start(5);
  await hold;
  await ticker.stop();
  const skipped = lines.filter((l) => l.msg === 'tick skipped: the previous one is still pooling');
  t.equal(skipped.length, 1, 'logged once, not per skipped tick');
  t.ok(skipped[0]!.skipped! >= 1);
  t.ok(
    waiting.version >= 1 && waiting.pooled.price.every(Number.isFinite),
    'the tick that waited ran once the worker was free',
  );
});

t.test(
  'an instrument added while a tick pools on a worker: the tick pools again here, the new one stays unpriced',
  async (t) => {
    const workers = new WorkerThreads(1);
    t.teardown(() => workers.close());
    const growing = new MarketState(instruments, listings, 60_000);
    const ticker = new Ticker(growing, simulate(), store, log, { workers, minQuotes: 1 });
    const now = midnight + 3 * 86_400_000;
    const tick = ticker.tick(now);
    const i = growing.addInstrument({
      id: 3,
      symbol: 'XYZ',
      name: 'XYZ',
      kind: 'stock',
      currency: 'USD',
      company: null,
      companyName: null,
      sector: null,
      official: null,
    });
    t.equal(i, 2);
    t.equal(growing.find('xyz'), 2, 'found by its symbol at once');
    await tick;
    t.same(
      [growing.pooled.price.length, growing.offsets.length, growing.priceTs.length, growing.candles['1d'].ring.series],
      [3, 4, 3, 3],
      'every per-instrument array one longer',
    );
    t.ok(
      Number.isFinite(growing.pooled.price[0]!) && Number.isFinite(growing.pooled.price[1]!),
      'the others priced by the tick that raced the add',
    );
    t.same(
      [growing.pooled.price[2], growing.pooled.low[2], growing.pooled.inPool[2]],
      [NaN, NaN, 0],
      'no venue: no price, no band',
    );
    t.same([growing.offsets[2], growing.offsets[3]], [listings.length, listings.length], 'and no listing');
    await ticker.tick(now + 61_000);
    t.equal(growing.candles['1m'].ring.size(2), 0, 'later ticks build no bars for it');
    t.ok(growing.candles['1m'].ring.size(0) > 0);
    t.equal(instruments.length, 2, "the caller's list is not the state's");
    await ticker.stop();
  },
);
