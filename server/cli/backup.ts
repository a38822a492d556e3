// `tapewire backup <file>`: a snapshot of the embedded database written to a file by the running server, which keeps
// serving meanwhile, or, with no server, by this process.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { forTerminal } from '../../core/terminal.js';
import { type BackupReport, writeBackup } from '../backup.js';
import { callControl } from '../control.js';
import { controlSocketPath, lockDataDir } from '../datadir.js';
import { startEmbedded } from '../db-embedded.js';
import { createLogger } from '../log.js';
import { backupArgs } from './backup-args.js';
import { megabytes, seconds } from './figures.js';

export const usage = `usage:
  tapewire backup <file>
Writes a snapshot of DATA_DIR's embedded database to <file>, a .tar.gz of DATA_DIR's pg/ directory (replaced whole if
it exists; owner-only). A running server takes it while it keeps serving, as pg_basebackup would: its queries wait only
for a checkpoint and for the copy of the WAL written meanwhile. Without a running server the command opens DATA_DIR
itself. tapewire restore <file> puts it back into an empty DATA_DIR.
With DATABASE_URL set, back the server up with pg_dump and TimescaleDB's guidance instead (docs/operations.md#backups).`;

/** With no server: DATA_DIR owned and its database opened by this process for the time of the backup. */
async function backupHere(dataDir: string, file: string): Promise<BackupReport> {
  if (!existsSync(join(dataDir, 'pg', 'PG_VERSION')))
    throw new Error(
      `no server owns DATA_DIR ${dataDir} and it holds no database: run this with the DATA_DIR of your server`,
    );
  const log = createLogger('warn', 2);
  const release = await lockDataDir(dataDir, (message) => log.warn(message));
  try {
    const embedded = await startEmbedded(dataDir, log);
    try {
      return await writeBackup(embedded, dataDir, file);
    } finally {
      await embedded.stop();
    }
  } finally {
    release();
  }
}

export async function run(argv: string[]): Promise<number> {
  const args = backupArgs(argv, usage, 'name one file to write');
  if (!args) return 2;
  const { file, config } = args;
  const socket = controlSocketPath(config.dataDir);
  let report: BackupReport;
  if (await callControl(socket, { op: 'ping' })) {
    const reply = await callControl(socket, { op: 'backup', args: { file } });
    if (!reply) throw new Error('the server stopped');
    if (!reply.ok) throw new Error(reply.error);
    report = reply.result as BackupReport;
  } else report = await backupHere(config.dataDir, file);
  const { bytes, files, dataBytes, pausedMs, ms } = report;
  console.log(
    `backup written: ${forTerminal(file)}: ${megabytes(bytes)} (${files} files, ${megabytes(dataBytes)} uncompressed) in ${seconds(ms)}; queries waited ${seconds(pausedMs)}`,
  );
  return 0;
}
