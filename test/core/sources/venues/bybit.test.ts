// Bybit: subscribe frames (10 topics a request), the JSON ping, spot snapshots, linear snapshot-then-delta tickers
// (a delta's absent fields stand), malformed frames, and the REST answers.
import t from 'tap';
import { bybit } from '../../../../core/sources/venues/bybit.js';
import { SequenceTracker } from '../../../../core/sources/venues/sequence.js';
import { fixture } from '../../../../harness/realdata.js';
import { carried, payloadError, session, skippedReason } from '../../../helpers/venue-frames.js';

const spot = bybit.markets.spot!;
const perp = bybit.markets.perp!;

t.test('subscribe frames: tickers topics, 10 a request; a ping every 20 s', async (t) => {
  t.same(JSON.parse(spot.subscribe(['BTCUSDT'])[0]!), { op: 'subscribe', req_id: '1', args: ['tickers.BTCUSDT'] });
  t.same(
    perp.subscribe(Array.from({ length: 25 }, (_, k) => `C${k}USDT`)).map((f) => JSON.parse(f).args.length),
    [10, 10, 5],
  );
  t.same(spot.keepalive, { send: { text: '{"op":"ping"}' }, everyMs: 20_000, silenceMs: 45_000, lifetimeMs: null });
  t.not(spot.wsUrl, perp.wsUrl);
});

t.test('a spot session', async (t) => {
  const s = session(bybit, 'spot', 'venues/bybit/spot-frames.jsonl');
  t.same(s.skipped, []);
  t.same(s.controls, ['subscribe', 'pong']);
  t.same(carried(s.updates[0]!), {
    symbol: 'BTCUSDT',
    ts: 1767225600330,
    price: 87661.2,
    volume24hBase: 10221.441,
    volume24hQuote: 893120400.512,
    seq: 60120034411,
  });
});

t.test('a linear session: a snapshot, then deltas with only what changed', async (t) => {
  const s = session(bybit, 'perp', 'venues/bybit/perp-frames.jsonl');
  t.same(s.skipped, []);
  t.same(s.controls, ['subscribe', 'pong']);
  t.same(carried(s.updates[0]!), {
    symbol: 'BTCUSDT',
    ts: 1767225600350,
    price: 87640.1,
    markPrice: 87638.52,
    volume24hBase: 104330.115,
    volume24hQuote: 9120334511.2051,
    fundingRate: 0.00007511,
    fundingIntervalHours: 8,
    nextFundingTime: 1767254400000,
    openInterestBase: 52310.211,
    openInterestQuote: 4584483250.44,
    seq: 81200345511,
  });
  t.same(
    carried(s.updates[1]!),
    { symbol: 'BTCUSDT', ts: 1767225600450, markPrice: 87640.01, seq: 81200345590 },
    'a delta without a trade carries no price',
  );
  t.same(carried(s.updates[2]!), {
    symbol: 'BTCUSDT',
    ts: 1767225600550,
    price: 87645.5,
    volume24hBase: 104330.611,
    volume24hQuote: 9120378000.5,
    openInterestBase: 52311.001,
    openInterestQuote: 4584600100.12,
    seq: 81200345620,
  });
  const tracker = new SequenceTracker(false);
  t.same(
    s.updates.map((u) => tracker.check(u.symbol, u.seq)),
    ['first', 'next', 'next'],
    'the cross sequence only rises',
  );
  t.equal(tracker.check('BTCUSDT', 81200345590), 'behind', 'a number going back is a repeat');
});

t.test('malformed frames are skipped with their reason, never thrown', async (t) => {
  const r = (text: string) => skippedReason(bybit, 'perp', text);
  const delta = (data: object) =>
    JSON.stringify({
      topic: 'tickers.BTCUSDT',
      type: 'delta',
      data: { symbol: 'BTCUSDT', ...data },
      cs: 1,
      ts: 1767225600000,
    });
  t.match(r('{"topic":"tickers.BTCUSDT","type":"delta","data":{"symbol":"BTC'), /^not JSON/);
  t.match(r(delta({ lastPrice: '0' })), /lastPrice: expected a price above 0/);
  t.match(r(delta({ lastPrice: 'NaN' })), /lastPrice: expected a number/);
  t.match(r(delta({ openInterest: '-5' })), /openInterest: expected an amount of 0 or more/);
  t.match(r(delta({ fundingRate: {} })), /fundingRate: expected a number/);
  t.match(
    r('{"topic":"orderbook.50.BTCUSDT","type":"delta","data":{},"cs":1,"ts":1767225600000}'),
    /unknown topic "orderbook.50.BTCUSDT"/,
  );
  t.match(
    r('{"topic":"tickers.BTCUSDT","type":"delta","data":{"symbol":"BTCUSDT"},"cs":1,"ts":"soon"}'),
    /ts: expected a number/,
  );
  t.match(
    r('{"success":false,"ret_msg":"Invalid topic: tickers.FOO","conn_id":"x","op":"subscribe"}'),
    /Bybit refused "subscribe": Invalid topic: tickers.FOO/,
  );
});

t.test('REST: klines, funding, open interest, tickers', async (t) => {
  const k = perp.rest.parseKlines(fixture('venues/bybit/perp-klines.json'));
  t.same([k.length, k.ts[0], k.volume[2], k.volumeBase[2]], [3, 1767225600000, 1761230.4401, 20.112], 'oldest first');
  const f = perp.rest.parseFundingHistory!(fixture('venues/bybit/perp-funding.json'));
  t.same(
    [[...f.ts], [...f.rate]],
    [
      [1767196800000, 1767225600000],
      [0.0001, 0.00007511],
    ],
  );
  const oi = perp.rest.parseOpenInterest!(fixture('venues/bybit/perp-open-interest.json'));
  t.same([...oi.base], [52290.004, 52310.211]);
  const snap = perp.rest.parseSnapshot!(fixture('venues/bybit/perp-tickers.json'), 'BTCUSDT');
  t.same(
    [snap.updates[0]!.price, snap.updates[0]!.fundingIntervalHours, snap.updates[0]!.openInterestQuote],
    [87640.1, 8, 4584483250.44],
  );
  t.equal(
    payloadError(() => perp.rest.parseKlines(fixture('venues/bybit/error.json'))),
    'Bybit error 10001: params error: symbol invalid',
  );
  t.equal(
    perp.rest.klines('BTCUSDT', 1767225600000, 1767229200000).path,
    '/v5/market/kline?category=linear&symbol=BTCUSDT&interval=1&start=1767225600000&end=1767229199999&limit=1000',
  );
});
