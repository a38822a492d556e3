// MinuteBars: bars equal a naive group-by of the ticks per series and minute; closed bars never change.

import fc from 'fast-check';
import t from 'tap';
import { allocateClosedBars, type Bar, MinuteBars } from '../../../core/kernels/bars.js';
import { MINUTE_MS } from '../../../core/time.js';

const T0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE_MS);

interface Tick {
  dt: number;
  prices: (number | null)[];
  volumes: number[];
  venues: number[];
}

function naive(ticks: { ts: number; price: (number | null)[]; volume: number[]; venues: number[] }[], series: number) {
  const bars = new Map<string, Bar & { series: number }>();
  for (const tk of ticks) {
    for (let s = 0; s < series; s++) {
      const p = tk.price[s];
      if (p === null || p === undefined) continue;
      const ts = tk.ts - (tk.ts % MINUTE_MS);
      const key = `${s}:${ts}`;
      const b = bars.get(key);
      if (!b)
        bars.set(key, {
          series: s,
          ts,
          open: p,
          high: p,
          low: p,
          close: p,
          volume: Math.max(0, tk.volume[s]!),
          venues: tk.venues[s]!,
        });
      else {
        b.high = Math.max(b.high, p);
        b.low = Math.min(b.low, p);
        b.close = p;
        b.volume += Math.max(0, tk.volume[s]!);
        b.venues = Math.max(b.venues, tk.venues[s]!);
      }
    }
  }
  return [...bars.values()];
}

t.test('closed + open bars equal the naive group-by', (t) => {
  const series = 3;
  const tick = fc.record({
    dt: fc.integer({ min: 0, max: 90_000 }),
    prices: fc.array(fc.option(fc.double({ min: 1, max: 1000, noNaN: true }), { nil: null }), {
      minLength: series,
      maxLength: series,
    }),
    volumes: fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: series, maxLength: series }),
    venues: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: series, maxLength: series }),
  });
  fc.assert(
    fc.property(fc.array(tick, { maxLength: 60 }), (ticks: Tick[]) => {
      const b = new MinuteBars(series);
      const closed = allocateClosedBars(series * (ticks.length + 1));
      let ts = T0;
      const timeline = ticks.map((tk) => ({
        ts: (ts += tk.dt),
        price: tk.prices,
        volume: tk.volumes,
        venues: tk.venues,
      }));
      for (const tk of timeline) {
        b.tick(
          tk.ts,
          Float64Array.from(tk.price, (p) => p ?? NaN),
          Float64Array.from(tk.volume),
          Uint16Array.from(tk.venues),
          closed,
        );
      }
      const got: (Bar & { series: number })[] = [];
      for (let k = 0; k < closed.length; k++) {
        got.push({
          series: closed.series[k]!,
          ts: closed.ts[k]!,
          open: closed.open[k]!,
          high: closed.high[k]!,
          low: closed.low[k]!,
          close: closed.close[k]!,
          volume: closed.volume[k]!,
          venues: closed.venues[k]!,
        });
      }
      for (let s = 0; s < series; s++) {
        const open = b.current(s);
        if (open) got.push({ series: s, ...open });
      }
      const key = (x: { series: number; ts: number }) => `${x.series}:${x.ts}`;
      const want = naive(timeline, series);
      if (got.length !== want.length) return false;
      const byKey = new Map(want.map((w) => [key(w), w]));
      return got.every((g) => {
        const w = byKey.get(key(g));
        return (
          !!w &&
          g.open === w.open &&
          g.high === w.high &&
          g.low === w.low &&
          g.close === w.close &&
          Math.abs(g.volume - w.volume) <= 1e-6 * Math.max(1, w.volume) &&
          g.venues === w.venues &&
          g.low <= Math.min(g.open, g.close) &&
          g.high >= Math.max(g.open, g.close)
        );
      });
    }),
  );
  t.end();
});

t.test('a bar closes when a later minute starts, and late ticks never change it', (t) => {
  const b = new MinuteBars(1);
  const closed = allocateClosedBars(4);
  const one = (p: number) => Float64Array.of(p);
  b.tick(T0 + 1_000, one(10), one(5), Uint16Array.of(3), closed);
  b.tick(T0 + 30_000, one(12), one(5), Uint16Array.of(4), closed);
  t.equal(closed.length, 0, 'still open');
  t.match(b.current(0), { ts: T0, open: 10, high: 12, low: 10, close: 12, volume: 10, venues: 4 });
  b.tick(T0 + MINUTE_MS + 1, one(11), one(1), Uint16Array.of(2), closed);
  t.equal(closed.length, 1);
  t.same(
    [closed.ts[0], closed.open[0], closed.high[0], closed.low[0], closed.close[0], closed.volume[0], closed.venues[0]],
    [T0, 10, 12, 10, 12, 10, 4],
  );
  b.tick(T0 + 59_000, one(1), one(1), Uint16Array.of(1), closed);
  t.equal(closed.length, 1, 'a tick of a closed minute is ignored');
  t.match(b.current(0), { ts: T0 + MINUTE_MS, open: 11, low: 11 });
  t.equal(new MinuteBars(1).current(0), null);
  t.end();
});

t.test(
  'a series without a price closes its bar once its minute is over, and ticks of that minute leave it closed',
  (t) => {
    const b = new MinuteBars(1);
    const closed = allocateClosedBars(4);
    const one = (p: number) => Float64Array.of(p);
    b.tick(T0 + 1_000, one(10), one(5), Uint16Array.of(3), closed);
    b.tick(T0 + 30_000, one(NaN), one(0), Uint16Array.of(0), closed);
    t.equal(closed.length, 0, 'open while its minute lasts');
    b.tick(T0 + MINUTE_MS + 1, one(NaN), one(0), Uint16Array.of(0), closed);
    t.equal(closed.length, 1, 'closed at the first tick of a later minute, a price or not');
    t.same([closed.ts[0], closed.open[0], closed.close[0], closed.volume[0], closed.venues[0]], [T0, 10, 10, 5, 3]);
    t.equal(b.current(0), null, 'no open bar until a price comes');
    b.tick(T0 + 59_000, one(11), one(1), Uint16Array.of(1), closed);
    t.equal(closed.length, 1, 'a late tick of the closed minute is ignored');
    t.equal(b.current(0), null);
    b.tick(T0 + 2 * MINUTE_MS + 5, one(12), one(1), Uint16Array.of(2), closed);
    t.equal(closed.length, 1, 'the next price opens a bar of its own minute, closing nothing again');
    t.match(b.current(0), { ts: T0 + 2 * MINUTE_MS, open: 12, close: 12 });
    t.end();
  },
);
