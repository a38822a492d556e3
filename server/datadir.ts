// One owner per DATA_DIR: the embedded database and the control socket live there, and two owners would corrupt them.
// The lock is a Linux abstract unix socket bound for the owner's life: binding is atomic and the kernel frees the name
// when the process ends (SIGKILL included), so ownership is never shared nor outlives its owner, with no file to check
// and delete and no dependency (flock(2) would need a native addon). Abstract names carry no permissions, so the name
// holds a random token kept in DATA_DIR (0700: only its owner reads it), and a process holding the name is believed
// only once /proc shows it is one of this user's: another user who learnt the name (/proc/net/unix lists it) and bound
// it first is passed over with a warning and a new token. The limit: abstract names are per network namespace, so
// processes sharing DATA_DIR from different network namespaces would not see each other's lock.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export class DataDirBusyError extends Error {}

const TOKEN_FILE = 'lock-token';
/** Tries at most this many names: a squatter passed over is one, an owner that ended meanwhile another. */
const ATTEMPTS = 4;

/** The lock's name: the directory itself (device and inode, whatever path reaches it) and its secret token. */
function lockName(dir: string, token: string): string {
  const { dev, ino } = statSync(dir, { bigint: true });
  return `\0tapewire-lock:${dev}:${ino}:${token}`;
}

/** Writes a new token file whole, in one step: `replace` it, or only create it when there is none (then false). */
function writeToken(dir: string, replace: boolean): boolean {
  const temp = join(dir, `${TOKEN_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(temp, randomBytes(16).toString('hex'), { mode: 0o600 });
  try {
    if (replace) renameSync(temp, join(dir, TOKEN_FILE));
    else linkSync(temp, join(dir, TOKEN_FILE));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

function readToken(dir: string): string {
  try {
    return readFileSync(join(dir, TOKEN_FILE), 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    writeToken(dir, false); // racing processes: one file is made, every one reads it
    return readFileSync(join(dir, TOKEN_FILE), 'utf8').trim();
  }
}

/** Binds the lock's name: the server, or null when another process holds it. */
function bind(name: string): Promise<ReturnType<typeof createServer> | null> {
  const server = createServer((socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.on('error', (err: NodeJS.ErrnoException) =>
      server.listening ? undefined : err.code === 'EADDRINUSE' ? resolve(null) : reject(err),
    );
    // exclusive: a cluster worker binds the name itself instead of sharing its primary's handle.
    server.listen({ path: name, exclusive: true }, () => resolve(server));
  });
}

type Holder =
  | { kind: 'mine'; pid: number }
  | { kind: 'foreign'; pid: number | null }
  | { kind: 'gone' }
  | { kind: 'unknown' };

/**
 * Who listens on the abstract socket `name`, as /proc tells: a process of this user (its pid), another user's, or
 * nobody any more. Another user's process is `foreign` whether /proc shows it (as to root) or hides it.
 */
function holderOf(name: string): Holder {
  const path = `@${name.slice(1)}`;
  let table: string;
  try {
    table = readFileSync('/proc/net/unix', 'utf8');
  } catch {
    return { kind: 'unknown' };
  }
  const inodes = new Set<string>();
  for (const line of table.split('\n').slice(1)) {
    const [, , , , , state, inode, bound] = line.trim().split(/\s+/);
    // A socket bound to the name and not connected (state 01): listening (__SO_ACCEPTCON set), or bound a moment
    // before its listen(2), a window a loaded machine can stretch over several of our looks. Node binds an abstract
    // name with the whole sun_path, so /proc lists it padded with NULs, shown as '@'.
    if (bound?.replace(/@+$/, '') === path && state === '01') inodes.add(inode!);
  }
  if (!inodes.size) return { kind: 'gone' };
  const uid = process.getuid!();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // another user's process (or one that just ended)
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (!m || !inodes.has(m[1]!)) continue;
      return statSync(`/proc/${pid}`).uid === uid
        ? { kind: 'mine', pid: Number(pid) }
        : { kind: 'foreign', pid: Number(pid) };
    }
  }
  return { kind: 'foreign', pid: null };
}

/**
 * Creates `dir` (0700) and takes its lock before anything is written there; resolves to the release function, or
 * rejects with DataDirBusyError naming the owner (only a pid /proc showed holding the lock). `warn` hears of a squatter
 * passed over. `tapewire.lock` then holds the owner's pid for people to read: ownership never depends on it.
 */
export async function lockDataDir(dir: string, warn: (message: string) => void): Promise<() => void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'tapewire.lock');
  for (let attempt = 1; ; attempt++) {
    const name = lockName(dir, readToken(dir));
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
    const holder = holderOf(name);
    if (holder.kind === 'mine')
      throw new DataDirBusyError(
        `DATA_DIR ${dir} is in use by process ${holder.pid}; stop it or choose another DATA_DIR`,
      );
    if (attempt < ATTEMPTS && holder.kind === 'gone') continue; // the owner ended between the bind and the look
    if (attempt < ATTEMPTS && holder.kind === 'foreign') {
      warn(
        `DATA_DIR ${dir}: its lock name is held by ${holder.pid ? `process ${holder.pid}` : 'a process'} of another user, which has no business with it: passed over, with a new lock name`,
      );
      writeToken(dir, true);
      continue;
    }
    throw new DataDirBusyError(`DATA_DIR ${dir} is in use by another process; stop it or choose another DATA_DIR`);
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
