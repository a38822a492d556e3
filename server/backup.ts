// The backup file of the embedded database: a gzipped tarball of DATA_DIR's `pg/` directory as its snapshot left it
// (server/db-snapshot.ts), so that `tar xzf` into an empty DATA_DIR restores it by hand too (the first start replays
// the WAL the snapshot holds). Written whole or not at all (a temporary file renamed); read back block by block, refusing what is not one.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { readTarHeader, TAR_BLOCK, TAR_END, tarHeader, tarPadding } from '../core/tar.js';
import type { Embedded } from './db-embedded.js';

export interface BackupReport {
  file: string;
  /** The backup file's size. */
  bytes: number;
  /** The database's files in it, and their size before compression. */
  files: number;
  dataBytes: number;
  /** How long the database's queries waited for the snapshot, and the whole backup took. */
  pausedMs: number;
  ms: number;
}

/** Why a backup of a TimescaleDB server is not this command's, and what does it. */
export const SERVER_BACKUP_ADVICE =
  "DATABASE_URL is set: the database is that TimescaleDB server's, backed up with PostgreSQL's own tools: pg_dump -Fc " +
  'of the database, restored with pg_restore between timescaledb_pre_restore() and timescaledb_post_restore(), as ' +
  "TimescaleDB's backup guidance says (docs/operations.md#backups)";

/** The database's directory inside DATA_DIR, and so inside a backup. */
const ROOT = 'pg';

/** The tarball of the directory tree `dir` (its entries named from `dir` on), counted into `counts` as it goes. */
async function* tarball(dir: string, counts: { files: number; dataBytes: number }): AsyncGenerator<Buffer> {
  async function* walk(name: string): AsyncGenerator<Buffer> {
    const path = join(dir, name);
    const stat = statSync(path);
    const mtimeS = stat.mtimeMs / 1000;
    if (stat.isDirectory()) {
      yield tarHeader({ name: `${name}/`, type: 'dir', size: 0, mode: stat.mode, mtimeS });
      for (const child of readdirSync(path).sort()) yield* walk(`${name}/${child}`);
      return;
    }
    yield tarHeader({ name, type: 'file', size: stat.size, mode: stat.mode, mtimeS });
    yield* createReadStream(path);
    const pad = tarPadding(stat.size);
    if (pad) yield Buffer.alloc(pad);
    counts.files++;
    counts.dataBytes += stat.size;
  }
  yield* walk(ROOT);
  yield TAR_END;
}

/** One backup at a time per process: a second would share the staging directory. */
let running = false;

/**
 * Writes a backup of the embedded database owning DATA_DIR `dataDir` to `file` (replacing it whole, never leaving it
 * half-written): its snapshot is taken into a staging directory inside DATA_DIR, then compressed from there.
 */
export async function writeBackup(
  database: Pick<Embedded, 'snapshot'>,
  dataDir: string,
  file: string,
): Promise<BackupReport> {
  if (running) throw new Error('a backup is being taken already: wait for it to finish');
  running = true;
  const t0 = performance.now();
  // A staging directory left by a process that died mid-backup goes too: DATA_DIR has one owner, with one backup.
  const staging = join(dataDir, 'backup-staging');
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { mode: 0o700 });
    const { pausedMs } = await database.snapshot(join(staging, ROOT));
    const counts = { files: 0, dataBytes: 0 };
    // The fastest level: a third of the default's time on the demo's database (8 s, not 24), for 7% more bytes.
    await pipeline(
      tarball(staging, counts),
      createGzip({ level: 1 }),
      createWriteStream(temp, { mode: 0o600, flush: true }),
    );
    renameSync(temp, file);
    return { file, bytes: statSync(file).size, ...counts, pausedMs, ms: performance.now() - t0 };
  } finally {
    rmSync(temp, { force: true });
    rmSync(staging, { recursive: true, force: true });
    running = false;
  }
}

/** What is not a backup, or is a damaged one. */
export class NotABackupError extends Error {}

/** The relative path an entry may have in a backup: under pg/, with no '..' and no absolute part. */
function safeName(name: string): string {
  const parts = name.replace(/\/$/, '').split('/');
  if (parts[0] !== ROOT || parts.some((p) => p === '' || p === '.' || p === '..'))
    throw new NotABackupError(`it holds ${JSON.stringify(name)}, which is not a database file`);
  return parts.join('/');
}

/**
 * Extracts the backup `file` into the directory `dir` (its `pg/` made there) and returns how many files it held;
 * throws NotABackupError when it is not a backup, or is damaged or cut short. `dir` is then to be discarded.
 */
export async function readBackup(file: string, dir: string): Promise<number> {
  const magic = Buffer.alloc(2);
  const fd = openSync(file, 'r');
  try {
    if (readSync(fd, magic, 0, 2, 0) < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b)
      throw new NotABackupError('it is not a gzip file');
  } finally {
    closeSync(fd);
  }
  let pending: Buffer = Buffer.alloc(0);
  /** The entry being read: bytes of it still to come, written to `fd`, then `pad` bytes to skip. */
  let entry: { left: number; fd: number | null; pad: number } | null = null;
  let ended = false;
  let files = 0;
  const gunzip = createGunzip();
  createReadStream(file)
    .on('error', (err) => gunzip.destroy(err))
    .pipe(gunzip);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let at = 0;
      for (;;) {
        if (entry) {
          const n = Math.min(entry.left, pending.length - at);
          if (entry.fd !== null && n) writeSync(entry.fd, pending, at, n);
          at += n;
          entry.left -= n;
          if (entry.left) break;
          if (entry.fd !== null) closeSync(entry.fd);
          entry = entry.fd !== null && entry.pad ? { left: entry.pad, fd: null, pad: 0 } : null;
          continue;
        }
        // What follows the end (more zero blocks, to the archive's record size) is not read.
        if (ended || pending.length - at < TAR_BLOCK) break;
        let header: ReturnType<typeof readTarHeader>;
        try {
          header = readTarHeader(pending.subarray(at, at + TAR_BLOCK));
        } catch (err) {
          throw new NotABackupError(files ? `it is damaged: ${(err as Error).message}` : 'it is not a tarball');
        }
        at += TAR_BLOCK;
        if (header === 'end') {
          ended = true;
          continue;
        }
        const path = join(dir, safeName(header.name));
        if (header.type === 'dir') {
          mkdirSync(path, { recursive: true, mode: 0o700 });
          continue;
        }
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        entry = { left: header.size, fd: openSync(path, 'wx', 0o600), pad: tarPadding(header.size) };
        files++;
      }
      pending = ended ? Buffer.alloc(0) : pending.subarray(at);
    }
  } catch (err) {
    if (err instanceof NotABackupError) throw err;
    if ((err as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw new NotABackupError(`it is damaged: ${(err as Error).message}`);
    throw err;
  } finally {
    if (entry && entry.fd !== null) closeSync(entry.fd);
    gunzip.destroy();
  }
  if (!ended) throw new NotABackupError('it is cut short');
  // Opened without one, PGlite would make a new, empty database there.
  if (!existsSync(join(dir, ROOT, 'PG_VERSION'))) throw new NotABackupError('it holds no database');
  return files;
}
