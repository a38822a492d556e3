// OKX: subscribe frames (four channels a swap), the text ping, spot and swap sessions, the notice that asks for a
// reconnect, malformed frames, and the REST answers (fixtures and the real sample).
import t from 'tap';
import { okx } from '../../../../core/sources/venues/okx.js';
import { fixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { carried, payloadError, session, skippedReason } from '../../../helpers/venue-frames.js';

const spot = okx.markets.spot!;
const perp = okx.markets.perp!;

t.test('subscribe frames: tickers for spot, four channels for a swap, 100 arguments a frame', async (t) => {
  t.same(JSON.parse(spot.subscribe(['BTC-USDT'])[0]!), {
    op: 'subscribe',
    args: [{ channel: 'tickers', instId: 'BTC-USDT' }],
  });
  t.same(
    JSON.parse(perp.subscribe(['BTC-USDT-SWAP'])[0]!).args.map((a: { channel: string }) => a.channel),
    ['tickers', 'funding-rate', 'mark-price', 'open-interest'],
  );
  t.same(
    perp.subscribe(Array.from({ length: 30 }, (_, k) => `C${k}-USDT-SWAP`)).map((f) => JSON.parse(f).args.length),
    [100, 20],
  );
  t.same(spot.keepalive.send, { text: 'ping' });
  t.ok(spot.keepalive.everyMs < 30_000, 'OKX drops a connection silent for 30 s');
});

t.test('a spot session: base and quote volumes; the bare pong', async (t) => {
  const s = session(okx, 'spot', 'venues/okx/spot-frames.jsonl');
  t.same(s.skipped, []);
  t.same(s.controls, ['subscribe', 'subscribe', 'pong']);
  t.same(carried(s.updates[0]!), {
    symbol: 'BTC-USDT',
    ts: 1767225600412,
    price: 87655.4,
    volume24hBase: 8011.2033,
    volume24hQuote: 700120345.123,
  });
});

t.test(
  'a swap session: ticker (volume in coins), funding with its interval, mark price, open interest in USD',
  async (t) => {
    const s = session(okx, 'perp', 'venues/okx/perp-frames.jsonl');
    t.same(s.skipped, []);
    t.same(s.updates.map(carried), [
      { symbol: 'BTC-USDT-SWAP', ts: 1767225600520, price: 87631.1, volume24hBase: 120551.33 },
      {
        symbol: 'BTC-USDT-SWAP',
        ts: 1767225600600,
        fundingRate: 0.0000812,
        fundingIntervalHours: 8,
        nextFundingTime: 1767254400000,
      },
      { symbol: 'BTC-USDT-SWAP', ts: 1767225600700, markPrice: 87628.8 },
      { symbol: 'BTC-USDT-SWAP', ts: 1767225600800, openInterestBase: 28550.1, openInterestUsd: 2501812345.6 },
    ]);
    const notice = s.frames.at(-1)!;
    t.ok(notice.reconnect, 'a notice of an upgrade asks for a reconnect');
    t.match(notice.control, /^notice "64008"/);
  },
);

t.test('malformed frames are skipped with their reason, never thrown', async (t) => {
  const r = (text: string) => skippedReason(okx, 'perp', text);
  const ticker = (fields: object) =>
    JSON.stringify({
      arg: { channel: 'tickers', instId: 'BTC-USDT-SWAP' },
      data: [{ instId: 'BTC-USDT-SWAP', ts: '1767225600520', ...fields }],
    });
  t.match(r('{"arg":{"channel":"tickers","instId":"BTC-USDT-SWAP"},"data":[{"instId":"BTC-U'), /^not JSON/);
  t.match(r(ticker({ last: '0' })), /last: expected a price above 0/);
  t.match(r(ticker({ last: 'NaN' })), /last: expected a number/);
  t.match(r(ticker({ last: [] })), /last: expected a number/);
  t.match(r(ticker({})), /no price, funding or open interest/);
  t.match(r('{"arg":{"channel":"books","instId":"BTC-USDT-SWAP"},"data":[]}'), /unknown channel "books"/);
  t.match(r('{"arg":{"channel":"tickers"},"data":{}}'), /data: expected a list/);
  t.match(
    r(
      '{"event":"error","code":"60018","msg":"Wrong URL or channel:tickers,instId:FOO-BAR doesn\'t exist","connId":"x"}',
    ),
    /OKX error "60018": Wrong URL or channel/,
  );
  t.match(r('ping'), /^not JSON/, 'OKX never sends a ping: the client does');
});

t.test(
  'REST: candles without the forming one, funding (the rate paid), open interest history, snapshots',
  async (t) => {
    const c = perp.rest.parseKlines(fixture('venues/okx/perp-candles.json'));
    t.same(
      [c.length, c.ts[0], c.ts[2], c.volumeBase[0], c.volume[0]],
      [3, 1767225600000, 1767225720000, 66.1, 5790402.2],
      'a swap: coins in volCcy, the quote in volCcyQuote',
    );
    t.same(c.skipped, [{ item: 'candles[0]', reason: 'the bar still forming' }]);
    const f = perp.rest.parseFundingHistory!(fixture('venues/okx/perp-funding.json'));
    t.same(
      [[...f.rate], [...f.intervalHours]],
      [
        [0.000012, 0.000095, 0.00007],
        [8, 8, 8],
      ],
    );
    const oi = perp.rest.parseOpenInterest!(fixture('venues/okx/perp-open-interest-history.json'));
    t.same(
      [[...oi.ts], [...oi.base], [...oi.usd]],
      [
        [1767225300000, 1767225600000],
        [28511.2, 28550.1],
        [2497003300.1, 2501812345.6],
      ],
    );
    t.equal(
      payloadError(() => perp.rest.parseKlines(fixture('venues/okx/error.json'))),
      "OKX error 51001: Instrument ID or Spread ID doesn't exist.",
    );
    t.same(
      perp.rest.snapshot!('BTC-USDT-SWAP').map((r) => r.path.split('?')[0]),
      [
        '/api/v5/market/ticker',
        '/api/v5/public/mark-price',
        '/api/v5/public/funding-rate',
        '/api/v5/public/open-interest',
      ],
    );
    t.equal(
      perp.rest.klines('BTC-USDT-SWAP', 1767225600000, 1767231600000).path,
      '/api/v5/market/history-candles?instId=BTC-USDT-SWAP&bar=1m&after=1767231600000&before=1767225599999&limit=100',
    );
    t.equal(perp.rest.paging, 'backward', 'OKX pages from the newest');
  },
);

t.test('the real sample', { skip: realdataSkip('') }, async (t) => {
  const snap = perp.rest.parseSnapshot!(
    readRealdata('crypto/okx/api_v5_public_mark_price_BTC-USDT-SWAP.json'),
    'BTC-USDT-SWAP',
  );
  t.same(snap.updates.map(carried), [{ symbol: 'BTC-USDT-SWAP', ts: 1744590349506, markPrice: 84660.1 }]);
});
