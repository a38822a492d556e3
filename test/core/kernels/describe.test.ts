// describe(): one-pass statistics agree with a naive two-pass computation and skip NaN.
import t from 'tap';
import fc from 'fast-check';
import { describe } from '../../../core/kernels/describe.js';

function naive(xs: number[]) {
  const v = xs.filter((x) => !Number.isNaN(x));
  const n = v.length;
  const mean = v.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  return [n, Math.min(...v), Math.max(...v), mean, sd];
}

t.test('matches the two-pass statistics', (t) => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(NaN)), { minLength: 2, maxLength: 300 }), (xs) => {
      fc.pre(xs.filter((x) => !Number.isNaN(x)).length >= 2);
      const got = describe(Float64Array.from(xs));
      const want = naive(xs);
      for (let i = 0; i < 5; i++) {
        const tolerance = 1e-6 * Math.max(1, Math.abs(want[i]!));
        if (Math.abs(got[i]! - want[i]!) > tolerance) return false;
      }
      return true;
    }),
  );
  t.end();
});

t.test('empty and single-value input', (t) => {
  t.same([...describe(new Float64Array(0))].map(String), ['0', 'NaN', 'NaN', 'NaN', 'NaN']);
  t.same([...describe(Float64Array.of(NaN, 4, NaN))].map(String), ['1', '4', '4', '4', 'NaN']);
  t.end();
});
