// One owner per DATA_DIR: the embedded database and the control socket live there, and two owners would corrupt them.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirBusyError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates `dir` (0700) and takes its lock file; returns the release function. A lock left by a dead process is taken over. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, 'tapewire.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = parseInt(readFileSync(path, 'utf8'), 10);
      if (pid && pid !== process.pid && alive(pid)) {
        throw new DataDirBusyError(`DATA_DIR ${dir} is in use by process ${pid}; stop it or choose another DATA_DIR`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirBusyError(`could not take the lock on DATA_DIR ${dir}`);
}

/** Where the running server listens for the keys CLI. */
export function controlSocketPath(dir: string): string {
  return join(dir, 'run', 'control.sock');
}
