// A CLI command run without a server: it takes DATA_DIR's lock, opens the database itself (embedded, or
// DATABASE_URL) with pending migrations applied, runs, and closes it again. An embedded DATA_DIR without a database
// is refused unless --create is given: run against the wrong directory, the command would otherwise make an empty
// database there and act on it, while the server's own is elsewhere.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { lockDataDir } from '../datadir.js';
import { type Db, openDatabase } from '../db.js';
import { createLogger } from '../log.js';

export async function withDatabase<T>(config: Config, create: boolean, work: (db: Db) => Promise<T>): Promise<T> {
  if (!config.databaseUrl && !create && !existsSync(join(config.dataDir, 'pg', 'PG_VERSION'))) {
    throw new Error(
      `no server owns DATA_DIR ${config.dataDir} and it holds no database. Run this with the DATA_DIR of your server ` +
        '(its "listening" log line names it), start the server first, or pass --create to make a new database there.',
    );
  }
  const log = createLogger('warn', 2);
  const release = await lockDataDir(config.dataDir, (message) => log.warn(message));
  try {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 1 }, log);
    try {
      await db.migrate();
      return await work(db);
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}
