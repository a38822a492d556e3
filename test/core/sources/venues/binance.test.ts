// Binance: the subscribe frames, a spot and a perpetual session of fixture frames, malformed frames skipped with
// their reasons, and the REST answers (fixtures and the real samples).
import t from 'tap';
import { binance } from '../../../../core/sources/venues/binance.js';
import { connectionPlans } from '../../../../core/sources/venues/protocol.js';
import { fixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { carried, payloadError, session, skippedReason } from '../../../helpers/venue-frames.js';

const spot = binance.markets.spot!;
const perp = binance.markets.perp!;

t.test("subscribe frames name each listing's streams in lower case, 100 topics a frame", async (t) => {
  t.same(
    spot.subscribe(['BTCUSDT', 'ETHUSDT']).map((f) => JSON.parse(f)),
    [{ method: 'SUBSCRIBE', params: ['btcusdt@ticker', 'ethusdt@ticker'], id: 1 }],
  );
  t.same(JSON.parse(perp.subscribe(['BTCUSDT'])[0]!).params, ['btcusdt@ticker', 'btcusdt@markPrice@1s']);
  const many = perp.subscribe(Array.from({ length: 120 }, (_, k) => `C${k}USDT`));
  t.same(
    many.map((f) => JSON.parse(f).params.length),
    [100, 100, 40],
    'two streams a listing, split into frames of 100',
  );
  t.same(
    many.map((f) => JSON.parse(f).id),
    [1, 2, 3],
  );
  t.equal(spot.keepalive.lifetimeMs, 24 * 3_600_000, 'Binance closes connections after 24 h');
  t.equal(spot.keepalive.send, null, 'Binance pings; the client only answers');
  const plans = connectionPlans(
    binance,
    'perp',
    Array.from({ length: 301 }, (_, k) => `C${k}USDT`),
    'ws://127.0.0.1:9/ws',
  );
  t.same(
    plans.map((p) => [p.url, p.symbols.length]),
    [
      ['ws://127.0.0.1:9/ws', 300],
      ['ws://127.0.0.1:9/ws', 1],
    ],
    'at most 300 perpetuals (600 streams) a connection',
  );
});

t.test('a spot session: tickers and mini tickers, the last trade id as the sequence', async (t) => {
  const s = session(binance, 'spot', 'venues/binance/spot-frames.jsonl');
  t.same(s.skipped, []);
  t.same(s.controls, ['subscribed (request 1)']);
  t.same(carried(s.updates[0]!), {
    symbol: 'BTCUSDT',
    ts: 1767225600123,
    price: 87650,
    volume24hBase: 12840.551,
    volume24hQuote: 1122384021.55,
    seq: 5101234567,
  });
  t.same(
    carried(s.updates[2]!),
    { symbol: 'SOLUSDT', ts: 1767225601000, price: 142.31, volume24hBase: 1520000.5, volume24hQuote: 216000000.7 },
    'a mini ticker has no sequence',
  );
  t.equal(s.updates[3]!.seq, 5101234580);
});

t.test('a perpetual session: tickers and mark price updates, raw and wrapped in a combined stream', async (t) => {
  const s = session(binance, 'perp', 'venues/binance/perp-frames.jsonl');
  t.same(s.skipped, []);
  t.same(
    s.updates.map((u) => u.symbol),
    ['BTCUSDT', 'BTCUSDT', 'ETHUSDT', 'ETHUSDT'],
  );
  t.same(carried(s.updates[1]!), {
    symbol: 'BTCUSDT',
    ts: 1767225601000,
    markPrice: 87605.12,
    fundingRate: 0.0001,
    nextFundingTime: 1767254400000,
  });
  t.equal(s.updates[2]!.fundingRate, -0.0000215);
  t.equal(s.updates[3]!.volume24hQuote, 8674504210.8);
});

t.test('malformed frames are skipped with their reason, never thrown', async (t) => {
  const reasons = (text: string) => skippedReason(binance, 'spot', text);
  t.match(reasons('{"e":"24hrTicker","E":1767225600123,"s":"BTC'), /^not JSON/);
  t.match(
    reasons('{"e":"24hrTicker","E":1767225600123,"s":"BTCUSDT","c":"0","v":"1","q":"1"}'),
    /c: expected a price above 0/,
  );
  t.match(reasons('{"e":"24hrTicker","E":1767225600123,"s":"BTCUSDT","c":"NaN"}'), /c: expected a number/);
  t.match(reasons('{"e":"24hrTicker","E":1767225600123,"s":"BTCUSDT","c":true}'), /c: expected a number/);
  t.match(reasons('{"e":"24hrTicker","E":"yesterday","s":"BTCUSDT","c":"1"}'), /E: expected a number/);
  t.match(reasons('{"e":"24hrTicker","E":1767225600123,"c":"1"}'), /s: expected a non-empty string/);
  t.match(reasons('{"e":"depthUpdate","E":1767225600123,"s":"BTCUSDT"}'), /unknown event "depthUpdate"/);
  t.match(
    reasons('{"error":{"code":2,"msg":"Invalid request: unknown stream"},"id":3}'),
    /Binance refused request 3: .*unknown stream/,
  );
  t.same(binance.parseFrame('[1,"x"]', 'spot').skipped, [
    { item: 'events[0]', reason: 'event: expected an object, got 1' },
    { item: 'events[1]', reason: 'event: expected an object, got "x"' },
  ]);
  t.match(reasons('"hello"'), /frame: expected an object/);
  const mixed = binance.parseFrame(
    '[{"e":"24hrMiniTicker","E":1767225600000,"s":"A","c":"1","v":"1","q":"1"},{"e":"24hrMiniTicker","E":1767225600000,"s":"B","c":"-1"}]',
    'spot',
  );
  t.same(
    [mixed.updates.map((u) => u.symbol), mixed.skipped.map((s) => s.item)],
    [['A'], ['events[1]']],
    'an all-market list keeps its good items',
  );
  t.ok(
    binance.parseFrame('{"e":"serverShutdown","E":1767225600000}', 'spot').reconnect,
    'a server shutdown asks for a reconnect',
  );
});

t.test('REST: klines, funding, open interest and snapshots', async (t) => {
  const k = spot.rest.parseKlines(fixture('venues/binance/spot-klines.json'));
  t.same(
    [k.length, k.ts[0], k.close[2], k.volume[1], k.volumeBase[1], k.volumeEstimated],
    [3, 1767225600000, 87560.1, 797700.55, 9.1, false],
  );
  const f = perp.rest.parseFundingHistory!(fixture('venues/binance/perp-funding.json'));
  t.same([...f.rate], [0.00008211, 0.0001, -0.000015]);
  t.same([...f.intervalHours], [8, 8, 8], 'the time between payments (a millisecond late is still 8 h)');
  const now = perp.rest.parseOpenInterest!(fixture('venues/binance/perp-open-interest.json'));
  t.same([now.length, now.base[0], now.ts[0]], [1, 81234.567, 1767225600500]);
  const hist = perp.rest.parseOpenInterest!(fixture('venues/binance/perp-open-interest-hist.json'));
  t.same([...hist.quote], [7113100345.2, 7120000123.45]);
  const snap = perp.rest.parseSnapshot!(fixture('venues/binance/perp-ticker-24hr.json'), 'BTCUSDT');
  t.same(carried(snap.updates[0]!), {
    symbol: 'BTCUSDT',
    ts: 1767225600200,
    price: 87610.4,
    volume24hBase: 152340.118,
    volume24hQuote: 13312500400.25,
  });
  t.equal(
    payloadError(() => spot.rest.parseKlines(fixture('venues/binance/error.json'))),
    'Binance error -1121: Invalid symbol.',
  );
  t.match(
    payloadError(() => spot.rest.parseKlines('{"truncated": ')),
    /^not JSON/,
  );
  t.match(
    payloadError(() => spot.rest.parseKlines('{"klines": []}')),
    /^expected a list of klines/,
  );
  t.match(spot.rest.klines('BTCUSDT', 1767225600000, 1767229200000), {
    method: 'GET',
    path: '/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=1767225600000&endTime=1767229199999&limit=1000',
  });
  t.match(perp.rest.openInterestNow!('BTCUSDT'), { path: '/fapi/v1/openInterest?symbol=BTCUSDT' });
});

t.test('the real samples', { skip: realdataSkip('') }, async (t) => {
  const klines = spot.rest.parseKlines(readRealdata('crypto/binance/spot_api_v3_klines_BTCUSDT_1m_2021-10-22.json'));
  t.same(
    [klines.length, klines.skipped, klines.ts[0], klines.open[0], klines.volume[0]],
    [10, [], 1634943780000, 60685.22, 1313200.0134041],
  );
  const perpKlines = perp.rest.parseKlines(readRealdata('crypto/binance/usdm_fapi_v1_klines_DOCS-EXAMPLE.json'));
  t.same([perpKlines.length, perpKlines.close[0]], [1, 0.015771]);
  t.equal(
    perp.rest.parseKlines(readRealdata('crypto/binance/usdm_fapi_v1_continuousKlines_DOCS-EXAMPLE.json')).close[0],
    18896.13,
  );
  const funding = perp.rest.parseFundingHistory!(
    readRealdata('crypto/binance/usdm_fapi_v1_fundingRate_DOCS-EXAMPLE.json'),
  );
  t.same([...funding.rate], [-0.0375, 0.0001]);
  t.same(
    [...perp.rest.parseOpenInterest!(readRealdata('crypto/binance/usdm_fapi_v1_openInterest_DOCS-EXAMPLE.json')).base],
    [10659.509],
  );
  t.same(
    [
      ...perp.rest.parseOpenInterest!(
        readRealdata('crypto/binance/usdm_futures_data_openInterestHist_DOCS-EXAMPLE.json'),
      ).base,
    ],
    [20403.637, 20401.367],
  );
  const premium = perp.rest.parseSnapshot!(
    readRealdata('crypto/binance/usdm_fapi_v1_premiumIndex_DOCS-EXAMPLE.json'),
    'BTCUSDT',
  );
  t.same(carried(premium.updates[0]!), {
    symbol: 'BTCUSDT',
    ts: 1597370495002,
    markPrice: 11793.63104562,
    fundingRate: 0.00038246,
    nextFundingTime: 1597392000000,
  });
});
