// `tapewire database`: the embedded database served to the processes of a local cluster (tapewire cluster), which
// reach it as DATABASE_URL on DATA_DIR/run's socket. It owns DATA_DIR, applies the migrations before any node starts,
// runs the jobs a TimescaleDB server would run itself, and takes backups for `tapewire backup`.
import { join } from 'node:path';
import { writeBackup } from '../backup.js';
import { loadConfig } from '../config.js';
import { startControlServer } from '../control.js';
import { controlSocketPath, lockDataDir } from '../datadir.js';
import { openDatabase } from '../db.js';
import { startEmbedded } from '../db-embedded.js';
import { JobRunner } from '../jobs.js';
import { createLogger } from '../log.js';
import { StorageService } from '../services/ops/storage.js';

export const usage = `usage:
  tapewire database
Serves DATA_DIR's embedded database to the nodes of a cluster on one machine (tapewire cluster starts it): they set
DATABASE_URL to the URL it prints. It applies the migrations, runs the database's jobs (compression, retention,
aggregate refreshes), answers tapewire backup, and stops on SIGTERM or SIGINT.`;

/** The DATABASE_URL under which a node on this machine reaches DATA_DIR `dataDir`'s database. */
export function embeddedUrl(dataDir: string): string {
  return `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(join(dataDir, 'run'))}`;
}

export async function run(argv: string[]): Promise<number | null> {
  if (argv.length) {
    console.error(`database takes no arguments\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('database serves the embedded database of DATA_DIR: unset DATABASE_URL');
    return 2;
  }
  const log = createLogger(config.logLevel);
  const unlock = await lockDataDir(config.dataDir, (message) => log.warn(message));
  const embedded = startEmbedded(config.dataDir, log);
  const db = await openDatabase({ databaseUrl: null, dataDir: config.dataDir, maxConnections: 1, embedded }, log);
  await db.migrate();
  const storage = new StorageService(db);
  await storage.applyPolicies(config.storage);
  const jobs = new JobRunner(storage, log);
  jobs.start();
  const control = await startControlServer(controlSocketPath(config.dataDir), async (req) => {
    if (req.op === 'ping') return 'pong';
    if (req.op === 'backup') return writeBackup(db, config.dataDir, (req.args as { file: string }).file);
    throw new Error(
      `DATA_DIR ${config.dataDir} is served to a cluster by tapewire database: run ${req.op} with ` +
        `DATABASE_URL=${embeddedUrl(config.dataDir)}`,
    );
  });
  // On stdout whatever LOG_LEVEL says: tapewire cluster waits for this line.
  console.log(`database ready: DATABASE_URL=${embeddedUrl(config.dataDir)}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await control.close();
    await jobs.stop();
    await db.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return null;
}
