// Candles merged by runs: the first open, the highest high, the lowest low, the last close, volumes summed (null when
// none is known), the most venues.
import t from 'tap';
import { mergeCandles } from '../../core/downsample.js';
import type { Candle } from '../../core/schemas/candles.js';

const candle = (k: number, volumeUsd: number | null, venues?: number): Candle => ({
  ts: new Date(Date.UTC(2026, 0, 1, 0, k)).toISOString(),
  open: 100 + k,
  high: 110 + k * (k % 3),
  low: 90 - k,
  close: 101 + k,
  volumeUsd,
  ...(venues === undefined ? {} : { venues }),
});

t.test('runs of `factor` merged, the last run shorter', async (t) => {
  const candles = Array.from({ length: 7 }, (_, k) => candle(k, k === 1 ? null : 10, 3 + (k % 2)));
  const merged = mergeCandles(candles, 3);
  t.equal(merged.length, 3);
  t.same(merged[0], {
    ts: candles[0]!.ts,
    open: 100,
    high: Math.max(110, 110, 114),
    low: 88,
    close: 103,
    volumeUsd: 20,
    venues: 4,
  });
  t.same(merged[2], { ts: candles[6]!.ts, open: 106, high: 110, low: 84, close: 107, volumeUsd: 10, venues: 3 });
  t.equal(mergeCandles([candle(0, null), candle(1, null)], 2)[0]!.volumeUsd, null, 'no volume known: null');
  t.notOk('venues' in mergeCandles([candle(0, 1), candle(1, 1)], 2)[0]!, 'listing candles have no venues');
  t.same(mergeCandles(candles, 1), candles);
});
