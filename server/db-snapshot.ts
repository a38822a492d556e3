// A snapshot of the embedded database for a backup, taken in its own thread (server/db-host.ts) while it serves, as
// pg_basebackup takes one of a server: pg_backup_start() (a checkpoint), the files copied while queries go on, then
// pg_backup_stop() and the WAL written meanwhile, which a start on the copy replays (told where from by backup_label)
// up to a consistent state. Queries wait only for the checkpoint and the WAL's copy: on the demo's database, a copy
// made with queries waiting throughout held them for 4 to 7 s. PGlite's dumpDataDir() would hold them as long, and
// build the whole tarball in memory besides (twice the database's size at its peak).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** What the snapshot runs on PGlite: queries, each between two batches of the clients' and outside their transactions. */
export type Exclusive = <T>(work: () => Promise<T>) => Promise<T>;
interface Lite {
  query<R>(sql: string): Promise<{ rows: R[] }>;
}

/** The WAL segment a backup label starts from ("START WAL LOCATION: 0/7300028 (file 000000010000000000000073)"). */
function firstSegment(label: string): string {
  const m = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(label);
  if (!m)
    throw new Error(`pg_backup_stop() gave a backup label without its first WAL segment: ${JSON.stringify(label)}`);
  return m[1]!;
}

/** Swallows a file's or directory's vanishing: a table dropped during the copy is dropped again by the WAL's replay. */
function gone(err: NodeJS.ErrnoException): undefined {
  if (err.code === 'ENOENT') return undefined;
  throw err;
}

/** Copies the tree `from` into `to`, each file as it is now, but for the entries `skip` names by their path in it. */
async function copyTree(from: string, to: string, skip: (path: string) => boolean, path = ''): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  for (const entry of (await readdir(from, { withFileTypes: true }).catch(gone)) ?? []) {
    const rel = path ? `${path}/${entry.name}` : entry.name;
    if (skip(rel)) continue;
    if (entry.isDirectory()) await copyTree(join(from, entry.name), join(to, entry.name), skip, rel);
    else if (entry.isFile()) await copyFile(join(from, entry.name), join(to, entry.name)).catch(gone);
  }
}

/**
 * Copies the database in `pgDir` into `dir` (which must not exist) as a start there will find it consistent; resolves
 * to how long the clients' queries waited. postmaster.pid is left out: it is the running instance's.
 */
export async function takeSnapshot(lite: Lite, exclusive: Exclusive, pgDir: string, dir: string): Promise<number> {
  let pausedMs = 0;
  const timed: Exclusive = (work) =>
    exclusive(async () => {
      const t0 = performance.now();
      try {
        return await work();
      } finally {
        pausedMs += performance.now() - t0;
      }
    });
  await timed(() => lite.query("SELECT pg_backup_start('tapewire', true)"));
  let copied = false;
  try {
    await copyTree(pgDir, dir, (path) => path === 'postmaster.pid' || path.startsWith('pg_wal/'));
    copied = true;
  } finally {
    // Stopped whatever happened: a backup left started in the session would refuse the next one.
    await timed(async () => {
      const [stop] = (
        await lite.query<{ labelfile: string; last: string }>(
          'SELECT labelfile, pg_walfile_name(lsn) AS last FROM pg_backup_stop(false)',
        )
      ).rows;
      if (!copied) return;
      // Copied with queries waiting, so that the last segment is not caught mid-write.
      const first = firstSegment(stop!.labelfile);
      const wal = join(pgDir, 'pg_wal');
      for (const name of await readdir(wal)) {
        if (/^[0-9A-F]{24}$/.test(name) && name >= first && name <= stop!.last)
          cpSync(join(wal, name), join(dir, 'pg_wal', name));
      }
      mkdirSync(join(dir, 'pg_wal', 'archive_status'), { recursive: true });
      writeFileSync(join(dir, 'backup_label'), stop!.labelfile);
    });
  }
  return pausedMs;
}
