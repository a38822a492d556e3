// Kraken: the spot v2 and futures protocols (subscribe frames, sessions, malformed frames), hourly futures funding,
// inverse contracts counted in dollars, and the REST answers (fixtures and the real samples).
import t from 'tap';
import { kraken } from '../../../../core/sources/venues/kraken.js';
import { fixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { carried, payloadError, session, skippedReason } from '../../../helpers/venue-frames.js';

const spot = kraken.markets.spot!;
const perp = kraken.markets.perp!;

t.test('subscribe frames and keepalive of both sockets', async (t) => {
  t.same(
    spot.subscribe(['BTC/USD', 'ETH/USD']).map((f) => JSON.parse(f)),
    [{ method: 'subscribe', params: { channel: 'ticker', symbol: ['BTC/USD', 'ETH/USD'] }, req_id: 1 }],
  );
  t.same(spot.keepalive.send, { text: '{"method":"ping"}' });
  t.same(
    perp.subscribe(['PF_XBTUSD']).map((f) => JSON.parse(f)),
    [
      { event: 'subscribe', feed: 'ticker', product_ids: ['PF_XBTUSD'] },
      { event: 'subscribe', feed: 'heartbeat' },
    ],
  );
  t.equal(perp.keepalive.send, 'ws-ping', 'the futures socket wants a WebSocket ping within a minute');
  t.ok(perp.keepalive.everyMs < 60_000);
  t.not(spot.wsUrl, perp.wsUrl, 'two hosts');
});

t.test('a spot session: tickers with the 24h quote volume from the VWAP', async (t) => {
  const s = session(kraken, 'spot', 'venues/kraken/spot-frames.jsonl');
  t.same(s.skipped, []);
  t.same(s.controls, ['status', 'subscribe', 'subscribe', 'heartbeat', 'pong']);
  t.same(carried(s.updates[0]!), {
    symbol: 'BTC/USD',
    ts: Date.parse('2026-01-01T00:00:00.120Z'),
    price: 87690.2,
    volume24hBase: 1520.33021,
    volume24hQuote: 1520.33021 * 87402.6,
  });
  t.same(
    s.updates.map((u) => [u.symbol, u.price]),
    [
      ['BTC/USD', 87690.2],
      ['ETH/USD', 2933.51],
      ['BTC/USD', 87695.1],
    ],
  );
});

t.test('a futures session: the relative funding rate, per hour; open interest in coins', async (t) => {
  const s = session(kraken, 'perp', 'venues/kraken/perp-frames.jsonl');
  t.same(s.skipped, []);
  t.same(s.controls, ['info', 'subscribed', 'subscribed', 'heartbeat']);
  t.same(carried(s.updates[0]!), {
    symbol: 'PF_XBTUSD',
    ts: 1767225600301,
    price: 87661,
    markPrice: 87660.4,
    volume24hBase: 4120.5521,
    volume24hUsd: 360100200.5,
    fundingRate: 0.0000100521,
    fundingIntervalHours: 1,
    nextFundingTime: 1767229200000,
    openInterestBase: 2210.3342,
  });
  t.equal(s.updates[1]!.fundingRate, -0.0000072);
});

t.test('an inverse contract counts its volume and open interest in dollars', async (t) => {
  const frame = JSON.stringify({
    feed: 'ticker',
    product_id: 'PI_XBTUSD',
    time: 1767225600000,
    last: 87640.5,
    markPrice: 87641.2,
    volume: 91200300,
    openInterest: 40210300,
    relative_funding_rate: 0.00001,
    suspended: false,
  });
  t.same(carried(kraken.parseFrame(frame, 'perp').updates[0]!), {
    symbol: 'PI_XBTUSD',
    ts: 1767225600000,
    price: 87640.5,
    markPrice: 87641.2,
    volume24hUsd: 91200300,
    openInterestUsd: 40210300,
    fundingRate: 0.00001,
    fundingIntervalHours: 1,
  });
});

t.test('malformed frames are skipped with their reason, never thrown', async (t) => {
  const s = (text: string) => skippedReason(kraken, 'spot', text);
  const f = (text: string) => skippedReason(kraken, 'perp', text);
  t.match(s('{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":87'), /^not JSON/);
  t.match(
    s('{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":0}]}'),
    /last: expected a price above 0/,
  );
  t.match(
    s('{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":"NaN"}]}'),
    /last: expected a number/,
  );
  t.match(s('{"channel":"ticker","type":"update","data":{"symbol":"BTC/USD"}}'), /data: expected a list/);
  t.match(s('{"channel":"book","type":"update","data":[]}'), /unknown channel "book"/);
  t.match(
    s('{"method":"subscribe","success":false,"error":"Currency pair not supported FOO/USD"}'),
    /Kraken refused "subscribe": Currency pair not supported FOO\/USD/,
  );
  t.match(f('{"feed":"ticker","product_id":"PF_XBTUSD","time":1767225600000,"last":"abc"}'), /last: expected a number/);
  t.match(
    f('{"feed":"ticker","product_id":"PF_XBTUSD","time":1767225600000,"last":87000,"suspended":true}'),
    /PF_XBTUSD is suspended/,
  );
  t.match(f('{"feed":"book","product_id":"PF_XBTUSD"}'), /unknown feed "book"/);
  t.equal(f('{"event":"alert","message":"Bad websocket message"}'), 'Kraken alert: Bad websocket message');
  t.equal(f('{"event":"error","message":"Invalid product id"}'), 'Kraken error: Invalid product id');
});

t.test(
  'REST: OHLC without its forming bar, the ticker, futures candles, hourly funding, futures tickers',
  async (t) => {
    const o = spot.rest.parseKlines(fixture('venues/kraken/spot-ohlc.json'));
    t.same(
      [o.length, o.ts[2], o.volume[0], o.volume[2]],
      [3, 1767225720000, 87622.4 * 1.2051, 0],
      'the 4th bar is still forming; a bar without trades has no volume',
    );
    t.same(o.skipped, [{ item: '2026-01-01T00:03:00.000Z', reason: 'the bar still forming' }]);
    const ticker = spot.rest.parseSnapshot!(fixture('venues/kraken/spot-ticker.json'), 'BTC/USD');
    t.same(
      carried(ticker.updates[0]!),
      { symbol: 'BTC/USD', price: 87690.2, volume24hBase: 1520.33021, volume24hQuote: 1520.33021 * 87402.6 },
      'named as the listing, not XXBTZUSD',
    );
    const c = perp.rest.parseKlines(fixture('venues/kraken/perp-candles.json'));
    t.same([c.length, c.close[1], c.volumeEstimated], [2, 87690, true]);
    const f = perp.rest.parseFundingHistory!(fixture('venues/kraken/perp-funding.json'));
    t.same(
      [[...f.rate], [...f.intervalHours]],
      [
        [0.0000099501, 0.0000103011, 0.00001004],
        [1, 1, 1],
      ],
    );
    const pf = perp.rest.parseSnapshot!(fixture('venues/kraken/perp-tickers.json'), 'PF_XBTUSD');
    t.same(carried(pf.updates[0]!), {
      symbol: 'PF_XBTUSD',
      ts: Date.parse('2026-01-01T00:00:00.301Z'),
      price: 87661,
      markPrice: 87660.4,
      volume24hBase: 4120.5521,
      volume24hUsd: 360100200.5,
      openInterestBase: 2210.3342,
    });
    const pi = perp.rest.parseSnapshot!(fixture('venues/kraken/perp-tickers.json'), 'PI_XBTUSD');
    t.same([pi.updates[0]!.volume24hUsd, pi.updates[0]!.openInterestUsd], [91200300, 40210300]);
    t.equal(
      payloadError(() => spot.rest.parseKlines('{"error":["EQuery:Unknown asset pair"]}')),
      'expected {"error": [], "result": {...}}, got {"error":["EQuery:Unknown asset pair"]}',
    );
    t.equal(
      payloadError(() => spot.rest.parseKlines('{"error":["EQuery:Unknown asset pair"],"result":{}}')),
      'Kraken error: EQuery:Unknown asset pair',
    );
    t.equal(
      spot.rest.klines('BTC/USD', 1767225600000, 1767229200000).path,
      '/0/public/OHLC?pair=BTCUSD&interval=1&since=1767225599',
    );
  },
);

t.test('the real samples', { skip: realdataSkip('') }, async (t) => {
  const o = spot.rest.parseKlines(readRealdata('crypto/kraken/public_OHLC_XBTUSDT_1m_2025-11-10.json'));
  t.same(
    [o.length, o.skipped.length, o.ts[0], o.ts[o.length - 1]],
    [720, 1, 1762777020000, 1762820160000],
    '721 rows, the last still forming',
  );
  t.equal(o.volume[2], 106038.3 * 0.00032101);
  const f = perp.rest.parseFundingHistory!(readRealdata('crypto/kraken/futures_historical_funding_rates.json'));
  t.same(
    [[...f.ts], [...f.rate]],
    [
      [Date.parse('2025-07-10T16:00:00Z'), Date.parse('2025-07-11T00:00:00Z'), Date.parse('2025-07-11T08:00:00Z')],
      [0.00015, -0.00005, 0.0001],
    ],
    'oldest first; the relative rate',
  );
  const ticker = spot.rest.parseSnapshot!(readRealdata('crypto/kraken/public_Ticker_XBTUSDT.json'), 'BTC/USDT');
  t.same(carried(ticker.updates[0]!), {
    symbol: 'BTC/USDT',
    price: 105899.4,
    volume24hBase: 163.28908096,
    volume24hQuote: 163.28908096 * 105904.39279,
  });
});
