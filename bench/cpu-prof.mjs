// Preload for `bench:meta --cpu-prof DIR`: Node refuses --cpu-prof in NODE_OPTIONS, so the profiler is driven from here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 250 });
  session.post('Profiler.start');
  // The in-thread session answers synchronously, so the profile can still be written from the exit handler.
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      mkdirSync(dir, { recursive: true });
      // Worker threads (the embedded database's) load this too: one file per thread.
      writeFileSync(join(dir, `CPU.${process.pid}.${threadId}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
