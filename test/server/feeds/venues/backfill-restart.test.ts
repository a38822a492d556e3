// Backfill after downtime: the server on a sources file of BTC at Binance spot, Binance USD-M and OKX spot, each a
// local replay serving the venue's REST klines in its own format and paging. A first run backfills the venues'
// history up to where it ends (the server's last minute before going down); the second run, on the same data,
// fetches from the minute after each listing's last stored bar up to now, so the candles have no hole across the
// downtime: each venue's own, and the pooled ones (the median of the three), and the perpetual's funding and open
// interest reach the hours of the gap.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { blankDataDir, type ServerHandle, startServer } from '../../../../harness/server.js';
import { startVenueReplay, type VenueReplay } from '../../../../harness/venue-replay.js';
import { clock } from '../../../../server/clock.js';
import {
  binanceFunding,
  binanceKlines,
  binanceOpenInterest,
  type KlineHistory,
  klineAt,
  okxCandles,
} from '../../../helpers/venue-klines.js';

const MINUTE = 60_000;
const thisMinute = () => clock.now() - (clock.now() % MINUTE);
/** Where the venues' history ends in the first run: the server went down 130 minutes ago (over a whole clock hour). */
const downAt = thisMinute() - 130 * MINUTE;
let historyEnd = downAt;

/** Each venue's price: a slow wave, the venues a few dollars apart (the pool is the middle one, Binance USD-M). */
const wave = (offset: number): KlineHistory => ({
  price: (ts) => 60_000 + offset + 300 * Math.sin(ts / 1_800_000),
  endMs: () => historyEnd,
});
const spot = wave(0);
const perp = wave(4);
const okx = wave(10);

const requests: { venue: string; url: URL }[] = [];
function venue(name: string, answer: (url: URL) => { status?: number; body: string } | null): Promise<VenueReplay> {
  return startVenueReplay({
    frames: [],
    rest: (url) => {
      requests.push({ venue: name, url });
      return answer(url) ?? { status: 404, body: '{"code":-1,"msg":"not replayed"}' };
    },
  });
}

const replays = {
  'binance spot': await venue('binance spot', (url) =>
    url.pathname === '/api/v3/klines' ? binanceKlines(spot, url) : null,
  ),
  'binance perp': await venue('binance perp', (url) => {
    if (url.pathname === '/fapi/v1/klines') return binanceKlines(perp, url);
    if (url.pathname === '/fapi/v1/fundingRate') return binanceFunding(perp, url, 0.0001, 'BTCUSDT');
    if (url.pathname === '/futures/data/openInterestHist') return binanceOpenInterest(perp, url, 80_000, 'BTCUSDT');
    return null;
  }),
  'okx spot': await venue('okx spot', (url) =>
    url.pathname === '/api/v5/market/history-candles' ? okxCandles(okx, url) : null,
  ),
};

const dataDir = await blankDataDir();
const file = join(dataDir, '..', `sources-${process.pid}.json`);
writeFileSync(
  file,
  JSON.stringify({
    instruments: [
      {
        symbol: 'BTC',
        name: 'Bitcoin',
        kind: 'crypto',
        currency: 'USD',
        listings: [
          { venue: 'binance', market: 'spot', venueSymbol: 'BTCUSDT', quote: 'USDT' },
          { venue: 'binance', market: 'perp', venueSymbol: 'BTCUSDT', quote: 'USDT', fundingIntervalHours: 8 },
          { venue: 'okx', market: 'spot', venueSymbol: 'BTC-USDT', quote: 'USDT' },
        ],
      },
    ],
    quotes: { USDT: { fixed: 1 } },
    endpoints: {
      binance: {
        spot: { wsUrl: replays['binance spot'].wsUrl, restUrl: replays['binance spot'].restUrl },
        perp: { wsUrl: replays['binance perp'].wsUrl, restUrl: replays['binance perp'].restUrl },
      },
      okx: { spot: { wsUrl: replays['okx spot'].wsUrl, restUrl: replays['okx spot'].restUrl } },
    },
  }),
);
const env = { TAPEWIRE_SOURCES: file, VENUE_BACKFILL_HOURS: '4' };
let server: ServerHandle | null = null;
t.teardown(async () => {
  await server?.stop();
  await Promise.all(Object.values(replays).map((r) => r.close()));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(file, { force: true });
});

interface CandleRow {
  ts: string;
  open: number;
  high: number;
  low: number;
  close: number;
  venues?: number;
}

async function candles(path: string, fromMs: number, toMs: number): Promise<CandleRow[]> {
  const res = await server!.get(
    `${path}?interval=1m&from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}&limit=1000`,
  );
  return ((await res.json()) as { data: { candles: CandleRow[] } }).data.candles;
}

/** The candles of [fromMs, toMs) once there is one for every minute (no deadline: tap's timeout ends a stuck test). */
async function everyMinute(path: string, fromMs: number, toMs: number): Promise<CandleRow[]> {
  for (;;) {
    const got = await candles(path, fromMs, toMs);
    if (got.length === (toMs - fromMs) / MINUTE) return got;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The minutes missing from `rows` in [fromMs, toMs), as ISO times. */
function holes(rows: CandleRow[], fromMs: number, toMs: number): string[] {
  const have = new Set(rows.map((c) => Date.parse(c.ts)));
  const out: string[] = [];
  for (let ts = fromMs; ts < toMs; ts += MINUTE) if (!have.has(ts)) out.push(new Date(ts).toISOString());
  return out;
}

async function listingIds(): Promise<Map<string, number>> {
  const res = await server!.get('/v1/instruments/BTC');
  const venues = ((await res.json()) as { data: { venues: { venue: string; market: string; listingId: number }[] } })
    .data.venues;
  return new Map(venues.map((v) => [`${v.venue} ${v.market}`, v.listingId]));
}

t.test('a first start fills the reach back from each venue, up to where its history ends', async (t) => {
  server = await startServer({ env, dataDir });
  const from = downAt - 60 * MINUTE;
  const pooled = await everyMinute('/v1/instruments/BTC/candles', from, downAt);
  t.same(holes(pooled, from, downAt), []);
  const at = pooled[30]!;
  const k = klineAt(perp, Date.parse(at.ts));
  t.same(
    { open: at.open, close: at.close, venues: at.venues },
    { open: k.open, close: k.close, venues: 3 },
    'the pooled minute is the middle venue’s',
  );
  for (const [key, id] of await listingIds()) {
    const own = await everyMinute(`/v1/instruments/BTC/listings/${id}/candles`, from, downAt);
    const history = { 'binance spot': spot, 'binance perp': perp, 'okx spot': okx }[key]!;
    t.equal(own[30]!.close, klineAt(history, Date.parse(own[30]!.ts)).close, `${key}: its own klines`);
  }
  const okxPages = requests.filter(
    (r) => r.venue === 'okx spot' && r.url.pathname === '/api/v5/market/history-candles',
  );
  t.ok(okxPages.length >= 2, `OKX paged back 100 minutes at a time (${okxPages.length} pages)`);
  await server.stop();
  server = null;
});

t.test(
  'after downtime, the next start fetches from the minute after the last stored bar, leaving no hole',
  async (t) => {
    historyEnd = Infinity;
    const before = requests.length;
    server = await startServer({ env, dataDir });
    const upTo = thisMinute();
    const from = downAt - 30 * MINUTE;
    const pooled = await everyMinute('/v1/instruments/BTC/candles', from, upTo);
    t.same(holes(pooled, from, upTo), [], 'the pooled candles run through the downtime');
    const inGap = pooled.find((c) => Date.parse(c.ts) === downAt + 10 * MINUTE)!;
    t.equal(
      inGap.close,
      klineAt(perp, downAt + 10 * MINUTE).close,
      'a minute of the downtime, pooled from the venues’ klines',
    );

    // Once the round has ended, memory reads the series again: the same candles, now from memory.
    while (!server.logs.some((l) => l.msg === 'venue backfill pooled the minutes no tick built'))
      await new Promise((resolve) => setTimeout(resolve, 100));
    t.same(
      holes(await candles('/v1/instruments/BTC/candles', from, upTo), from, upTo),
      [],
      'no hole once memory holds them again',
    );

    const spotKlines = requests
      .slice(before)
      .filter((r) => r.venue === 'binance spot' && r.url.pathname === '/api/v3/klines');
    t.equal(
      Number(spotKlines[0]!.url.searchParams.get('startTime')),
      downAt,
      'asked from the minute after the last stored bar',
    );
    for (const [key, id] of await listingIds()) {
      const own = await everyMinute(`/v1/instruments/BTC/listings/${id}/candles`, from, upTo);
      t.same(holes(own, from, upTo), [], `${key}: no hole`);
    }

    // The downtime's first whole hour: its open interest is one the venue reported then.
    const HOUR = 3_600_000;
    const hour = Math.ceil(downAt / HOUR) * HOUR;
    const reported = (oi: number | null) => {
      for (let p = hour; p < hour + HOUR; p += 5 * MINUTE)
        if (oi !== null && Math.abs(oi - 80_000 * perp.price(p)) < 1e-6 * oi) return true;
      return false;
    };
    for (;;) {
      const res = await server.get(
        `/v1/instruments/BTC/derivatives?perVenue=true&from=${new Date(hour).toISOString()}`,
      );
      const body = (await res.json()) as {
        data: {
          perVenue: {
            venue: string;
            hourly: { ts: string; fundingRatePct: number | null; openInterestUsd: number | null }[];
          }[];
        };
      };
      const row = body.data.perVenue.find((v) => v.venue === 'binance')?.hourly.find((h) => Date.parse(h.ts) === hour);
      if (row && reported(row.openInterestUsd)) {
        t.equal(
          row.fundingRatePct,
          0.01,
          'the funding rate then in force (0.01%), with the open interest reported after the server went down',
        );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  },
);
