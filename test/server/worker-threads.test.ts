// The worker threads run core kernels on real Piscina threads, with the input buffers transferred, not copied.
import t from 'tap';
import { dailyMoves, movesInputBytes, movesInputViews, movesOutputViews } from '../../core/kernels/moves.js';
import { WorkerThreads } from '../../server/worker-threads.js';

t.test('moves runs in a worker and matches the inline kernel', async (t) => {
  const workers = new WorkerThreads(1);
  t.teardown(() => workers.close());
  const instruments = 3;
  const days = 300;
  const buffer = new ArrayBuffer(movesInputBytes(instruments, days));
  const input = movesInputViews(buffer, instruments, days);
  for (let i = 0; i <= instruments; i++) input.offsets[i] = i * (days / instruments);
  for (let d = 0; d < days; d++) input.closes[d] = 100 * Math.exp(0.02 * Math.sin(d * 1.7) + (d % 37 === 0 ? 0.2 : 0));
  const expected = movesOutputViews(new ArrayBuffer(days * 16), days);
  dailyMoves(input, expected);
  const snapshot = { pct: [...expected.pct], z: [...expected.z] };
  const out = movesOutputViews(await workers.run('moves', { buffer, instruments, days }, { transfer: [buffer] }), days);
  t.equal(buffer.byteLength, 0, 'the input was transferred to the worker');
  t.same([...out.pct], snapshot.pct);
  t.same([...out.z], snapshot.z);
});

t.test('an aborted task rejects', async (t) => {
  const workers = new WorkerThreads(1);
  t.teardown(() => workers.close());
  const controller = new AbortController();
  controller.abort();
  await t.rejects(
    workers.run(
      'moves',
      { buffer: new ArrayBuffer(movesInputBytes(1, 2)), instruments: 1, days: 2 },
      { signal: controller.signal },
    ),
  );
});

t.test('pool runs a whole tick in a worker: one buffer each way, same answer as inline', async (t) => {
  const { allocatePoolOutput, poolInputBytes, poolInputViews, poolOutputViews, poolQuotes } = await import(
    '../../core/kernels/pool.js'
  );
  const workers = new WorkerThreads(1);
  t.teardown(() => workers.close());
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
  const out = await workers.run('pool', { buffer, instruments, venues, params }, { transfer: [buffer] });
  t.equal(buffer.byteLength, 0, 'the tick was transferred, not copied');
  const got = poolOutputViews(out, instruments, venues);
  t.same([...got.price], snapshot.price);
  t.same([...got.reason], snapshot.reason);
  t.same([...got.deviationPct], snapshot.deviation);
});

t.test('downsample runs in a worker: the series transferred in, the same points as inline back', async (t) => {
  const { downsample, seriesBytes, seriesViews } = await import('../../core/kernels/downsample.js');
  const workers = new WorkerThreads(1);
  t.teardown(() => workers.close());
  const points = 10_000;
  const buffer = new ArrayBuffer(seriesBytes(points));
  const input = seriesViews(buffer, points);
  for (let k = 0; k < points; k++) {
    input.ts[k] = Date.UTC(1990, 0, 1) + k * 86_400_000;
    input.values[k] = 4 + Math.sin(k / 90) + (k === 6_543 ? 3 : 0);
  }
  const expected = downsample(input.ts, input.values, 500);
  const out = await workers.run('downsample', { buffer, points, maxPoints: 500 }, { transfer: [buffer] });
  t.equal(buffer.byteLength, 0, 'the series was transferred, not copied');
  t.same(new Float64Array(out), new Float64Array(expected));
  const kept = seriesViews(out, out.byteLength / 16);
  t.ok(
    kept.ts.length <= 500 && kept.values.includes(4 + Math.sin(6_543 / 90) + 3),
    'at most 500 points, the spike among them',
  );
});
