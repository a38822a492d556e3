// The worker pool runs a core kernel on a real Piscina thread, with the input buffer transferred, not copied.
import t from 'tap';
import { describe } from '../../core/kernels/describe.js';
import { WorkerPool } from '../../server/pool.js';

t.test('describe runs in a worker and matches the inline kernel', async (t) => {
  const pool = new WorkerPool(1);
  t.teardown(() => pool.close());
  const values = Float64Array.from({ length: 100_000 }, (_, i) => Math.sin(i));
  const expected = describe(values);
  const result = await pool.run('describe', values, { transfer: [values.buffer as ArrayBuffer] });
  t.equal(values.byteLength, 0, 'the input was transferred to the worker');
  t.type(result, Float64Array);
  t.same([...result], [...expected]);
});

t.test('an aborted task rejects', async (t) => {
  const pool = new WorkerPool(1);
  t.teardown(() => pool.close());
  const controller = new AbortController();
  controller.abort();
  await t.rejects(pool.run('describe', new Float64Array(10), { signal: controller.signal }));
});

t.test('pool runs a whole tick in a worker: one buffer each way, same answer as inline', async (t) => {
  const { allocatePoolOutput, poolInputBytes, poolInputViews, poolOutputViews, poolQuotes } = await import('../../core/kernels/pool.js');
  const pool = new WorkerPool(1);
  t.teardown(() => pool.close());
  const instruments = 30;
  const venues = instruments * 6;
  const buffer = new ArrayBuffer(poolInputBytes(instruments, venues));
  const input = poolInputViews(buffer, instruments, venues);
  const now = 1_800_000_000_000;
  for (let i = 0; i <= instruments; i++) input.offsets[i] = i * 6;
  for (let j = 0; j < venues; j++) {
    input.prices[j] = 100 + (j % 6) * 0.1 + (j % 13 === 0 ? 10 : 0);
    input.volumes[j] = 1e6 * (1 + (j % 5));
    input.ts[j] = now - (j % 17 === 0 ? 120_000 : 1_000);
  }
  const params = { nowMs: now, staleMs: 60_000, band: 0.02 };
  const expected = poolQuotes(input, params, allocatePoolOutput(instruments, venues));
  const snapshot = { price: [...expected.price], reason: [...expected.reason], deviation: [...expected.deviationPct] };
  const out = await pool.run('pool', { buffer, instruments, venues, params }, { transfer: [buffer] });
  t.equal(buffer.byteLength, 0, 'the tick was transferred, not copied');
  const got = poolOutputViews(out, instruments, venues);
  t.same([...got.price], snapshot.price);
  t.same([...got.reason], snapshot.reason);
  t.same([...got.deviationPct], snapshot.deviation);
});
