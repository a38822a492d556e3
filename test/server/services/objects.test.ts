// Candles and derivatives as HTTP writes their bytes and as the objects MCP tools and brief get: the same data, from
// memory or the database.

import { rmSync } from 'node:fs';
import { pino } from 'pino';
import t, { type Test } from 'tap';
import { candleSeries } from '../../../core/candle-view.js';
import { ApiError } from '../../../core/errors.js';
import { HttpFigures } from '../../../core/http-figures.js';
import { type CandleRequest, candleRequest } from '../../../core/requests/candles.js';
import { type DerivativesRequest, derivativesRequest } from '../../../core/requests/derivatives.js';
import type { CandleQuery, CandleSeries } from '../../../core/schemas/candles.js';
import { DERIVATIVES_DEFAULT_FROM, type Derivatives } from '../../../core/schemas/derivatives.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../core/time.js';
import { DEFAULT_MOVE_FLOORS } from '../../../core/vocabulary.js';
import { demoDataDir } from '../../../harness/server.js';
import { candleAnswer } from '../../../server/answers/candles.js';
import { derivativesAnswer } from '../../../server/answers/derivatives.js';
import { KeyIndex } from '../../../server/auth.js';
import { clock } from '../../../server/clock.js';
import { DataVersion } from '../../../server/data-version.js';
import { type Db, openDatabase } from '../../../server/db.js';
import { DatabaseFigures } from '../../../server/db-figures.js';
import type { RawJson } from '../../../server/http/raw-json.js';
import { loadMarket } from '../../../server/market/load.js';
import { buildServices } from '../../../server/services/index.js';
import { KEPT_DEFAULTS } from '../../../server/services/kept/index.js';
import { StorageService } from '../../../server/services/ops/storage.js';
import { MetaService } from '../../../server/services/read/meta.js';
import { ImportService } from '../../../server/services/write/imports.js';
import { MarketStore } from '../../../server/services/write/market-store.js';
import { StreamHub } from '../../../server/stream/hub.js';
import { SocketHub } from '../../../server/stream/sockets.js';
import { StreamTickets } from '../../../server/stream/tickets.js';
import { WorkerThreads } from '../../../server/worker-threads.js';

// A copy of the run's demo, loaded once for every file that asks (harness/data-templates.ts).
const dataDir = await demoDataDir();
const log = pino({ level: 'silent' });
const hub = new StreamHub({
  replay: 64,
  heartbeatMs: 15_000,
  lifetimeMs: 60_000,
  stallMs: 30_000,
  maxPendingBytes: 1 << 20,
  perClient: 5,
  retryMs: 3000,
});
const db = await openDatabase({ databaseUrl: null, dataDir, maxConnections: 1 }, log);
t.teardown(async () => {
  hub.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});
await db.migrate();

const versions = {
  stories: new DataVersion(),
  entities: new DataVersion(),
  macro: new DataVersion(),
  odds: new DataVersion(),
  sec: new DataVersion(),
};
const meta = new MetaService(db, DEFAULT_MOVE_FLOORS, log);
const storage = new StorageService(db);
const imports = new ImportService(db, versions);
const marketStore = new MarketStore(db);
// Small memory windows: 1m and 1h ranges older than a day or two, and the 1h default lookback of 30 days, come from
// the database, while recent ranges and all daily candles come from memory.
const { state } = await loadMarket(
  marketStore,
  { staleMs: 60_000, minuteBarsDays: 1, hourBarsDays: 2, listingMinuteBarsDays: 1 },
  clock.now(),
  false,
);

// The services read through this so each answer shows which database reads it made: none when memory served it.
const reads: string[] = [];
const watched: Db = {
  kind: db.kind,
  rows: (name, params) => db.rows(name, params),
  columns: (name, params, keys, signal) => {
    reads.push(name);
    return db.columns(name, params, keys, signal);
  },
  transaction: (work) => db.transaction(work),
  migrate: () => db.migrate(),
  snapshot: (dir) => db.snapshot(dir),
  close: () => db.close(),
};
const workers = new WorkerThreads(1);
t.teardown(() => workers.close());
const tickets = new StreamTickets(new KeyIndex({ keyRpm: 600, anonRpm: 120, anon: false, anonMetrics: false }), null);
const services = buildServices({
  db: watched,
  state,
  openBars: null,
  hub,
  tickets,
  sockets: new SocketHub(hub, () => false, log, hub.limits),
  workers,
  meta,
  storage,
  imports,
  marketStore,
  versions,
  refreshMs: 30_000,
  figures: { http: new HttpFigures(), database: new DatabaseFigures() },
  kept: KEPT_DEFAULTS,
});
const { candles, derivatives } = services;

const data = (raw: RawJson): unknown => (JSON.parse(Buffer.from(raw.whole()).toString()) as { data: unknown }).data;

const BUCKET_MS = { '1m': MINUTE_MS, '1h': HOUR_MS, '1d': DAY_MS } as const;
const iso = (ms: number) => new Date(ms).toISOString();
const btc = state.require('BTC');
const listingId = services.instruments.detail('BTC').venues[0]!.listingId;
const listingIndex = state.listingIndex(listingId);
// Fixed once, so that the memory windows below are the same for every request whatever minute the test reaches.
const now = clock.now();
const minute = now - (now % MINUTE_MS);
const hour = now - (now % HOUR_MS);
const day = now - (now % DAY_MS);

interface Case {
  query: CandleQuery;
  from: 'memory' | 'database';
  /** The answer's candle count, where the demo fixes it. */
  count?: number;
  /** The first candle's time, where the demo fixes it (`availableFrom`: where the series' held history starts). */
  first?: (request: CandleRequest, availableFrom: number) => number;
}

/** Both answers of one request: the parsed bytes must be the objects, whichever path served them. */
async function compare(t: Test, series: 'pooled' | 'listing', c: Case): Promise<CandleSeries> {
  const request = candleRequest(c.query, now);
  const held =
    series === 'pooled'
      ? state.candles[request.interval].held(btc, request.fromMs)
      : state.listingCandles[request.interval].held(listingIndex, request.fromMs);
  t.equal(
    held ? 'memory' : 'database',
    c.from,
    `held in memory from ${Number.isFinite(request.fromMs) ? iso(request.fromMs) : 'the start'}: ${held}`,
  );
  const ask = () => (series === 'pooled' ? candles.pooled('BTC', request) : candles.listing('BTC', listingId, request));
  // Where the series starts (availableFrom) is read once and kept: the reads counted are the answer's own.
  await ask();
  reads.length = 0;
  const view = await ask();
  const raw = candleAnswer(view);
  const objects = candleSeries(view);
  const queries = { pooled: `candles${request.interval}`, listing: `listingCandles${request.interval}` }[series];
  const query = `${queries}${request.ascendingFrom ? 'From' : 'Latest'}`;
  t.strictSame(reads, c.from === 'memory' ? [] : [query], `read from ${c.from}`);
  const bytes = data(raw) as CandleSeries;
  t.strictSame(objects, bytes, 'the objects are the parsed bytes');
  t.equal(bytes.count, bytes.candles.length, 'the bytes count their candles');
  t.equal(objects.count, objects.candles.length, 'the objects count their candles');
  t.equal(objects.interval, request.interval);
  t.equal(objects.instrument.key, 'BTC');
  if (c.count !== undefined) t.equal(objects.count, c.count, 'count');
  else t.ok(objects.count > 0, `${objects.count} candles`);
  const ts = objects.candles.map((x) => Date.parse(x.ts));
  if (c.first)
    t.equal(objects.candles[0]?.ts, iso(c.first(request, Date.parse(objects.availableFrom!))), 'first candle');
  const bucket = BUCKET_MS[request.interval];
  const bad = ts.findIndex((x, k) => x < request.fromMs || x >= request.toMs || (k > 0 && x - ts[k - 1]! !== bucket));
  t.equal(bad, -1, 'one candle per bucket, oldest first, inside the window');
  return objects;
}

t.test('pooled candles: the bytes and the objects agree from memory and from the database', async (t) => {
  const fromRequest = (r: CandleRequest) => r.fromMs;
  const cases: Case[] = [
    { query: { interval: '1m' }, from: 'memory', first: fromRequest },
    { query: { interval: '1h' }, from: 'database', first: fromRequest },
    { query: { interval: '1d' }, from: 'memory' },
    { query: { interval: '1m', from: '2000-01-01', limit: 10 }, from: 'database', count: 10 },
    { query: { interval: '1m', from: '2000-01-01', limit: 20_000 }, from: 'database' },
    { query: { interval: '1h', from: '2000-01-01', limit: 10 }, from: 'database', count: 10 },
    { query: { interval: '1h', from: '2000-01-01', limit: 20_000 }, from: 'database' },
    { query: { interval: '1d', from: '2000-01-01', limit: 10 }, from: 'memory', count: 10 },
    { query: { interval: '1d', from: '2000-01-01', limit: 20_000 }, from: 'memory' },
    // `to` as a timestamp is inclusive: these windows hold both ends.
    {
      query: { interval: '1m', from: iso(minute - 120 * MINUTE_MS), to: iso(minute - 61 * MINUTE_MS) },
      from: 'memory',
      count: 60,
      first: fromRequest,
    },
    {
      query: { interval: '1h', from: iso(hour - 6 * HOUR_MS), to: iso(hour - 2 * HOUR_MS) },
      from: 'memory',
      count: 5,
      first: fromRequest,
    },
    // A date-only `to` is the whole day.
    {
      query: { interval: '1d', from: iso(day - 10 * DAY_MS).slice(0, 10), to: iso(day - 3 * DAY_MS).slice(0, 10) },
      from: 'memory',
      count: 8,
      first: fromRequest,
    },
    // Without `from`, the latest `limit` of the default lookback.
    { query: { interval: '1m', limit: 5 }, from: 'memory', count: 5 },
    { query: { interval: '1h', limit: 5 }, from: 'database', count: 5 },
    {
      query: { interval: '1h', to: iso(hour - 10 * DAY_MS), limit: 24 },
      from: 'database',
      count: 24,
      first: (r) => r.toMs - 1 - 23 * HOUR_MS,
    },
  ];
  const answers: CandleSeries[] = [];
  for (const [k, c] of cases.entries()) {
    await t.test(`${JSON.stringify(c.query)} (${c.from})`, async (t) => {
      answers[k] = await compare(t, 'pooled', c);
    });
  }
  const [m1, h1, d1, m1Few, m1All, h1Few, h1All, d1Few, d1All, , , , m1Latest, h1Latest] = answers;
  // The database holds more than the day of 1m bars and the two days of 1h bars memory does: that is why it served them.
  t.ok(m1All!.count > 1440, `${m1All!.count} 1m candles from the database`);
  t.ok(h1All!.count >= 30 * 24, `${h1All!.count} 1h candles from the database`);
  t.strictSame(m1Few!.candles, m1All!.candles.slice(0, 10), 'the first ten 1m candles');
  t.strictSame(h1Few!.candles, h1All!.candles.slice(0, 10), 'the first ten 1h candles');
  t.strictSame(d1Few!.candles, d1All!.candles.slice(0, 10), 'the first ten 1d candles');
  t.strictSame(d1!.candles, d1All!.candles, "1d's default lookback is all of it");
  t.strictSame(m1Latest!.candles, m1!.candles.slice(-5), 'the latest five 1m candles');
  t.strictSame(h1Latest!.candles, h1!.candles.slice(-5), 'the latest five 1h candles');
});

t.test("a venue listing's candles: the bytes and the objects agree from memory and from the database", async (t) => {
  const cases: Case[] = [
    // A venue's own minutes start at a UTC midnight 12 to 36 hours back: the last 24 hours or less of them.
    { query: { interval: '1m' }, from: 'memory', first: (r, availableFrom) => Math.max(r.fromMs, availableFrom) },
    { query: { interval: '1h' }, from: 'database', first: (r) => r.fromMs },
    { query: { interval: '1d' }, from: 'memory' },
    // Read from the database only when the minutes held there start before the day memory holds.
    {
      query: { interval: '1m', from: '2000-01-01', limit: 100 },
      from: state.listingCandles['1m'].held(listingIndex, -Infinity) ? 'memory' : 'database',
      count: 100,
    },
    { query: { interval: '1h', from: '2000-01-01', limit: 20_000 }, from: 'database' },
    {
      query: { interval: '1h', from: iso(hour - 6 * HOUR_MS), to: iso(hour - 2 * HOUR_MS) },
      from: 'memory',
      count: 5,
      first: (r) => r.fromMs,
    },
    { query: { interval: '1m', limit: 5 }, from: 'memory', count: 5 },
  ];
  for (const c of cases) {
    await t.test(`${JSON.stringify(c.query)} (${c.from})`, async (t) => {
      await compare(t, 'listing', c);
    });
  }
});

t.test('derivatives: the bytes and the objects agree, numbers included', async (t) => {
  const perps = state.listings
    .slice(state.offsets[btc]!, state.offsets[btc + 1]!)
    .filter((l) => l.fundingIntervalHours);
  t.ok(perps.length > 0, `BTC has ${perps.length} perpetual listings`);
  const compareDerivatives = async (request: DerivativesRequest): Promise<Derivatives> => {
    const objects = await derivatives.get('BTC', request);
    const bytes = data(derivativesAnswer(objects)) as Derivatives;
    t.strictSame(
      objects,
      bytes,
      `from ${iso(request.fromMs)}${request.perVenue ? ', per venue' : ''}: the objects are the parsed bytes`,
    );
    t.equal(objects.from, iso(request.fromMs));
    return objects;
  };

  const plain = await compareDerivatives(derivativesRequest({}));
  t.equal(plain.from, `${DERIVATIVES_DEFAULT_FROM}T00:00:00.000Z`, "the interface's default start");
  t.ok(plain.daily.length > 30, `${plain.daily.length} days`);
  t.notOk('perVenue' in plain, 'no per-venue series unless asked');
  // Without a tick loop no venue quote is fresh: the current values are unknown, written as null on both sides.
  t.strictSame(plain.current, { fundingRate8hPct: null, openInterestUsd: null, venues: 0 });

  const tenDays = iso(day - 10 * DAY_MS).slice(0, 10);
  const perVenue = await compareDerivatives(derivativesRequest({ from: tenDays, perVenue: true }));
  // Today is there once it has data: just after midnight it may have none yet.
  const same = plain.daily.filter((d) => d.date >= tenDays);
  t.ok(same.length >= 10, `ten days and today (${same.length})`);
  t.equal(perVenue.daily.length, same.length, 'the days from the default start since then');
  t.equal(perVenue.daily[0]!.date, tenDays);
  t.strictSame(
    perVenue.perVenue!.map((v) => v.listingId),
    perps.map((l) => l.id),
    'every perpetual listing, in listing order',
  );
  for (const venue of perVenue.perVenue!) {
    t.equal(venue.hourly[0]?.ts, `${tenDays}T00:00:00.000Z`, `${venue.venue}: hourly from the start`);
    // Both in percent, each rounded to ten decimals of a percent.
    const wrong = venue.hourly.findIndex(
      (h) =>
        h.fundingRatePct === null ||
        Math.abs(h.fundingRate8hPct! - h.fundingRatePct * (8 / venue.fundingIntervalHours)) > 1e-9,
    );
    t.equal(wrong, -1, `${venue.venue}: funding per 8 hours is the rate times the periods in 8 hours`);
    t.ok(
      venue.hourly.every((h) => Math.abs(h.fundingRatePct!) < 1),
      `${venue.venue}: in percent units (a typical rate is about 0.01)`,
    );
  }
  // The same days as from the default start, up to the last bits: the database sums the listings in an order of its own.
  const close = (a: number | null, b: number | null) =>
    a === b || (a !== null && b !== null && Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(b), 1e-3));
  t.strictSame(
    perVenue.daily.map((d) => [d.date, d.venues]),
    same.map((d) => [d.date, d.venues]),
    'the same days and venues',
  );
  const off = perVenue.daily.findIndex(
    (d, k) =>
      !close(d.fundingRate8hPct, same[k]!.fundingRate8hPct) || !close(d.openInterestUsd, same[k]!.openInterestUsd),
  );
  t.equal(off, -1, 'the same funding and open interest');

  // A `from` inside a day starts the daily series at that day, and the hourly ones at that time.
  const midDay = await compareDerivatives(derivativesRequest({ from: `${tenDays}T13:30:00Z`, perVenue: true }));
  t.equal(midDay.daily[0]!.date, tenDays);
  t.equal(midDay.perVenue![0]!.hourly[0]?.ts, `${tenDays}T14:00:00.000Z`);

  // Where there is no data yet (the demo has no instrument without perpetuals), the series are empty on both sides.
  const future = await compareDerivatives(derivativesRequest({ from: '2100-01-01', perVenue: true }));
  t.strictSame(future.daily, []);
  t.strictSame(
    future.perVenue!.map((v) => v.hourly.length),
    perps.map(() => 0),
  );
});

t.test('an unknown symbol or listing is not found, and a reversed window is refused', async (t) => {
  const notFound = async (what: string, answer: () => Promise<unknown>) => {
    const err = await answer().then(
      () => null,
      (e: unknown) => e,
    );
    t.ok(err instanceof ApiError, `${what}: an ApiError`);
    t.equal((err as ApiError).code, 'not_found', what);
  };
  const request = candleRequest({}, now);
  await notFound('pooled', () => candles.pooled('NOPE', request));
  await notFound('listing', () => candles.listing('NOPE', listingId, request));
  // A listing of another instrument is no listing of this one.
  const other = services.instruments.detail('ETH').venues[0]!.listingId;
  await notFound('listing of an ETH listing under BTC', () => candles.listing('BTC', other, request));
  await notFound('derivatives get', () => derivatives.get('NOPE', derivativesRequest({})));

  let err: unknown = null;
  try {
    candleRequest({ from: '2020-03-02', to: '2020-03-01' }, clock.now());
  } catch (e) {
    err = e;
  }
  t.ok(err instanceof ApiError, 'an ApiError');
  t.equal((err as ApiError).code, 'validation_failed');
  t.strictSame((err as ApiError).details, [{ in: 'query', param: 'from', message: 'is after to' }]);
});
