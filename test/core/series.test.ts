// BarRing: ranges, eviction, and the pre-serialized blocks always equal a fresh serialization, across wrap-around.

import fc from 'fast-check';
import t from 'tap';
import type { Bar } from '../../core/kernels/bars.js';
import { BarRing, BLOCK, candleJson, HeldBars } from '../../core/series.js';

function naive(bars: number[][], from: number, to: number): string {
  return bars
    .slice(from, to)
    .map((b) => candleJson(b[0]!, b[1]!, b[2]!, b[3]!, b[4]!, b[5]!, b[6]!))
    .join(',');
}

t.test('cached blocks never go stale, whatever is pushed and asked', (t) => {
  const capacity = 2 * BLOCK + 37;
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.integer({ min: 1, max: 400 }).map((n) => ({ push: n })),
          fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => ({ ask: [a, b] as const })),
        ),
        {
          maxLength: 25,
        },
      ),
      (ops) => {
        const ring = new BarRing(2, capacity);
        const held: number[][] = [];
        let ts = 0;
        for (const op of ops) {
          if ('push' in op) {
            for (let k = 0; k < op.push; k++) {
              ts += 60_000;
              const bar = [ts, k, k + 2, k - 1, k + 1, k * 10, k % 5];
              ring.push(1, bar[0]!, bar[1]!, bar[2]!, bar[3]!, bar[4]!, bar[5]!, bar[6]!);
              held.push(bar);
              if (held.length > capacity) held.shift();
            }
          } else {
            const n = ring.size(1);
            const a = n ? op.ask[0] % (n + 1) : 0;
            const b = n ? op.ask[1] % (n + 1) : 0;
            const [i0, i1] = a <= b ? [a, b] : [b, a];
            if (Buffer.concat(ring.json(1, i0, i1)).toString() !== naive(held, i0, i1)) return false;
            if (i1 > i0 && Buffer.concat(ring.json(1, i0, i1, true)).toString() !== `${naive(held, i0, i1)},`)
              return false;
          }
        }
        return (
          ring.size(1) === held.length &&
          Buffer.concat(ring.json(1, 0, held.length)).toString() === naive(held, 0, held.length) &&
          ring.size(0) === 0
        );
      },
    ),
    { numRuns: 150 },
  );
  t.end();
});

t.test('lowerBound and append-only history', (t) => {
  const ring = new BarRing(1, 10);
  for (let k = 1; k <= 5; k++) ring.push(0, k * 100, 1, 1, 1, 1, 1, 1);
  ring.push(0, 300, 9, 9, 9, 9, 9, 9);
  t.equal(ring.size(0), 5, 'an older or equal time is ignored');
  t.equal(ring.lowerBound(0, 250), 2);
  t.equal(ring.lowerBound(0, 300), 2);
  t.equal(ring.lowerBound(0, 10_000), 5);
  t.equal(ring.lowerBound(0, 0), 0);
  t.end();
});

t.test(
  'HeldBars: finer bars fold into the open bucket, which closes into the ring when its time has passed',
  async (t) => {
    const HOUR = 3_600_000;
    const held = new HeldBars(1, 10, HOUR);
    const minute = (m: number, price: number): Bar => ({
      ts: m * 60_000,
      open: price,
      high: price + 1,
      low: price - 1,
      close: price + 0.5,
      volume: 10,
      venues: 3,
    });
    for (let m = 0; m < 60; m++) held.fold(0, minute(m, 100 + m));
    t.equal(held.ring.size(0), 0, 'the hour is still open');
    const open = { ...minute(60, 300), venues: 5 };
    t.same(
      held.live(0, open),
      { ts: HOUR, open: 300, high: 301, low: 299, close: 300.5, volume: 10, venues: 5 },
      'the next hour starts with the live minute',
    );
    held.roll(0, HOUR);
    t.equal(held.ring.size(0), 1, 'the hour closes at its end, before a bar of the next one');
    const slot = held.ring.slot(0, 0);
    t.same(
      [
        held.ring.open[slot],
        held.ring.high[slot],
        held.ring.low[slot],
        held.ring.close[slot],
        held.ring.volume[slot],
        held.ring.venues[slot],
      ],
      [100, 160, 99, 159.5, 600, 3],
    );
    held.fold(0, minute(61, 200));
    t.same(
      held.live(0, minute(62, 250)),
      { ts: HOUR, open: 200, high: 251, low: 199, close: 250.5, volume: 20, venues: 3 },
      'closed minutes and the live one',
    );
    held.fold(0, minute(30, 1));
    t.same(held.live(0, null)!.open, 200, 'a bar of a bucket already closed changes nothing');
    t.ok(held.held(0, 0), 'all held while nothing older is known');
    held.from[0] = HOUR;
    t.notOk(held.held(0, 0));
    t.ok(held.held(0, HOUR));
  },
);

t.test(
  'HeldBars: a full ring holds from its oldest bar, unless older bars were written since past `from`',
  async (t) => {
    const held = new HeldBars(1, 3, 60_000);
    for (let m = 0; m < 5; m++) held.ring.push(0, m * 60_000, 1, 1, 1, 1, 1, 1);
    t.notOk(held.held(0, 60_000), 'the ring dropped that minute');
    t.ok(held.held(0, 2 * 60_000), 'its oldest on');
    held.from[0] = 4 * 60_000;
    t.notOk(held.held(0, 2 * 60_000), 'a backfill wrote bars memory does not have before minute 4');
    t.ok(held.held(0, 4 * 60_000));
  },
);

t.test(
  'a series added later: the others keep their bars, kept blocks and versions; it holds nothing until read',
  async (t) => {
    const held = new HeldBars(2, 4, 60_000);
    for (let m = 0; m < 3; m++) held.ring.push(1, m * 60_000, m, m + 1, m - 1, m, 10, 2);
    held.from[1] = 60_000;
    const before = Buffer.concat(held.ring.json(1, 0, 3)).toString();
    const version = held.ring.version(1);
    const kept = held.ring.json(1, 0, 3)[0]!;
    t.equal(held.addSeries(), 2);
    t.equal(held.ring.series, 3);
    t.equal(Buffer.concat(held.ring.json(1, 0, 3)).toString(), before, 'the same candles');
    t.equal(held.ring.json(1, 0, 3)[0]!.buffer, kept.buffer, 'from the same kept bytes');
    t.equal(held.ring.version(1), version, 'at the same version, so answers kept for them hold');
    t.equal(held.from[1], 60_000);
    t.same(
      [held.ring.size(2), held.held(2, 0), held.held(2, 1e15)],
      [0, false, false],
      'the new one is read from the database',
    );
    held.ring.push(2, 0, 5, 6, 4, 5, 1, 0, 1);
    t.equal(
      Buffer.concat(held.ring.json(2, 0, 1)).toString(),
      '{"ts":"1970-01-01T00:00:00.000Z","open":5,"high":6,"low":4,"close":5,"volumeUsd":1,"origin":"official close (Stooq)"}',
      'its bars, with their origin',
    );
    t.equal(held.ring.size(1), 3, 'and the others untouched by its pushes');
  },
);

t.test('candleJson: origin only on an official bar', async (t) => {
  t.equal(
    candleJson(0, 1, 2, 0.5, 1.5, NaN, 3),
    '{"ts":"1970-01-01T00:00:00.000Z","open":1,"high":2,"low":0.5,"close":1.5,"volumeUsd":null,"venues":3}',
    'a venue bar as before',
  );
  t.match(candleJson(0, 1, 2, 0.5, 1.5, NaN, 0, 1), /"volumeUsd":null,"origin":"official close \(Stooq\)"\}$/);
  t.notMatch(candleJson(0, 1, 2, 0.5, 1.5, NaN, 0, 99), /origin/, 'an unknown code is no official source');
});

t.test(
  'HeldBars: an imported bar of the open bucket is served, gives way to the ticks, and closes with its origin',
  async (t) => {
    const DAY = 86_400_000;
    const imported: Bar = { ts: DAY, open: 10, high: 12, low: 9, close: 11, volume: NaN, venues: 0, origin: 1 };
    const held = new HeldBars(2, 10, DAY);
    held.seed(0, imported);
    t.same(held.live(0, null), imported, 'the open day is the imported bar');
    held.roll(0, 2 * DAY);
    const slot = held.ring.slot(0, 0);
    t.same(
      [held.ring.size(0), held.ring.close[slot], held.ring.origin[slot]],
      [1, 11, 1],
      'closed into the ring at the day’s end, with its origin',
    );

    const tick: Bar = { ts: DAY + 60_000, open: 20, high: 21, low: 19, close: 20.5, volume: 5, venues: 3 };
    held.seed(1, imported);
    held.fold(1, tick);
    t.same(
      held.live(1, null),
      { ...tick, ts: DAY },
      'a minute of the ticks replaces it, as the aggregate wins in the database',
    );
    held.seed(1, imported);
    t.same(held.live(1, null)!.close, 20.5, 'and a bucket the ticks built is not replaced by one imported');
  },
);
