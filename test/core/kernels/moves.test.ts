// The moves kernel against a direct computation: pct from the day before, zScore over the previous 60 pcts (20 at least);
// and the rule that makes a day a move.

import fc from 'fast-check';
import t from 'tap';
import { dailyMoves, isMove, Z_MIN, Z_WINDOW } from '../../../core/kernels/moves.js';

function naive(closes: number[]): { pct: number[]; z: (number | null)[] } {
  const pct = closes.map((c, k) => (k === 0 ? NaN : (c / closes[k - 1]! - 1) * 100));
  const z = pct.map((p, k) => {
    const window = pct.slice(Math.max(1, k - Z_WINDOW), k);
    if (window.length < Z_MIN) return null;
    const mean = window.reduce((a, b) => a + b, 0) / window.length;
    const sd = Math.sqrt(window.reduce((a, b) => a + (b - mean) ** 2, 0) / (window.length - 1));
    return sd > 0 ? Math.abs(p) / sd : null;
  });
  return { pct, z };
}

t.test('matches the direct computation for several instruments in one call', async (t) => {
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 0, maxLength: 150 }), {
        minLength: 1,
        maxLength: 4,
      }),
      (series) => {
        const closes = series.map((steps) =>
          steps.reduce(
            (acc, r) => {
              acc.push(acc.at(-1)! * Math.exp(r));
              return acc;
            },
            [100],
          ),
        );
        const offsets = Int32Array.from(
          [0, ...closes.map((c) => c.length)].map((_, k, a) => a.slice(0, k + 1).reduce((x, y) => x + y, 0)),
        );
        const flat = Float64Array.from(closes.flat());
        const out = dailyMoves(
          { offsets, closes: flat },
          { pct: new Float64Array(flat.length), z: new Float64Array(flat.length) },
        );
        closes.forEach((c, i) => {
          const want = naive(c);
          want.pct.forEach((p, k) => {
            const got = out.pct[offsets[i]! + k]!;
            if (!(Number.isNaN(p) ? Number.isNaN(got) : Math.abs(got - p) < 1e-9)) throw new Error(`pct ${i}:${k}`);
            const z = want.z[k]!;
            const gz = out.z[offsets[i]! + k]!;
            if (z === null ? !Number.isNaN(gz) : Math.abs(gz - z) > 1e-6 * Math.max(1, z))
              throw new Error(`z ${i}:${k}: ${gz} vs ${z}`);
          });
        });
      },
    ),
    { numRuns: 200 },
  );
  t.pass('200 random universes');
});

t.test('a move: a zScore of 2.5 or more, or a change past its floor; never a day without a change', async (t) => {
  t.ok(isMove(1, 2.5, 8), 'z at the threshold');
  t.notOk(isMove(1, 2.49, 8));
  t.ok(isMove(-8, 1, 8), 'a fall at the floor');
  t.ok(isMove(9, NaN, 8), 'past the floor without a zScore');
  t.notOk(isMove(7, NaN, 8));
  t.notOk(isMove(NaN, 9, 8), "an instrument's first day");
  t.ok(isMove(7, 2.4, 8, 2.4), 'a lower threshold when asked');
});
