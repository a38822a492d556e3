// What every venue protocol promises a connector, checked across all six: markets, URLs, symbol forms, limits,
// keepalive, REST requests; and the paging of REST windows.
import t from 'tap';
import { VENUES, venueNamed } from '../../../../core/sources/venues/index.js';
import { connectionPlans, nextWindow } from '../../../../core/sources/venues/protocol.js';

t.test('each venue market is complete and consistent', async (t) => {
  t.same(
    VENUES.map((v) => v.id),
    ['binance', 'coinbase', 'kraken', 'okx', 'bybit', 'hyperliquid'],
  );
  for (const venue of VENUES) {
    for (const [market, m] of Object.entries(venue.markets)) {
      const at = `${venue.id} ${market}`;
      t.match(m.wsUrl, /^wss:\/\//, `${at}: a secure WebSocket`);
      t.match(m.restUrl, /^https:\/\//, `${at}: a secure REST API`);
      t.ok(m.perConnection > 0 && m.sendGapMs >= 0 && m.rest.requestGapMs > 0, `${at}: limits`);
      t.ok(m.keepalive.silenceMs > 0, `${at}: a silence after which to reconnect`);
      t.ok(m.keepalive.send === null || m.keepalive.everyMs > 0, `${at}: a keepalive that is sent has a period`);
      t.equal(m.openInterest === null, market === 'spot', `${at}: open interest exactly on perpetuals`);
      t.ok(m.subscribe(['A']).length > 0, `${at}: subscribing sends something`);
      t.equal(market === 'perp', Boolean(m.rest.fundingHistory), `${at}: funding history exactly on perpetuals`);
      if (m.openInterest === 'rest')
        t.ok(
          m.rest.openInterestNow && m.rest.openInterestPollMs && m.rest.parseOpenInterest,
          `${at}: polled open interest has its request, period and parser`,
        );
      const req = m.rest.klines('SYM', 1767225600000, 1767229200000);
      t.ok(req.path.startsWith('/'), `${at}: a REST path`);
      t.ok(m.rest.snapshot && m.rest.parseSnapshot, `${at}: a REST snapshot`);
    }
  }
  t.equal(venueNamed('nyse'), null);
});

t.test("connection plans split listings by the venue's per-connection limit", async (t) => {
  const okx = venueNamed('okx')!;
  const symbols = Array.from({ length: 250 }, (_, k) => `C${k}-USDT-SWAP`);
  const plans = connectionPlans(okx, 'perp', symbols);
  t.same(
    plans.map((p) => p.symbols.length),
    [100, 100, 50],
  );
  t.same(
    plans.flatMap((p) => p.symbols),
    symbols,
  );
  t.equal(plans[0]!.url, okx.markets.perp!.wsUrl);
  t.throws(() => connectionPlans(venueNamed('coinbase')!, 'perp', ['BTC-PERP']), /coinbase has no perp market/);
});

t.test('REST windows page forward from the start or backward from the end', async (t) => {
  const m = 60_000;
  t.same(nextWindow('forward', 0, 10 * m, 0, 4 * m, m), { fromMs: 5 * m, toMs: 10 * m });
  t.equal(nextWindow('forward', 0, 10 * m, 5 * m, 9 * m, m), null, 'the page reached the end');
  t.same(nextWindow('backward', 0, 10 * m, 6 * m, 9 * m, m), { fromMs: 0, toMs: 6 * m });
  t.equal(nextWindow('backward', 0, 10 * m, 0, 9 * m, m), null, 'the page reached the start');
  t.equal(nextWindow('forward', 0, 10 * m, NaN, NaN, m), null, 'an empty page: nothing more in the window');
});
