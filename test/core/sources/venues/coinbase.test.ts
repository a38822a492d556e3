// Coinbase Advanced Trade: subscribe frames (ticker_batch and heartbeats), a session whose sequence numbers count every
// frame of the connection, malformed frames, and the REST candles and ticker (fixtures and the real samples).
import t from 'tap';
import { coinbase } from '../../../../core/sources/venues/coinbase.js';
import { SequenceTracker } from '../../../../core/sources/venues/sequence.js';
import { fixture, fixtureFrames, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { carried, payloadError, session, skippedReason } from '../../../helpers/venue-frames.js';

const spot = coinbase.markets.spot!;

t.test(
  "subscribe frames: the products' ticker batches, then the heartbeats that keep the connection open",
  async (t) => {
    t.same(
      spot.subscribe(['BTC-USD', 'ETH-USD']).map((f) => JSON.parse(f)),
      [
        { type: 'subscribe', product_ids: ['BTC-USD', 'ETH-USD'], channel: 'ticker_batch' },
        { type: 'subscribe', channel: 'heartbeats' },
      ],
    );
    t.equal(spot.keepalive.send, null, 'no ping: the heartbeats channel beats every second');
    t.equal(spot.sequence, 'connection');
    t.notOk(coinbase.markets.perp, 'spot only');
  },
);

t.test('a session: ticker batches read, subscriptions and heartbeats are controls, every frame numbered', async (t) => {
  const s = session(coinbase, 'spot', 'venues/coinbase/spot-frames.jsonl');
  t.same(s.skipped, []);
  t.same(s.controls, ['subscriptions', 'subscriptions', 'heartbeat', 'heartbeat']);
  t.same(
    s.frames.map((f) => f.seq),
    [0, 1, 2, 3, 4, 5],
  );
  t.same(carried(s.updates[0]!), {
    symbol: 'BTC-USD',
    ts: Date.parse('2026-01-01T00:00:00.250Z'),
    price: 87702.31,
    volume24hBase: 8123.4055123,
  });
  t.same(
    s.updates.map((u) => [u.symbol, u.price]),
    [
      ['BTC-USD', 87702.31],
      ['ETH-USD', 2934.12],
      ['BTC-USD', 87710],
    ],
  );
  const tracker = new SequenceTracker(true);
  t.same(
    s.frames.map((f) => tracker.check('', f.seq)),
    ['first', 'next', 'next', 'next', 'next', 'next'],
    'no frame lost',
  );
});

t.test("a lost frame is a gap in the connection's sequence", async (t) => {
  const frames = fixtureFrames('venues/coinbase/spot-frames.jsonl').filter((_, k) => k !== 3);
  const tracker = new SequenceTracker(true);
  const checks = frames.map((text) => tracker.check('', coinbase.parseFrame(text, 'spot').seq));
  t.same(checks, ['first', 'next', 'next', 'gap', 'next']);
  t.equal(tracker.missed, 1);
});

t.test('malformed frames are skipped with their reason, never thrown', async (t) => {
  const reasons = (text: string) => skippedReason(coinbase, 'spot', text);
  const frame = (ticker: object) =>
    JSON.stringify({
      channel: 'ticker_batch',
      timestamp: '2026-01-01T00:00:00Z',
      sequence_num: 9,
      events: [{ type: 'update', tickers: [ticker] }],
    });
  t.match(
    reasons('{"channel":"ticker_batch","timestamp":"2026-01-01T00:00:00Z","sequence_num":9,"events":[{"type":"upd'),
    /^not JSON/,
  );
  t.match(reasons(frame({ product_id: 'BTC-USD', price: '0' })), /price: expected a price above 0/);
  t.match(reasons(frame({ product_id: 'BTC-USD', price: 'NaN' })), /price: expected a number/);
  t.match(reasons(frame({ product_id: 42, price: '1' })), /product_id: expected a non-empty string/);
  t.match(
    reasons('{"channel":"ticker_batch","timestamp":"yesterday","sequence_num":9,"events":[]}'),
    /timestamp: expected an ISO 8601 timestamp/,
  );
  t.match(
    reasons('{"channel":"level2","timestamp":"2026-01-01T00:00:00Z","sequence_num":9,"events":[]}'),
    /unknown channel "level2"/,
  );
  t.equal(reasons('{"type":"error","message":"failure to subscribe"}'), 'Coinbase error: failure to subscribe');
  t.equal(
    coinbase.parseFrame('{"channel":"level2","timestamp":"2026-01-01T00:00:00Z","sequence_num":12,"events":[]}', 'spot')
      .seq,
    12,
    'an unknown channel still counts in the sequence',
  );
});

t.test('REST: candles of both APIs and the ticker', async (t) => {
  const c = spot.rest.parseKlines(fixture('venues/coinbase/candles.json'));
  t.same(
    [c.length, c.ts[0], c.close[2], c.volumeBase[0], c.volumeEstimated],
    [3, 1767225600000, 87755.55, 4.0203, true],
    'oldest first; quote volume estimated from the base',
  );
  t.equal(c.volume[0], 4.0203 * 87660.1);
  const e = spot.rest.parseKlines(fixture('venues/coinbase/exchange-candles.json'));
  t.same(
    [e.ts[0], e.open[0], e.high[0], e.low[0], e.close[0]],
    [1767225600000, 87601, 87702, 87420, 87655],
    "Exchange's [time, low, high, open, close, volume]",
  );
  const snap = spot.rest.parseSnapshot!(fixture('venues/coinbase/ticker.json'), 'BTC-USD');
  t.same(
    carried(snap.updates[0]!),
    { symbol: 'BTC-USD', ts: Date.parse('2026-01-01T00:00:00.201Z'), price: 87702.31 },
    'the latest trade',
  );
  t.match(
    payloadError(() => spot.rest.parseKlines('{"message":"product not found"}')),
    'Coinbase error: product not found',
  );
  const req = spot.rest.klines('BTC-USD', 1767225600000, 1767312000000);
  t.equal(
    req.path,
    '/api/v3/brokerage/market/products/BTC-USD/candles?start=1767225600&end=1767246599&granularity=ONE_MINUTE&limit=350',
    'a window of 350 candles at most',
  );
});

t.test('the real samples', { skip: realdataSkip('') }, async (t) => {
  const c = spot.rest.parseKlines(
    readRealdata('crypto/coinbase/brokerage_market_products_candles_BTC-USD_1h_2024-04-04.json'),
  );
  t.same([c.length, c.skipped, c.ts[0], c.ts[1], c.close[1]], [2, [], 1712188800000, 1712192400000, 66181.6]);
  const snap = spot.rest.parseSnapshot!(
    readRealdata('crypto/coinbase/brokerage_market_products_ticker_BTC-USD_2026-04-07.json'),
    'BTC-USD',
  );
  t.same(
    [snap.updates.length, snap.updates[0]!.price, snap.updates[0]!.ts],
    [1, 68923.67, Date.parse('2026-04-07T00:28:58.544Z')],
  );
});
