// Preload for `bench:memory` (through NODE_OPTIONS): on SIGUSR2 the server's main thread writes its own view of its
// memory to BENCH_MEMORY_PROBE_DIR/<pid>.json (V8's heap by space among it), and when the file BENCH_MEMORY_PROBE_DIR/gc
// exists, its view after a full garbage collection too. The benchmark can so tell the V8 heap and the buffers it holds from what is outside V8
// (PGlite's WASM memory, malloc), without an inspector.
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.BENCH_MEMORY_PROBE_DIR;
if (dir && isMainThread) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const view = () => {
    const m = process.memoryUsage();
    const h = getHeapStatistics();
    return {
      rss: m.rss,
      heapTotal: m.heapTotal,
      heapUsed: m.heapUsed,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      mallocedMemory: h.malloced_memory,
      totalPhysicalSize: h.total_physical_size,
      // Each space's committed memory: new (the young generation), old, code, large objects, ...
      spaces: Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size])),
    };
  };
  process.on('SIGUSR2', () => {
    const before = view();
    let afterGc = null;
    if (existsSync(join(dir, 'gc'))) {
      gc();
      afterGc = view();
    }
    const file = join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify({ at: Date.now(), before, afterGc }));
    renameSync(`${file}.tmp`, file);
  });
}
