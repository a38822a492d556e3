// Data directories made once per run of the suite and copied for each server that needs one: the demo loaded (a server
// then opens a loaded database and is ready in seconds, instead of loading the demo for 20-30 s) and a blank database
// (created and migrated: a server skips initdb and the migrations, 3-6 s of each start). A template is a data directory
// made and then closed cleanly, named by all its making depends on (the code; for the demo also DEMO_SEED,
// DEMO_MINUTE_DAYS, the clock's offset, the UTC hour) and used while it is young; test files running at once wait for
// the one that makes it. A test of a first start or of the demo's load gives its own dataDir.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOCK_OFFSET_MS, clock, clockShift } from '../server/clock.js';
import { makeOnce } from './run-lock.js';

/** A template older than this is made again: a copy's market catches up from the template's load to now. */
const MAX_AGE_MS = 30 * 60_000;
/** How long a file waits for another to make the template it needs. */
const WAIT_MS = 240_000;
const PREFIX = 'tapewire-demo-';

let fingerprint: string | null = null;

/** What the demo's load is made by: every source file of the server and the lock file of its packages. */
function codeFingerprint(root: string): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(join(root, path)));
    }
  };
  for (const dir of ['core', 'server', 'sql', 'workers']) walk(dir);
  hash.update(readFileSync(join(root, 'package-lock.json')));
  return (fingerprint = hash.digest('hex').slice(0, 16));
}

/**
 * Whether a server of `env` may start on a copy: the demo on, and the clock real or shifted by an offset (an instant
 * would start the copy's clock where the template's started, behind the data it holds).
 */
export function copiesDemo(env: Record<string, string | undefined>): boolean {
  const value = env.TAPEWIRE_CLOCK?.trim();
  return env.TAPEWIRE_DEMO === '1' && (!value || /^[+-]/.test(value));
}

/**
 * A new data directory holding the demo as a server of `env` would load it: a copy of the template, made first with
 * `load` (which starts a server on the directory given, waits for /ready and stops it) when there is none young enough.
 */
export function demoCopy(
  root: string,
  env: Record<string, string | undefined>,
  load: (dataDir: string) => Promise<void>,
  target: string,
): Promise<string> {
  const shift = clockShift({ TAPEWIRE_CLOCK: env.TAPEWIRE_CLOCK }).offsetMs;
  // A copy's demo does not draw the minutes between the template's load and its own start (a restart leaves the hole a
  // downtime would): one template per UTC hour keeps that hole inside the open hour, so every closed hour is whole.
  const hour = Math.floor(clock.now() / 3_600_000);
  return templateCopy(
    [codeFingerprint(root), env.DEMO_SEED ?? '', env.DEMO_MINUTE_DAYS ?? '', shift, hour],
    load,
    target,
  );
}

/** A new data directory holding an empty database, created and migrated by `make` (given the directory) once per run. */
export function blankCopy(root: string, make: (dataDir: string) => Promise<void>, target: string): Promise<string> {
  return templateCopy([codeFingerprint(root), 'blank'], make, target);
}

async function templateCopy(
  keyParts: unknown[],
  make: (dataDir: string) => Promise<void>,
  target: string,
): Promise<string> {
  const key = createHash('sha256').update(JSON.stringify(keyParts)).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `${PREFIX}${key}`);
  const made = join(dir, 'made');
  const young = () => existsSync(made) && Date.parse(readFileSync(made, 'utf8')) > clock.now() - MAX_AGE_MS;
  await makeOnce(
    `${dir}.lock`,
    () => (young() ? dir : null),
    async () => {
      sweep();
      rmSync(dir, { recursive: true, force: true });
      await make(join(dir, 'data'));
      writeFileSync(made, new Date(clock.now()).toISOString());
      return dir;
    },
    WAIT_MS,
    `the template ${dir}`,
  );
  // The database and what the server keeps beside it; not the sockets of the server that made it.
  cpSync(join(dir, 'data'), target, { recursive: true, filter: (src) => !lstatSync(src).isSocket() });
  return target;
}

/**
 * Templates of earlier runs (other code, other days) are removed once they are old, by the wall clock (the shifted one
 * less its offset) as the files' times are: against a shifted clock every template looked hours old, and one that
 * another test file was copying was removed under it.
 */
function sweep(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || name.endsWith('.lock')) continue;
    const path = join(tmpdir(), name);
    if (statSync(path).mtimeMs < clock.now() - CLOCK_OFFSET_MS - 4 * MAX_AGE_MS)
      rmSync(path, { recursive: true, force: true });
  }
}
