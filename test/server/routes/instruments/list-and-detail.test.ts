// /v1/instruments and /v1/instruments/{symbol} on the demo universe with its simulated venues running, every tick
// pooled on a worker thread (the other market tests run the demo's default, inline).
import t from 'tap';
import { DEMO_INSTRUMENTS } from '../../../../core/demo/universe.js';
import { startServer } from '../../../../harness/server.js';

const server = await startServer({
  env: { TAPEWIRE_DEMO: '1', TICK_MS: '200', META_REFRESH_S: '1', POOL_WORKER_MIN_QUOTES: '1' },
});
t.teardown(() => server.dispose());

t.test('the tick loop pools on a worker from the configured batch size', async (t) => {
  const started = await server.waitForLog((l) => l.msg === 'venue feeds started', 5000);
  t.equal(started.pooling, 'worker');
});

interface Venue {
  listingId: number;
  price: number | null;
  volume24hUsd: number | null;
  inPool: boolean;
  reason: string | null;
  deviationPct: number | null;
  staleSeconds: number | null;
}
interface Detail {
  symbol: string;
  price: number | null;
  priceTs: string | null;
  priceLabel: string;
  venuesInPool: number;
  confidence: { low: number | null; high: number | null };
  venues: Venue[];
}

/** The weighted median by the rule the service states (ties on the half-weight boundary take the mean). */
function vwMedian(venues: { price: number; volume: number }[]): number {
  const sorted = [...venues].sort((a, b) => a.price - b.price);
  const total = sorted.reduce((a, v) => a + v.volume, 0);
  let cum = 0;
  for (let k = 0; k < sorted.length; k++) {
    cum += sorted[k]!.volume;
    if (cum === total / 2 && k + 1 < sorted.length) return (sorted[k]!.price + sorted[k + 1]!.price) / 2;
    if (cum >= total / 2) return sorted[k]!.price;
  }
  return NaN;
}

t.test('the list: every instrument with every required field', async (t) => {
  const res = await server.get('/v1/instruments');
  t.equal(res.status, 200);
  const body = (await res.json()) as { data: Record<string, unknown>[]; page: unknown };
  t.equal(body.data.length, DEMO_INSTRUMENTS.length);
  t.same(body.page, { limit: DEMO_INSTRUMENTS.length, offset: 0, nextOffset: null });
  for (const inst of body.data) {
    for (const field of [
      'type',
      'key',
      'label',
      'path',
      'symbol',
      'name',
      'kind',
      'currency',
      'company',
      'price',
      'changePct',
      'priceTs',
      'priceLabel',
    ]) {
      if (!(field in inst)) t.fail(`${inst.symbol}: ${field} missing`);
    }
    if (inst.priceLabel !== `${inst.symbol} · 24/7 (venues)`) t.fail(`${inst.symbol}: label`);
    if (typeof inst.price !== 'number' || typeof inst.changePct !== 'number') t.fail(`${inst.symbol}: no live price`);
  }
  const apple = body.data.find((i) => i.symbol === 'AAPL')!;
  t.match(apple.company, { type: 'company', key: 'apple', path: '/companies/apple' });
  const crypto = (await (await server.get('/v1/instruments?kind=crypto')).json()) as { data: { kind: string }[] };
  t.equal(crypto.data.length, DEMO_INSTRUMENTS.filter((i) => i.kind === 'crypto').length);
  t.ok(crypto.data.every((i) => i.kind === 'crypto'));
  t.equal((await server.get('/v1/instruments?kind=bond')).status, 422);
});

t.test('the detail: pooled price is the VW median of its own venues in the pool', async (t) => {
  for (const inst of DEMO_INSTRUMENTS) {
    const res = await server.get(`/v1/instruments/${inst.symbol.toLowerCase()}`);
    if (res.status !== 200) {
      t.fail(`${inst.symbol}: ${res.status}`);
      continue;
    }
    const { data } = (await res.json()) as { data: Detail };
    const pool = data.venues.filter((v) => v.inPool).map((v) => ({ price: v.price!, volume: v.volume24hUsd! }));
    if (data.venuesInPool !== pool.length) t.fail(`${inst.symbol}: venuesInPool`);
    if (data.price !== vwMedian(pool))
      t.fail(`${inst.symbol}: ${data.price} is not the VW median ${vwMedian(pool)} of its pool`);
    if (!(data.confidence.low! <= data.price! && data.price! <= data.confidence.high!))
      t.fail(`${inst.symbol}: outside its band`);
    for (const v of data.venues) {
      if (v.inPool !== (v.reason === null)) t.fail(`${inst.symbol}: listing ${v.listingId} reason`);
      if (v.price !== null && Math.abs(v.deviationPct! - ((v.price - data.price!) / data.price!) * 100) > 1e-9)
        t.fail('deviation');
      if (v.inPool && (v.staleSeconds! >= 60 || Math.abs(v.deviationPct!) > 2.1))
        t.fail(`${inst.symbol}: an in-pool venue is stale or far`);
    }
  }
  t.pass('checked every instrument');
});

t.test('prices move with the simulated venues', async (t) => {
  const first = ((await (await server.get('/v1/instruments/BTC')).json()) as { data: Detail }).data;
  await new Promise((r) => setTimeout(r, 700));
  const later = ((await (await server.get('/v1/instruments/BTC')).json()) as { data: Detail }).data;
  t.ok(Date.parse(later.priceTs!) > Date.parse(first.priceTs!), 'priceTs advances');
  t.not(later.price, first.price, 'the price moves');
});

t.test('unknown symbols are 404; bad symbols are 422', async (t) => {
  const res = await server.get('/v1/instruments/NOSUCH');
  t.equal(res.status, 404);
  t.match(await res.json(), { error: { code: 'not_found', message: /NOSUCH/ } });
  t.equal((await server.get(`/v1/instruments/${'x'.repeat(121)}`)).status, 422);
});

t.test('venue quotes are written as the venues tick (every 10 ticks)', async (t) => {
  let quotes = 0;
  for (let tries = 0; tries < 40 && quotes === 0; tries++) {
    await new Promise((r) => setTimeout(r, 250));
    const meta = (await (await server.get('/v1/meta')).json()) as { data: { stats: Record<string, number> } };
    quotes = meta.data.stats.venue_quotes!;
  }
  t.ok(quotes > 100, `${quotes} venue quotes stored`);
});
