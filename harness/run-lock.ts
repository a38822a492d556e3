// Something a run's test files make once and share (a template data directory, a shared server): the first file to
// find it missing takes a lock and makes it while the others wait; a lock whose process died is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './process-alive.js';

/**
 * `found()` once it answers; else makes it with `make` under the lock directory `lock`, unless another process holding
 * the lock made it meanwhile. Throws when another process held the lock for over `waitMs`.
 */
export async function makeOnce<T>(
  lock: string,
  found: () => T | null,
  make: () => Promise<T>,
  waitMs: number,
  what: string,
): Promise<T> {
  for (const deadline = performance.now() + waitMs; ; ) {
    const there = found();
    if (there !== null) return there;
    try {
      mkdirSync(lock);
    } catch {
      const owner = Number(readFileSync(join(lock, 'pid'), { encoding: 'utf8', flag: 'a+' }));
      if (owner && !processAlive(owner)) rmSync(lock, { recursive: true, force: true });
      else if (performance.now() > deadline) throw new Error(`${what} was not made within ${waitMs / 1000} s`);
      else await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return found() ?? (await make());
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
