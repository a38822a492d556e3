// bench:pool — venue quotes pooled per second by one worker next to the same kernel inline, and what each costs the
// main thread per tick: the crossover is the batch size below which a tick should be pooled inline.
import { performance } from 'node:perf_hooks';
import {
  allocatePoolOutput,
  type PoolInput,
  poolInputBytes,
  poolInputViews,
  poolQuotes,
} from '../core/kernels/pool.js';
import { WorkerThreads } from '../server/worker-threads.js';

const VENUES_PER_INSTRUMENT = 6;
const SIZES = [1, 3, 10, 30, 100, 200, 300, 500, 1000, 3000, 10000];
const BUDGET_MS = Number(process.env.BENCH_MS_PER_SIZE ?? 1500);
const NOW = Date.now();
const PARAMS = { nowMs: NOW, staleMs: 60_000, band: 0.02 };

/** A tick of `instruments` with a realistic mix: most venues agree, some drift past 2%, some are stale. */
function fill(input: PoolInput, instruments: number): void {
  for (let i = 0; i <= instruments; i++) input.offsets[i] = i * VENUES_PER_INSTRUMENT;
  for (let j = 0; j < instruments * VENUES_PER_INSTRUMENT; j++) {
    const base = 10 + (Math.floor(j / VENUES_PER_INSTRUMENT) % 97) * 7;
    input.prices[j] = base * (1 + (((j * 7919) % 101) - 50) / 10_000 + (j % 23 === 0 ? 0.05 : 0));
    input.volumes[j] = 1e6 + ((j * 104729) % 1000) * 1e4;
    input.ts[j] = NOW - (j % 31 === 0 ? 90_000 : (j * 37) % 20_000);
  }
}

function tick(instruments: number): ArrayBuffer {
  const venues = instruments * VENUES_PER_INSTRUMENT;
  const buffer = new ArrayBuffer(poolInputBytes(instruments, venues));
  fill(poolInputViews(buffer, instruments, venues), instruments);
  return buffer;
}

function inline(instruments: number): { usPerTick: number } {
  const venues = instruments * VENUES_PER_INSTRUMENT;
  const input = poolInputViews(tick(instruments), instruments, venues);
  const out = allocatePoolOutput(instruments, venues);
  for (let w = 0; w < 200; w++) poolQuotes(input, PARAMS, out);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < BUDGET_MS) {
    for (let k = 0; k < 50; k++) poolQuotes(input, PARAMS, out);
    n += 50;
  }
  return { usPerTick: ((performance.now() - t0) * 1000) / n };
}

/** One tick in flight at a time, as the tick loop runs: wall time per tick, and main-thread busy time per tick. */
async function viaWorker(
  workers: WorkerThreads,
  instruments: number,
): Promise<{ usPerTick: number; mainUsPerTick: number }> {
  const venues = instruments * VENUES_PER_INSTRUMENT;
  const run = () => {
    const buffer = tick(instruments);
    return workers.run('pool', { buffer, instruments, venues, params: PARAMS }, { transfer: [buffer] });
  };
  for (let w = 0; w < 100; w++) await run();
  // Building the tick's buffer is work the tick loop does either way: time it apart and leave it out of both sides.
  const b0 = performance.now();
  for (let k = 0; k < 100; k++) tick(instruments);
  const buildUs = ((performance.now() - b0) * 1000) / 100;
  const elu0 = performance.eventLoopUtilization();
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < BUDGET_MS) {
    await run();
    n++;
  }
  const elapsed = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0);
  return { usPerTick: (elapsed * 1000) / n - buildUs, mainUsPerTick: Math.max(0, (elu.active * 1000) / n - buildUs) };
}

const fmt = (x: number, d = 1) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

const workers = new WorkerThreads(1);
console.log(
  `bench:pool  ${new Date().toISOString()}  node ${process.version}; ${VENUES_PER_INSTRUMENT} venues per instrument; ~${BUDGET_MS} ms per size and path`,
);
console.log(
  '  inline = the kernel on the main thread; worker = one Piscina worker, one tick in flight, buffers transferred',
);
console.log();
console.log(
  'instruments  quotes/tick  inline µs/tick  inline quotes/s  worker µs/tick  worker quotes/s  ratio w/i  main-thread µs/tick (worker)',
);
let crossover: number | null = null;
for (const instruments of SIZES) {
  const quotes = instruments * VENUES_PER_INSTRUMENT;
  const a = inline(instruments);
  const b = await viaWorker(workers, instruments);
  if (crossover === null && a.usPerTick > b.mainUsPerTick) crossover = instruments;
  console.log(
    [
      String(instruments).padStart(11),
      String(quotes).padStart(11),
      fmt(a.usPerTick, 2).padStart(15),
      fmt((quotes / a.usPerTick) * 1e6, 0).padStart(16),
      fmt(b.usPerTick, 2).padStart(15),
      fmt((quotes / b.usPerTick) * 1e6, 0).padStart(16),
      fmt(a.usPerTick / b.usPerTick, 2).padStart(10),
      fmt(b.mainUsPerTick, 2).padStart(29),
    ].join('  '),
  );
}
console.log();
console.log(
  crossover === null
    ? 'the worker never cost the main thread less than running the kernel inline at these sizes'
    : `crossover: from about ${crossover} instruments (${crossover * VENUES_PER_INSTRUMENT} quotes) a tick costs the main thread less in a worker than inline (POOL_WORKER_MIN_QUOTES)`,
);
await workers.close();
