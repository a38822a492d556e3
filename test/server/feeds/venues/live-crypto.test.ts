// The server on the shipped live crypto sources file, its venues pointed at local replays of each venue: BTC pools
// every configured venue (USDT and USDC listings through their own USD pools), the pool is the one its venues'
// quotes make, a venue 50% off the others is an outlier, and a venue whose server stops goes stale while the
// others carry the price; /v1/meta and /metrics say which source is down.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import t from 'tap';
import { allocatePoolOutput, poolQuotes } from '../../../../core/kernels/pool.js';
import { fixtureFrames } from '../../../../harness/realdata.js';
import { ROOT, startServer } from '../../../../harness/server.js';
import { startVenueReplay, type VenueReplay } from '../../../../harness/venue-replay.js';
import { clock } from '../../../../server/clock.js';

interface VenueRow {
  venue: string;
  market: string;
  price: number | null;
  volume24hUsd: number | null;
  inPool: boolean;
  reason: string | null;
}

const MARKETS = [
  'binance spot',
  'binance perp',
  'coinbase spot',
  'kraken spot',
  'kraken perp',
  'okx spot',
  'okx perp',
  'bybit spot',
  'bybit perp',
  'hyperliquid perp',
];

/** Each venue market's session; the spot ones also quote the stablecoins the others convert through, and OKX quotes ETH 50% high. */
function sessionOf(venue: string, market: string): string[] {
  return fixtureFrames(`venues/${venue}/${market}-frames.jsonl`).map((line) => {
    if (!line.startsWith('{')) return line;
    const doc = JSON.parse(line);
    if (venue === 'coinbase' && doc.events?.[0]?.tickers?.[0]?.product_id === 'BTC-USD') {
      const btc = doc.events[0].tickers[0];
      doc.events[0].tickers.push({ ...btc, product_id: 'USDT-USD', price: '1.0002', volume_24_h: '90000000' });
      return JSON.stringify(doc);
    }
    if (venue === 'kraken' && market === 'spot' && doc.channel === 'ticker' && doc.data?.[0]?.symbol === 'BTC/USD') {
      const btc = doc.data[0];
      doc.data.push(
        { ...btc, symbol: 'USDT/USD', last: 1.0001, volume: 80_000_000 },
        { ...btc, symbol: 'USDC/USD', last: 0.9999, volume: 50_000_000 },
      );
      return JSON.stringify(doc);
    }
    if (venue === 'okx' && market === 'spot' && doc.arg?.instId === 'ETH-USDT' && doc.data) {
      doc.data[0].last = String(Number(doc.data[0].last) * 1.5);
      return JSON.stringify(doc);
    }
    return line;
  });
}

const dir = mkdtempSync(join(tmpdir(), 'tapewire-live-'));
const replays = new Map<string, VenueReplay>();
for (const key of MARKETS) {
  const [venue, market] = key.split(' ') as [string, string];
  replays.set(key, await startVenueReplay({ frames: sessionOf(venue, market), everyMs: 300 }));
}
const file = JSON.parse(readFileSync(join(ROOT, 'tapewire.sources.live-crypto.json'), 'utf8'));
file.endpoints = {};
// The file's news feeds and calendars are the publishers' own addresses: their replays are the news and calendar tests'.
delete file.news;
delete file.calendars;
for (const [key, replay] of replays) {
  const [venue, market] = key.split(' ') as [string, string];
  (file.endpoints[venue] ??= {})[market] = { wsUrl: replay.wsUrl, restUrl: replay.restUrl };
}
writeFileSync(join(dir, 'sources.json'), JSON.stringify(file));
const server = await startServer({ env: { TAPEWIRE_SOURCES: join(dir, 'sources.json'), POOL_STALE_S: '2' } });
t.teardown(async () => {
  await server.dispose();
  await Promise.all([...replays.values()].map((r) => r.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function detail(symbol: string): Promise<{ price: number | null; venuesInPool: number; venues: VenueRow[] }> {
  const res = await server.get(`/v1/instruments/${symbol}`);
  return ((await res.json()) as { data: { price: number | null; venuesInPool: number; venues: VenueRow[] } }).data;
}

/** The detail of `symbol` once `done` holds of it (no deadline: tap's timeout ends a stuck test). */
async function detailWhen(symbol: string, done: (d: Awaited<ReturnType<typeof detail>>) => boolean) {
  for (;;) {
    const d = await detail(symbol);
    if (done(d)) return d;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

t.test('BTC pools every configured venue, each with its own quote', async (t) => {
  const btc = await detailWhen('BTC', (d) => d.venuesInPool === MARKETS.length);
  t.same(btc.venues.map((v) => `${v.venue} ${v.market}`).sort(), [...MARKETS].sort(), 'every listing of the file');
  for (const v of btc.venues)
    t.ok(v.price! > 80_000 && v.price! < 95_000, `${v.venue} ${v.market} quotes ${v.price} USD`);

  // The pool is the volume-weighted median of these very quotes.
  const n = btc.venues.length;
  const out = allocatePoolOutput(1, n);
  const now = clock.now();
  poolQuotes(
    {
      offsets: Int32Array.from([0, n]),
      prices: Float64Array.from(btc.venues, (v) => v.price!),
      volumes: Float64Array.from(btc.venues, (v) => v.volume24hUsd ?? 0),
      ts: new Float64Array(n).fill(now),
    },
    { nowMs: now, staleMs: 60_000, band: 0.02 },
    out,
  );
  t.ok(Math.abs(out.price[0]! - btc.price!) <= 1e-6 * btc.price!, `pooled ${btc.price} = recomputed ${out.price[0]}`);

  const eth = await detailWhen(
    'ETH',
    (d) => d.venues.some((v) => v.venue === 'okx' && v.market === 'spot' && v.price !== null) && d.venuesInPool >= 2,
  );
  const okx = eth.venues.find((v) => v.venue === 'okx' && v.market === 'spot')!;
  t.equal(okx.reason, 'outlier', 'a venue 50% off the others is out of the pool');
});

t.test('a venue whose server stops goes stale, and its source down; the others carry on', async (t) => {
  await replays.get('bybit perp')!.close();
  const btc = await detailWhen(
    'BTC',
    (d) => d.venues.find((v) => v.venue === 'bybit' && v.market === 'perp')!.reason === 'stale',
  );
  t.equal(btc.venuesInPool, MARKETS.length - 1);
  t.ok(btc.price! > 80_000);

  const body = await (await server.get('/v1/meta')).json();
  const doc = (await (await server.get('/v1/openapi.json')).json()) as Record<string, unknown>;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'api');
  const validate = ajv.compile({ $ref: 'api#/paths/~1v1~1meta/get/responses/200/content/application~1json/schema' });
  t.ok(validate(body), `/v1/meta as the OpenAPI document says: ${ajv.errorsText(validate.errors)}`);
  const meta = (
    body as { data: { sources: { name: string; state: string; messages: number; lastMessageAt: string | null }[] } }
  ).data;
  const byName = new Map(meta.sources.map((s) => [s.name, s]));
  t.same(
    [...byName.keys()],
    ['fred', 'sec', ...MARKETS.map((m) => m.replace(' ', '-'))],
    'the sources off for a missing credential, then each venue market',
  );
  t.equal(byName.get('bybit-perp')!.state, 'down');
  t.equal(byName.get('binance-spot')!.state, 'live');
  t.ok(byName.get('binance-spot')!.messages > 0 && byName.get('binance-spot')!.lastMessageAt);

  const metrics = await server.get('/metrics');
  t.match(metrics.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  const text = await metrics.text();
  t.match(text, /tapewire_source_state\{source="bybit-perp",kind="venue",state="down"\} 1/);
  t.match(text, /tapewire_source_messages_total\{source="binance-spot",kind="venue"\} [1-9]/);
  t.match(text, /# TYPE tapewire_source_reconnects_total counter/);

  t.equal((await server.get('/ready')).status, 200, 'ready while serving, whatever a venue does');
});
