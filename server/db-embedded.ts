// The embedded database: PGlite with TimescaleDB in DATA_DIR, on a thread of its own, served on a unix socket that
// only this user can reach, its files copied out for a backup, and what a failed start says when the disk is full.
import { mkdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { DatabaseError } from './db-error.js';
import type { DbHostMessage, DbHostRequest, DbHostStart } from './db-host.js';
import type { Logger } from './log.js';
import { threadExecArgv, threadFile } from './thread-start.js';

const DB_HOST = threadFile('server/db-host.mjs', 'server/db-host.js');

export interface Embedded {
  connections: pg.Pool;
  /** Copies the database into `dir` (which must not exist), consistent, while it serves; resolves to how long queries waited. */
  snapshot(dir: string): Promise<{ pausedMs: number }>;
  stop(): Promise<void>;
}

/** Below this much free space a failed start is put down to a full disk: PGlite's WASM only says "Aborted()". */
const DISK_NEARLY_FULL_BYTES = 64 * 1024 * 1024;

/** What a failed start should add when the disk holding `dir` is (nearly) full: the numbers; else nothing. */
function diskNote(dir: string): string {
  try {
    const { bavail, blocks, bsize } = statfsSync(dir);
    const free = bavail * bsize;
    if (free >= DISK_NEARLY_FULL_BYTES) return '';
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    return `. The disk holding DATA_DIR ${dir} is full: ${mb(free)} free of ${mb(blocks * bsize)}. Free some space and start again`;
  } catch {
    return '';
  }
}

/**
 * Starts PGlite with TimescaleDB in `dataDir/pg` (or `pgDir`: a restore checks its copy there before moving it in) on
 * its own thread (server/db-host.ts), serving it on a unix socket inside `dataDir/run` (mode 0700, so only its owner can
 * connect). PGlite runs its queries synchronously in WASM, so on
 * the main thread every query would stall every request meanwhile. It serves one connection at a time (the handler
 * holds its exclusive lock): the connection pool holds exactly one and never lets it go idle, so queries queue in `pg`.
 */
export async function startEmbedded(dataDir: string, log: Logger, pgDir = join(dataDir, 'pg')): Promise<Embedded> {
  const runDir = join(dataDir, 'run');
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  mkdirSync(runDir, { recursive: true, mode: 0o700 });
  const started = performance.now();
  const host = new Worker(DB_HOST, {
    execArgv: threadExecArgv(),
    workerData: { pgDir, socketPath: join(runDir, '.s.PGSQL.5432') } satisfies DbHostStart,
  });
  let stopping = false;
  let snapshotTaken: ((message: Extract<DbHostMessage, { type: 'snapshot' }>) => void) | null = null;
  const send = (request: DbHostRequest) => host.postMessage(request);
  const stopped = new Promise<void>((resolve) => host.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    host.on('message', (message: DbHostMessage) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'failed')
        reject(new DatabaseError(`embedded database: ${message.error}${diskNote(dataDir)}`));
      else if (message.type === 'snapshot') snapshotTaken?.(message);
      else log.warn({ err: message.error }, message.message);
    });
    host.once('error', (err) => {
      if (stopping) return;
      log.error({ err }, 'embedded database thread failed');
      reject(err);
    });
    host.once('exit', (code) => {
      if (!stopping) log.error({ code }, 'embedded database thread exited');
      reject(new DatabaseError(`embedded database thread exited with code ${code}${diskNote(dataDir)}`));
    });
  });
  log.info({ dataDir: pgDir, ms: Math.round(performance.now() - started) }, 'embedded database open');
  const connections = new pg.Pool({
    host: runDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  return {
    connections,
    snapshot(dir) {
      if (snapshotTaken) return Promise.reject(new Error('a backup is being taken already: wait for it to finish'));
      return new Promise((resolve, reject) => {
        snapshotTaken = ({ error, pausedMs }) => {
          snapshotTaken = null;
          if (error) reject(new Error(`embedded database: the snapshot failed: ${error}${diskNote(dataDir)}`));
          else resolve({ pausedMs });
        };
        send({ type: 'snapshot', dir });
      });
    },
    async stop() {
      await connections.end();
      stopping = true;
      send({ type: 'stop' });
      await stopped;
    },
  };
}
