// One owner per DATA_DIR: the embedded database and the control socket live there, and two owners would corrupt them.
// The lock is a Linux abstract unix socket named after the directory's device and inode, bound for the owner's life:
// binding is atomic and the kernel frees the name when the process ends (SIGKILL included), so ownership is never
// shared nor outlives its owner, with no file to check and delete and no dependency (flock(2) would need a native addon).
// The limit: abstract names are per network namespace, so processes sharing DATA_DIR from different network namespaces
// (two containers with their own networks on one volume) would not see each other's lock.
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';

export class DataDirBusyError extends Error {}

/**
 * How long a refused process waits for the owner to say its pid before naming the one in the lock file (which can be
 * a previous owner's until the new one writes it): an owner starting up on a busy machine takes seconds to answer.
 */
const OWNER_ANSWER_MS = 5000;
const ANSWER = /^tapewire (\d+)\n/;

/** The lock's name: the directory itself (device and inode), whatever path or symlink it is reached by. */
function lockName(dir: string): string {
  const { dev, ino } = statSync(dir, { bigint: true });
  return `\0tapewire-lock:${dev}:${ino}`;
}

/** Binds the lock's name: the server, or null when another process holds it. */
function bind(name: string): Promise<ReturnType<typeof createServer> | null> {
  const server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(`tapewire ${process.pid}\n`);
  });
  return new Promise((resolve, reject) => {
    // Once bound, an error (a failed accept) only costs a refused process the owner's pid: it must not end the owner.
    server.on('error', (err: NodeJS.ErrnoException) => (server.listening ? undefined : err.code === 'EADDRINUSE' ? resolve(null) : reject(err)));
    // exclusive: a cluster worker binds the name itself instead of sharing its primary's handle.
    server.listen({ path: name, exclusive: true }, () => resolve(server));
  });
}

/** The owner's pid as it answers on the lock socket; 'gone' when nobody listens any more, null without an answer. */
function askOwner(name: string): Promise<number | 'gone' | null> {
  return new Promise((resolve) => {
    const socket = createConnection(name);
    let data = '';
    const done = (answer: number | 'gone' | null) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setEncoding('utf8');
    socket.setTimeout(OWNER_ANSWER_MS, () => done(null));
    socket.on('data', (chunk: string) => {
      data += chunk;
      const m = ANSWER.exec(data);
      if (m) done(Number(m[1]));
      else if (data.length > 64) done(null);
    });
    socket.on('end', () => done(null));
    socket.on('error', (err: NodeJS.ErrnoException) => done(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? 'gone' : null));
  });
}

/**
 * Creates `dir` (0700) and takes its lock before anything is written there; resolves to the release function, or
 * rejects with DataDirBusyError naming the owner. `tapewire.lock` then holds the owner's pid for people to read:
 * ownership never depends on it.
 */
export async function lockDataDir(dir: string): Promise<() => void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = lockName(dir);
  const file = join(dir, 'tapewire.lock');
  for (let attempt = 0; ; attempt++) {
    const server = await bind(name);
    if (server) {
      // The lock holds the process alive no longer than its work does; the kernel frees it at exit.
      server.unref();
      try {
        writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
      } catch (err) {
        server.close();
        throw err;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true }); // before the name is freed, so that it is never a next owner's file
        server.close();
      };
    }
    const owner = await askOwner(name);
    // The owner ended between the bind and the question: try again (the bind alone decides who owns).
    if (owner === 'gone' && attempt < 3) continue;
    const pid = typeof owner === 'number' ? owner : pidInFile(file);
    throw new DataDirBusyError(`DATA_DIR ${dir} is in use by ${pid ? `process ${pid}` : 'another process'}; stop it or choose another DATA_DIR`);
  }
}

function pidInFile(file: string): number | null {
  try {
    return parseInt(readFileSync(file, 'utf8'), 10) || null;
  } catch {
    return null;
  }
}

/**
 * Takes group and other access away from DATA_DIR (mkdir's 0700 applies only to a directory it creates): the database
 * and the control socket inside are for their owner alone. Returns a warning to log when it changed, or could not
 * change, the mode; null when the mode was already private.
 */
export function tightenDataDir(dir: string): string | null {
  const mode = statSync(dir).mode & 0o777;
  if (!(mode & 0o077)) return null;
  const was = `DATA_DIR ${dir} had mode ${mode.toString(8).padStart(4, '0')}`;
  try {
    chmodSync(dir, mode & 0o700);
    return `${was}, which lets other users reach the database and the control socket: tightened to ${(mode & 0o700).toString(8).padStart(4, '0')}`;
  } catch (err) {
    return `${was}, which lets other users reach the database and the control socket, and could not be tightened (${(err as Error).message}): chmod 700 it`;
  }
}

/** Where the running server listens for the keys CLI. */
export function controlSocketPath(dir: string): string {
  return join(dir, 'run', 'control.sock');
}
