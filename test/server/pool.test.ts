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
