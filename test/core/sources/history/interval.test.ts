// Bars' intervals: detected from their spacing, mapped to a kept interval, rolled up in whole periods only; and rows
// checked one by one.
import t from 'tap';
import { type BarRow, collectBars } from '../../../../core/sources/history/bars.js';
import {
  detectInterval,
  keptIntervalFor,
  parseIntervalName,
  rollUp,
} from '../../../../core/sources/history/interval.js';
import { splitPair } from '../../../../core/sources/history/symbols.js';

const M = 60_000;
const H = 60 * M;
const D = 24 * H;
const row = (ts: number, close = 10, extra: Partial<BarRow> = {}): BarRow => ({
  ts,
  open: 10,
  high: 12,
  low: 9,
  close,
  volumeBase: 1,
  volumeQuote: 10,
  ...extra,
});
const bars = (times: number[]) => collectBars(times, 'rows', (ts) => row(ts));

t.test('the commonest gap is the interval: closed days and missing bars do not change it', async (t) => {
  const weekdays = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 14].map((d) => d * D);
  t.same(detectInterval(bars(weekdays)), { ms: D });
  t.same(detectInterval(bars([0, M, 2 * M, 5 * M, 6 * M])), { ms: M });
  t.same(detectInterval(bars([0]), H), { ms: H }, 'one bar: the hint');
  t.match(detectInterval(bars([0])), { error: /cannot be told/ });
});

t.test('kept intervals, roll-ups and refusals', async (t) => {
  t.same(keptIntervalFor(M), { interval: '1m', rollUp: false });
  t.same(keptIntervalFor(15 * M), { interval: '1h', rollUp: true });
  t.same(keptIntervalFor(4 * H), { interval: '1d', rollUp: true });
  t.match(keptIntervalFor(7 * M), { error: /7m bars do not fit/ });
  t.match(keptIntervalFor(7 * D), { error: /1w bars do not fit/ });
  t.same(
    ['1m', '15m', '1H', '4h', '1D', '1w', '1M', 'x'].map(parseIntervalName),
    [M, 15 * M, H, 4 * H, D, 7 * D, NaN, NaN],
    "1M is a month in Binance's names: not read",
  );
});

t.test('a roll-up keeps whole periods only', async (t) => {
  const quarter = collectBars(
    [0, 15, 30, 45, 60, 75].map((m) => m * M),
    'rows',
    (ts) => row(ts, 10 + ts / M, { high: 100 + ts / M }),
  );
  const h = rollUp(quarter, 15 * M, H);
  t.same(
    [h.length, h.ts[0], h.open[0], h.close[0], h.high[0], h.low[0], h.volume[0], h.volumeBase[0]],
    [1, 0, 10, 55, 145, 9, 40, 4],
  );
  t.same(h.skipped, [
    { item: new Date(H).toISOString(), reason: '2 of the 4 15m bars of this 1h period: not rolled up' },
  ]);
});

t.test('rows: checked, sorted oldest first, one per time', async (t) => {
  const b = collectBars([3 * M, M, 2 * M, M, -1, 0.5], 'rows', (ts) => row(ts));
  t.same([...b.ts], [M, 2 * M, 3 * M]);
  t.same(
    b.skipped.map((s) => [s.item, s.reason]),
    [
      ['rows[4]', 'time: not a valid time (-1)'],
      ['rows[5]', 'time: not a valid time (0.5)'],
      ['rows[3]', 'a second bar at 1970-01-01T00:01:00.000Z'],
    ],
  );
  const bad = collectBars(
    [row(0, 13), row(M, 8), row(2 * M, 10, { volumeBase: -1 }), row(3 * M, 10, { open: NaN })],
    'rows',
    (r) => r,
  );
  t.same(
    bad.skipped.map((s) => s.reason),
    [
      'high 12 and low 9 do not bound open 10 and close 13',
      'high 12 and low 9 do not bound open 10 and close 8',
      'volume: negative',
      'open: expected a price above 0, got NaN',
    ],
  );
});

t.test("pairs: concatenated, separated, and Kraken's legacy names", async (t) => {
  t.same(
    [
      'BTCUSDT',
      'ETH-USD',
      'SOL/USDC',
      'BTC-USDT-SWAP',
      'XBTUSD',
      'XXBTZUSD',
      'XDGUSD',
      'ETHFDUSD',
      'DOTUSD',
      'USDT',
    ].map(splitPair),
    [
      { base: 'BTC', quote: 'USDT' },
      { base: 'ETH', quote: 'USD' },
      { base: 'SOL', quote: 'USDC' },
      { base: 'BTC', quote: 'USDT' },
      { base: 'BTC', quote: 'USD' },
      { base: 'BTC', quote: 'USD' },
      { base: 'DOGE', quote: 'USD' },
      { base: 'ETH', quote: 'FDUSD' },
      { base: 'DOT', quote: 'USD' },
      null,
    ],
  );
});
