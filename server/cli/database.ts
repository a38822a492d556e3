// `tapewire database`: the embedded database served to the processes of a local cluster (tapewire cluster), which
// reach it as DATABASE_URL on DATA_DIR/run's socket. It owns DATA_DIR, applies the migrations before any node starts,
// runs the jobs a TimescaleDB server would run itself, takes backups for `tapewire backup`, and hands the other
// commands DATA_DIR's control socket receives (keys, import) to the ingest leader.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeBackup } from '../backup.js';
import { loadConfig } from '../config.js';
import { callControl, startControlServer } from '../control.js';
import { controlSocketPath, lockDataDir } from '../datadir.js';
import { openDatabase } from '../db.js';
import { startEmbedded } from '../db-embedded.js';
import { JobRunner } from '../jobs.js';
import { createLogger } from '../log.js';
import { StorageService } from '../services/ops/storage.js';
import { endWithCluster } from './end-with-cluster.js';

export const usage = `usage:
  tapewire database
Serves DATA_DIR's embedded database to the nodes of a cluster on one machine (tapewire cluster starts it): they set
DATABASE_URL to the URL it prints. It applies the migrations, runs the database's jobs (compression, retention,
aggregate refreshes), answers tapewire backup, hands tapewire keys and import to the ingest leader, and stops on
SIGTERM or SIGINT.`;

/** The DATABASE_URL under which a node on this machine reaches DATA_DIR `dataDir`'s database. */
export function embeddedUrl(dataDir: string): string {
  return `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(join(dataDir, 'run'))}`;
}

/** The control socket of the cluster's ingest leader, among the nodes' directories under `nodesDir`; null when none leads. */
async function leaderSocket(nodesDir: string): Promise<string | null> {
  const dirs = existsSync(nodesDir) ? readdirSync(nodesDir).map((d) => join(nodesDir, d)) : [];
  for (const dir of dirs) {
    const path = controlSocketPath(dir);
    // A node that does not answer within a second (stopping, or stuck) is not one to hand work to.
    const reply = await Promise.race([
      callControl(path, { op: 'leads' }).catch(() => null),
      new Promise<null>((r) => setTimeout(() => r(null), 1000).unref()),
    ]);
    if (reply?.ok && reply.result === true) return path;
  }
  return null;
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
    // Keys, imports and relinks are the services' work: the ingest leader's, whose changes reach every node.
    const leader = await leaderSocket(join(config.dataDir, 'nodes'));
    if (!leader) throw new Error('no ingest node of the cluster leads: start it (tapewire cluster), then try again');
    const reply = await callControl(leader, req);
    if (!reply) throw new Error('the ingest leader stopped: try again');
    if (!reply.ok) throw new Error(reply.error);
    return reply.result;
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
  endWithCluster(Number(process.env.TAPEWIRE_CLUSTER_PID));
  return null;
}
