// The fixed-bucket histogram behind /metrics' latency figures: bounds are inclusive, the last bucket holds everything,
// and the counts read back cumulative as Prometheus shows them.
import t from 'tap';
import { Histogram } from '../../core/histogram.js';

t.test('values fall in the first bucket whose bound they do not exceed', async (t) => {
  const h = new Histogram([0.001, 0.01, 0.1]);
  for (const v of [0.0005, 0.001, 0.002, 0.01, 0.05, 0.1, 0.2, 7]) h.observe(v);
  t.same(h.cumulative(), [2, 4, 6, 8], 'at most 1 ms: 2; 10 ms: 4; 100 ms: 6; all: 8');
  t.equal(h.count, 8);
  t.ok(Math.abs(h.sum - 7.3635) < 1e-12, `sum ${h.sum}`);
});

t.test('an empty histogram reads as zeros', async (t) => {
  const h = new Histogram([1, 2]);
  t.same(h.cumulative(), [0, 0, 0]);
  t.equal(h.sum, 0);
  t.equal(h.count, 0);
});
