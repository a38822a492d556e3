// Hyperliquid: one activeAssetCtx subscription a coin, the JSON ping, a session, malformed frames, unnamed contexts
// named by the universe, and the REST answers (fixtures and the real samples).
import t from 'tap';
import {
  hyperliquid,
  hyperliquidUniverse,
  parseAllDexsAssetCtxs,
} from '../../../../core/sources/venues/hyperliquid.js';
import { fixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { carried, payloadError, session, skippedReason } from '../../../helpers/venue-frames.js';

const perp = hyperliquid.markets.perp!;

t.test('subscribe frames: one a coin; a ping when idle', async (t) => {
  t.same(
    perp.subscribe(['BTC', 'kPEPE']).map((f) => JSON.parse(f)),
    [
      { method: 'subscribe', subscription: { type: 'activeAssetCtx', coin: 'BTC' } },
      { method: 'subscribe', subscription: { type: 'activeAssetCtx', coin: 'kPEPE' } },
    ],
  );
  t.same(perp.keepalive.send, { text: '{"method":"ping"}' });
  t.ok(perp.keepalive.everyMs < 60_000, 'the server drops a connection silent for a minute');
  t.notOk(hyperliquid.markets.spot);
  t.match(perp.rest.klines('BTC', 1767225600000, 1767229200000), {
    method: 'POST',
    path: '/info',
    body: '{"type":"candleSnapshot","req":{"coin":"BTC","interval":"1m","startTime":1767225600000,"endTime":1767229199999}}',
  });
});

t.test('a session: mid and mark price, day volume in USDC, open interest in coins, hourly funding', async (t) => {
  const s = session(hyperliquid, 'perp', 'venues/hyperliquid/perp-frames.jsonl');
  t.same(s.skipped, []);
  t.same(s.controls, ['subscriptionResponse', 'subscriptionResponse', 'pong']);
  t.same(carried(s.updates[0]!), {
    symbol: 'BTC',
    price: 87641.5,
    markPrice: 87642,
    volume24hBase: 27544.10221,
    volume24hQuote: 2410330210.221,
    fundingRate: 0.0000112,
    fundingIntervalHours: 1,
    openInterestBase: 30120.44301,
  });
  t.ok(Number.isNaN(s.updates[0]!.ts), 'contexts carry no time: they are as of their arrival');
});

t.test('malformed frames are skipped with their reason, never thrown', async (t) => {
  const r = (text: string) => skippedReason(hyperliquid, 'perp', text);
  const ctx = (fields: object) =>
    JSON.stringify({
      channel: 'activeAssetCtx',
      data: { coin: 'BTC', ctx: { markPx: '87642.0', funding: '0.00001', ...fields } },
    });
  t.match(r('{"channel":"activeAssetCtx","data":{"coin":"BTC","ctx":{"markPx":"876'), /^not JSON/);
  t.match(r(ctx({ markPx: '0' })), /markPx: expected a price above 0/);
  t.match(r(ctx({ midPx: 'NaN' })), /midPx: expected a number/);
  t.match(r(ctx({ funding: 'high' })), /funding: expected a number/);
  t.match(r(ctx({ openInterest: true })), /openInterest: expected a number/);
  t.match(r('{"channel":"l2Book","data":{}}'), /unknown channel "l2Book"/);
  t.match(
    r('{"channel":"error","data":"Invalid subscription {\\"type\\":\\"activeAssetCtx\\",\\"coin\\":\\"FOO\\"}"}'),
    /Hyperliquid error: Invalid subscription/,
  );
  const noBook = hyperliquid.parseFrame(ctx({ midPx: null }), 'perp');
  t.same(
    [noBook.skipped, Number.isNaN(noBook.updates[0]!.price), noBook.updates[0]!.markPrice],
    [[], true, 87642],
    'no book: no price, the mark stands',
  );
});

t.test('REST: candles, funding (its interval from the spacing), the snapshot named by the universe', async (t) => {
  const c = perp.rest.parseKlines(fixture('venues/hyperliquid/perp-candles.json'));
  t.same([c.length, c.close[1], c.volumeEstimated], [2, 87690, true]);
  const f = perp.rest.parseFundingHistory!(fixture('venues/hyperliquid/perp-funding.json'));
  t.same([...f.intervalHours], [1, 1, 1]);
  const eth = perp.rest.parseSnapshot!(fixture('venues/hyperliquid/meta-and-asset-ctxs.json'), 'ETH');
  t.same(
    eth.updates.map((u) => [u.symbol, u.price, u.openInterestBase]),
    [['ETH', 2932.75, 702115.1201]],
  );
  t.equal(
    payloadError(() => perp.rest.parseSnapshot!(fixture('venues/hyperliquid/meta-and-asset-ctxs.json'), 'DOGE')),
    'DOGE is not in the universe',
  );
});

t.test('the real samples', { skip: realdataSkip('') }, async (t) => {
  const universe = hyperliquidUniverse(readRealdata('crypto/hyperliquid/info_meta_2023-07-17.json'));
  t.same([universe.length, universe[0], universe[5], universe[15]], [28, 'BTC', 'SOL', 'kPEPE']);
  const all = parseAllDexsAssetCtxs(readRealdata('crypto/hyperliquid/ws_allDexsAssetCtxs_2026-05.json'), universe);
  t.same(
    all.updates.slice(0, 6).map((u) => [u.symbol, u.markPrice]),
    [
      ['BTC', 77562],
      ['ETH', 2123.7],
      ['ATOM', 2.1315],
      ['MATIC', 0.37621],
      ['DYDX', 0.15567],
      ['SOL', 86.148],
    ],
    "the contexts follow the universe's order",
  );
  t.equal(all.updates.length, 28, 'as many as the 2023 universe names');
  t.equal(
    all.skipped.filter((s) => /no coin at place/.test(s.reason)).length,
    230 - 28,
    'coins listed since are skipped',
  );
  t.equal(
    all.skipped.filter((s) => /not the main dex/.test(s.reason)).length,
    8,
    'builder-deployed dexes have their own universes',
  );
  const mids = hyperliquid.parseFrame(
    JSON.stringify({
      channel: 'allMids',
      data: { mids: JSON.parse(readRealdata('crypto/hyperliquid/info_allMids_2023-07-17.json')) },
    }),
    'perp',
  );
  t.same([mids.updates.length, mids.skipped, mids.updates.find((u) => u.symbol === 'BTC')!.price], [28, [], 30135]);
  const candles = perp.rest.parseKlines(
    readRealdata('crypto/hyperliquid/info_candleSnapshot_kPEPE_1h_2023-05-21.json'),
  );
  t.same([candles.length, candles.skipped, candles.ts[0], candles.close[0]], [24, [], 1684699200000, 0.001604]);
  const funding = perp.rest.parseFundingHistory!(
    readRealdata('crypto/hyperliquid/info_fundingHistory_BTC_2023-05-12_to_2023-07-17.json'),
  );
  const byInterval = new Map<number, number>();
  for (const h of funding.intervalHours) byInterval.set(h, (byInterval.get(h) ?? 0) + 1);
  t.same(
    [funding.length, funding.skipped, Object.fromEntries(byInterval)],
    [1038, [], { 8: 82, 1: 956 }],
    'paid every 8 h (82 payments), then every hour, one hour missing: each rate keeps its own interval',
  );
});
