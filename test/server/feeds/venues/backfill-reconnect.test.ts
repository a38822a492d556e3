// Backfill after a reconnect: BTC at Binance spot alone, its replay streaming tickers and serving REST klines (at
// another price, so a candle says where it came from). The venue goes silent for over a whole minute (stale, so no
// tick builds that minute's bar) and comes back; the reconnect fetches the klines since the listing's last stored bar,
// and the pooled and venue 1m candles have no hole, the silent minute being the venue's own kline.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { binance } from '../../../../core/sources/venues/binance.js';
import { fixtureFrames } from '../../../../harness/realdata.js';
import { blankDataDir, type ServerHandle, startServer } from '../../../../harness/server.js';
import { startVenueReplay } from '../../../../harness/venue-replay.js';
import { clock } from '../../../../server/clock.js';
import { binanceKlines, type KlineHistory, klineAt } from '../../../helpers/venue-klines.js';

const MINUTE = 60_000;
const thisMinute = () => clock.now() - (clock.now() % MINUTE);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const history: KlineHistory = { price: (ts) => 50_000 + 200 * Math.sin(ts / 900_000), endMs: () => Infinity };
// The session's frames, without the one announcing a restart (replayed at every subscribe, it would never end).
const session = fixtureFrames('venues/binance/spot-frames.jsonl').filter(
  (line) => !binance.parseFrame(line, 'spot').reconnect,
);
const frames = [...session];
const klineRequests: { atMs: number; startTime: number }[] = [];
const replay = await startVenueReplay({
  frames,
  everyMs: 300,
  rest: (url) => {
    if (url.pathname !== '/api/v3/klines') return { status: 404, body: '{"code":-1,"msg":"not replayed"}' };
    klineRequests.push({ atMs: clock.now(), startTime: Number(url.searchParams.get('startTime')) });
    return binanceKlines(history, url);
  },
});

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
        listings: [{ venue: 'binance', market: 'spot', venueSymbol: 'BTCUSDT', quote: 'USDT' }],
      },
    ],
    quotes: { USDT: { fixed: 1 } },
    endpoints: { binance: { spot: { wsUrl: replay.wsUrl, restUrl: replay.restUrl } } },
  }),
);
const server: ServerHandle = await startServer({
  env: { TAPEWIRE_SOURCES: file, VENUE_BACKFILL_HOURS: '1', POOL_STALE_S: '2' },
  dataDir,
});
t.teardown(async () => {
  await server.stop();
  await replay.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(file, { force: true });
});

interface CandleRow {
  ts: string;
  close: number;
  venues?: number;
}

async function candles(path: string, fromMs: number, toMs: number): Promise<CandleRow[]> {
  const res = await server.get(
    `${path}?interval=1m&from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}&limit=1000`,
  );
  return ((await res.json()) as { data: { candles: CandleRow[] } }).data.candles;
}

/** The candles of [fromMs, toMs) once there is one for every minute (no deadline: tap's timeout ends a stuck test). */
async function everyMinute(path: string, fromMs: number, toMs: number): Promise<CandleRow[]> {
  for (;;) {
    const got = await candles(path, fromMs, toMs);
    if (got.length === (toMs - fromMs) / MINUTE) return got;
    await sleep(250);
  }
}

t.test('a venue silent for a whole minute is backfilled when it reconnects', async (t) => {
  const started = thisMinute();
  // Live first: the tickers' price is in the pool.
  for (;;) {
    const res = await server.get('/v1/instruments/BTC');
    if (((await res.json()) as { data: { price: number | null } }).data.price! > 80_000) break;
    await sleep(100);
  }

  // Silent: the venue still accepts the connection, but sends nothing.
  frames.length = 0;
  replay.drop();
  const silentAt = clock.now();
  const hole = Math.ceil((silentAt + 3_000) / MINUTE) * MINUTE;
  await sleep(hole + MINUTE + 1_000 - clock.now());

  // Back: the next connection streams again.
  frames.push(...session);
  replay.drop();
  const upTo = thisMinute() + MINUTE;
  const from = started - 5 * MINUTE;
  const listingId = (
    (await (await server.get('/v1/instruments/BTC')).json()) as { data: { venues: { listingId: number }[] } }
  ).data.venues[0]!.listingId;
  const pooled = await everyMinute('/v1/instruments/BTC/candles', from, upTo);
  const own = await everyMinute(`/v1/instruments/BTC/listings/${listingId}/candles`, from, upTo);
  // Once the round that filled the silent minute has ended, memory reads the series again: the same candles, from memory.
  while (
    !server.logs.some(
      (l) =>
        l.msg === 'venue backfill pooled the minutes no tick built' && Date.parse(l.time as string) >= hole + MINUTE,
    )
  )
    await sleep(100);
  t.same(
    (await candles('/v1/instruments/BTC/candles', from, upTo)).length,
    pooled.length,
    'no hole once memory holds them again',
  );
  const silent = pooled.find((c) => Date.parse(c.ts) === hole)!;
  t.equal(silent.close, klineAt(history, hole).close, 'the silent minute is the venue’s own kline');
  t.equal(silent.venues, 1);
  t.equal(
    own.find((c) => Date.parse(c.ts) === hole)!.close,
    klineAt(history, hole).close,
    'in the venue’s own candles too',
  );
  t.ok(pooled.at(-1)!.close > 80_000, 'and the live ticks carry on after it');
  // Binance connections silent for 30 s reconnect by themselves: whichever reconnect came after the silent minute
  // ended asked for it.
  t.ok(
    klineRequests.some((r) => r.atMs >= hole + MINUTE && r.startTime <= hole),
    'a reconnect asked for the klines since the last stored bar',
  );
});
