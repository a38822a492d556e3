// Min/max downsampling, by property: never more than maxPoints points, first and last kept, the global low and high
// kept, every time bucket's low and high kept (what a chart of that width draws), times strictly increasing, and the
// series unchanged when it already fits.

import fc from 'fast-check';
import t from 'tap';
import { downsample, downsampleIndices, MIN_MAX_POINTS, seriesViews } from '../../../core/kernels/downsample.js';

/** Strictly increasing times (steps of 1 to 1000 ms, or a long gap now and then) and values, some of them NaN. */
const seriesArb = (withNaN: boolean) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant(5_000_000)),
        withNaN
          ? fc.oneof(
              { weight: 9, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
              { weight: 1, arbitrary: fc.constant(NaN) },
            )
          : fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      ),
      { maxLength: 3000 },
    )
    .map((steps) => {
      const ts = new Float64Array(steps.length);
      const values = new Float64Array(steps.length);
      let at = 1_700_000_000_000;
      steps.forEach(([step, v], k) => {
        at += step;
        ts[k] = at;
        values[k] = v;
      });
      return { ts, values };
    });

function run(ts: Float64Array, values: Float64Array, maxPoints: number) {
  const buffer = downsample(ts, values, maxPoints);
  return seriesViews(buffer, buffer.byteLength / 16);
}

const finite = (values: Float64Array) => [...values].filter((v) => !Number.isNaN(v));

t.test('bounds, ends, extremes and order hold for any series and width', async (t) => {
  fc.assert(
    fc.property(seriesArb(true), fc.integer({ min: MIN_MAX_POINTS, max: 400 }), ({ ts, values }, maxPoints) => {
      const out = run(ts, values, maxPoints);
      const n = ts.length;
      if (out.ts.length > maxPoints) throw new Error(`${out.ts.length} points for ${maxPoints}`);
      if (n > 0 && (out.ts[0] !== ts[0] || out.ts.at(-1) !== ts[n - 1])) throw new Error('first or last lost');
      for (let k = 1; k < out.ts.length; k++)
        if (!(out.ts[k]! > out.ts[k - 1]!)) throw new Error('times not strictly increasing');
      const all = finite(values);
      const kept = finite(out.values);
      if (all.length && (!kept.includes(Math.min(...all)) || !kept.includes(Math.max(...all))))
        throw new Error('global low or high lost');
    }),
    { numRuns: 400 },
  );
  t.pass('400 random series');
});

t.test('every bucket of time keeps its low and its high: what a chart one column per bucket draws', async (t) => {
  fc.assert(
    fc.property(seriesArb(false), fc.integer({ min: MIN_MAX_POINTS, max: 200 }), ({ ts, values }, maxPoints) => {
      const n = ts.length;
      if (n <= maxPoints) return;
      const buckets = Math.floor((maxPoints - 2) / 2);
      const kept = new Set(run(ts, values, maxPoints).ts);
      const columns = new Map<number, number[]>();
      for (let i = 1; i < n - 1; i++) {
        const column = Math.min(buckets - 1, Math.floor(((ts[i]! - ts[0]!) / (ts[n - 1]! - ts[0]!)) * buckets));
        columns.set(column, [...(columns.get(column) ?? []), i]);
      }
      for (const points of columns.values()) {
        const low = Math.min(...points.map((i) => values[i]!));
        const high = Math.max(...points.map((i) => values[i]!));
        if (
          !points.some((i) => values[i] === low && kept.has(ts[i]!)) ||
          !points.some((i) => values[i] === high && kept.has(ts[i]!))
        )
          throw new Error('a column lost its low or high');
      }
    }),
    { numRuns: 200 },
  );
  t.pass('200 random series');
});

t.test('a series that fits is returned unchanged, so downsampling twice changes nothing', async (t) => {
  fc.assert(
    fc.property(seriesArb(true), fc.integer({ min: MIN_MAX_POINTS, max: 400 }), ({ ts, values }, maxPoints) => {
      const once = run(ts, values, maxPoints);
      const twice = run(once.ts, once.values, maxPoints);
      if (
        ts.length <= maxPoints &&
        ([...once.ts].join() !== [...ts].join() || [...once.values].join() !== [...values].join())
      )
        throw new Error('a fitting series was changed');
      if ([...twice.ts].join() !== [...once.ts].join() || [...twice.values].join() !== [...once.values].join())
        throw new Error('not idempotent');
    }),
    { numRuns: 300 },
  );
  t.pass('300 random series');
});

t.test('a spike between two points of one bucket survives; an all-missing bucket costs no point', async (t) => {
  const ts = Float64Array.from({ length: 1000 }, (_, k) => k * 1000);
  const values = Float64Array.from({ length: 1000 }, (_, k) => (k === 777 ? 50 : k === 333 ? -40 : Math.sin(k / 50)));
  for (let k = 100; k < 200; k++) values[k] = NaN;
  const out = run(ts, values, 20);
  t.ok(out.ts.includes(777_000) && out.ts.includes(333_000), 'the spike and the dip');
  t.ok(
    out.ts.every((x) => x < 100_000 || x >= 200_000),
    'nothing from the missing stretch',
  );
  t.ok(out.ts.length <= 20);
});

t.test('maxPoints below 4 cannot keep the extremes: refused when the series does not fit', async (t) => {
  const ts = Float64Array.from([1, 2, 3, 4, 5]);
  t.throws(() => downsampleIndices(ts, ts, 3, new Int32Array(3)), RangeError);
  t.equal(downsampleIndices(ts.subarray(0, 3), ts, 3, new Int32Array(3)), 3);
});
