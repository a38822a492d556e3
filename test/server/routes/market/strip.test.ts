// /v1/market/strip: every instrument, live price and change, and a sparkline of hourly closes matching the 1h candles.
import t from 'tap';
import { DEMO_INSTRUMENTS } from '../../../../core/demo/universe.js';
import { DEMO_TICKING, sharedServer } from '../../../../harness/shared-server.js';

const server = await sharedServer(DEMO_TICKING);
t.teardown(() => server.release());

interface Item {
  symbol: string;
  price: number | null;
  changePct: number | null;
  priceLabel: string;
  sparkline: (number | null)[];
}

t.test('the strip: every instrument, 24 points each, the last one live', async (t) => {
  const res = await server.get('/v1/market/strip');
  t.equal(res.status, 200);
  const { data } = (await res.json()) as { data: Item[] };
  t.equal(data.length, DEMO_INSTRUMENTS.length);
  for (const item of data) {
    if (item.sparkline.length !== 24) t.fail(`${item.symbol}: ${item.sparkline.length} points`);
    if (item.sparkline.some((p) => p === null)) t.fail(`${item.symbol}: a gap in the last 24 hours of demo data`);
    if (item.sparkline.at(-1) !== item.price) t.fail(`${item.symbol}: the last point is the live price`);
    if (typeof item.changePct !== 'number' || item.priceLabel !== `${item.symbol} · 24/7 (venues)`) t.fail(item.symbol);
  }
});

t.test('sparkline points are the closes of the hourly candles', async (t) => {
  const { data } = (await (await server.get('/v1/market/strip')).json()) as { data: Item[] };
  const sol = data.find((i) => i.symbol === 'SOL')!;
  const hourly = (await (await server.get('/v1/instruments/SOL/candles?interval=1h&limit=24')).json()) as {
    data: { candles: { close: number }[] };
  };
  const closes = hourly.data.candles.map((c) => c.close);
  // The 23 closed hours agree; the last point is the live price and moves between the two requests.
  t.same(sol.sparkline.slice(0, 23), closes.slice(0, 23));
});
