// `tapewire restore <file>`: a backup put back into an empty DATA_DIR, owned meanwhile so that no server starts on it.
// The backup is unpacked beside where the database goes and opened there first: only a database that opens, and is
// Tapewire's, is moved into place (one rename), so a refused or failed restore leaves DATA_DIR as it was.
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { forTerminal } from '../../core/terminal.js';
import { NotABackupError, readBackup } from '../backup.js';
import { lockDataDir } from '../datadir.js';
import { startEmbedded } from '../db-embedded.js';
import { createLogger, type Logger } from '../log.js';
import { backupArgs } from './backup-args.js';
import { megabytes, seconds } from './figures.js';

export const usage = `usage:
  tapewire restore <file>
Restores a backup written by tapewire backup into DATA_DIR, which must be empty or not exist yet. The backup is
unpacked and opened beside DATA_DIR's database directory, then moved into place: a file that is not a backup, or a
damaged one, is refused and leaves nothing behind. Then start the server with that DATA_DIR.
With DATABASE_URL set, restore the server with pg_restore and TimescaleDB's guidance instead (docs/operations.md#backups).`;

/** What DATA_DIR may hold and still count as empty: its lock (this command's own) and a restore killed midway. */
const OWN = new Set(['lock-token', 'tapewire.lock', 'pg.restoring']);

/** Opens the unpacked database as the server would and checks that it is Tapewire's (it has migrations applied). */
async function check(dataDir: string, pgDir: string, log: Logger): Promise<void> {
  const embedded = await startEmbedded(dataDir, log, pgDir).catch((err: Error) => {
    throw new NotABackupError(`its database does not open: ${err.message}`);
  });
  try {
    const { rows } = await embedded.connections.query<{ ours: boolean }>(
      "SELECT to_regclass('schema_migrations') IS NOT NULL AS ours",
    );
    if (!rows[0]?.ours) throw new NotABackupError("it holds a PostgreSQL database, but not Tapewire's");
  } finally {
    await embedded.stop();
  }
}

export async function run(argv: string[]): Promise<number> {
  const args = backupArgs(argv, usage, 'name one backup file');
  if (!args) return 2;
  const { file, config } = args;
  const { dataDir } = config;
  const size = statSync(file, { throwIfNoEntry: false });
  if (!size?.isFile()) throw new Error(`${file}: no such file`);
  const t0 = performance.now();
  const log = createLogger('warn', 2);
  const existed = existsSync(dataDir);
  const release = await lockDataDir(dataDir, (message) => log.warn(message));
  const staging = join(dataDir, 'pg.restoring');
  let files: number;
  try {
    const held = readdirSync(dataDir).filter((name) => !OWN.has(name));
    if (held.length) {
      const shown = held.slice(0, 5).join(', ') + (held.length > 5 ? ', …' : '');
      throw new Error(
        `DATA_DIR ${dataDir} is not empty (it holds ${shown}): a backup is restored into an empty or new DATA_DIR only, so that nothing is overwritten. Choose another DATA_DIR, or move this one away first.`,
      );
    }
    rmSync(staging, { recursive: true, force: true });
    try {
      files = await readBackup(file, staging);
      await check(dataDir, join(staging, 'pg'), log);
      renameSync(join(staging, 'pg'), join(dataDir, 'pg'));
    } catch (err) {
      // A DATA_DIR this command made goes again, with the lock's token: a file refused leaves no directory behind.
      if (!existed) rmSync(join(dataDir, 'lock-token'), { force: true });
      if (err instanceof NotABackupError) throw new Error(`${file} is not a Tapewire backup: ${err.message}`);
      throw err;
    } finally {
      rmSync(staging, { recursive: true, force: true });
      // The check's socket directory: DATA_DIR is left holding the database alone.
      rmSync(join(dataDir, 'run'), { recursive: true, force: true });
    }
  } finally {
    release();
    if (!existed && readdirSync(dataDir).length === 0) rmdirSync(dataDir);
  }
  console.log(
    `restored ${forTerminal(file)} (${megabytes(size.size)}, ${files} files) into DATA_DIR ${forTerminal(dataDir)} in ${seconds(performance.now() - t0)}: start the server with this DATA_DIR`,
  );
  return 0;
}
