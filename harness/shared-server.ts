// One server for the test files of a run that only read from it with the same settings, instead of one each: a demo
// server costs seconds of CPU to start on a copy of the demo, and the suite is bound by CPU. The first file to ask
// starts it (on its own copy of the demo) and the others find it through a record in tmpdir, taken under a lock. It
// outlives that file: it ends with the run (tap, the test files' parent), stopped by the run's closing script
// (test/after.ts), or by its own preload when tap is gone. A file may make keys of its own on it; a file that writes
// data (imports), reads the server's logs or needs a fresh server keeps its own (harness/server.ts). Outside tap a file
// gets a server of its own.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from './process-alive.js';
import { processWarnings } from './process-warnings.js';
import { makeOnce } from './run-lock.js';
import { prepareLaunch, ROOT, requester, runCli, type ServerHandle, startServer, untilAnswering } from './server.js';
import { tallyStart } from './server-tally.js';

export interface SharedServer {
  url: string;
  get: ServerHandle['get'];
  /** `tapewire keys <args>` on the server: a file's own keys change nothing another file reads. */
  keys: ServerHandle['keys'];
  /** Ends this file's use: fails when the server printed a process warning so far (harness/process-warnings.ts). */
  release(): Promise<void>;
}

/** The demo as most reading files ask for it: no live stories appearing meanwhile, no request limit in the way. */
export const DEMO_READER = { TAPEWIRE_DEMO: '1', RATE_LIMIT_ANON_RPM: '1000000', DEMO_NEWS_EVERY_S: '0' };
/** The demo ticking fast, for files that wait for the tick loop's live quotes and candles. */
export const DEMO_TICKING = { ...DEMO_READER, TICK_MS: '100' };
/** The demo behind API keys alone, for files that ask with keys of their own (createKey). */
export const DEMO_KEYED = { TAPEWIRE_DEMO: '1', TAPEWIRE_ANON: '0', DEMO_NEWS_EVERY_S: '0' };

interface Running {
  url: string;
  pid: number;
  dataDir: string;
  /** The file the server's stderr goes to. */
  stderr: string;
  /** Whether it answered /ready: a server still starting is recorded too, for the run's end to stop it. */
  ready: boolean;
}

/** How long a file waits for another to start the server it needs: a template's load may come first. */
const WAIT_MS = 300_000;
const PREFIX = 'tapewire-shared-';
/** The records of one run, named by the tap process whose children the run's test files and closing script are. */
const runPrefix = () => `${PREFIX}${process.ppid}-`;

/** A demo server of `env`, shared with the run's other files asking for the same `env`. */
export async function sharedServer(env: Record<string, string>): Promise<SharedServer> {
  if (process.env.TAP !== '1') {
    const own = await startServer({ env });
    return { url: own.url, get: own.get, keys: own.keys, release: () => own.dispose() };
  }
  const key = createHash('sha256')
    .update(JSON.stringify(Object.entries(env).sort()))
    .digest('hex')
    .slice(0, 12);
  const base = join(tmpdir(), `${runPrefix()}${key}`);
  // The lease first, the record after: a server stopping for want of use reads the leases after hiding its record.
  mkdirSync(`${base}.users`, { recursive: true });
  const lease = join(`${base}.users`, String(process.pid));
  writeFileSync(lease, '');
  const running = await makeOnce(
    `${base}.lock`,
    () => runningAt(base),
    () => launch(base, env),
    WAIT_MS,
    base,
  );
  tallyStart('shared use');
  return {
    url: running.url,
    get: requester(running.url),
    keys: (...args) => runCli('keys', args, { DATA_DIR: running.dataDir }),
    async release() {
      rmSync(lease, { force: true });
      const warnings = processWarnings(readFileSync(running.stderr, 'utf8'));
      if (warnings.length) throw new Error(`the shared server printed process warnings:\n${warnings.join('\n')}`);
    },
  };
}

function runningAt(base: string): Running | null {
  const running = recorded(base);
  return running?.ready && alive(running.pid) ? running : null;
}

function recorded(base: string, ext: Ext = '.json'): Running | null {
  return existsSync(`${base}${ext}`) ? (JSON.parse(readFileSync(`${base}${ext}`, 'utf8')) as Running) : null;
}

async function launch(base: string, env: Record<string, string>): Promise<Running> {
  sweep();
  // A server whose starter was killed before it was ready (this file holds the lock now, and starts another), or one
  // that stopped for want of use.
  const earlier = [...(await stop(base, '.json')), ...(await stop(base, '.idle'))];
  if (earlier.length) throw new Error(`the shared server printed process warnings:\n${earlier.join('\n')}`);
  const { dataDir, port, env: processEnv, command, args } = await prepareLaunch({ env });
  // Files, not pipes: the server writes on after the file that started it has ended.
  const out = openSync(`${base}.log`, 'w');
  const err = openSync(`${base}.err`, 'w');
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...processEnv, TAPEWIRE_SERVER_OWNER: String(process.ppid), TAPEWIRE_SHARED_BASE: base },
    stdio: ['ignore', out, err],
    detached: true,
  });
  closeSync(out);
  closeSync(err);
  child.unref();
  const url = `http://127.0.0.1:${port}`;
  const running: Running = { url, pid: child.pid!, dataDir, stderr: `${base}.err`, ready: false };
  // Recorded at once, so that the run's end stops it and removes its data even when this file is killed meanwhile.
  writeFileSync(`${base}.json`, JSON.stringify(running));
  const failure = await untilAnswering(url, '/ready', undefined, () => child.exitCode);
  if (failure) {
    const stderr = readFileSync(`${base}.err`, 'utf8');
    await stop(base, '.json');
    throw new Error(`the shared server: ${failure}:\n${stderr}`);
  }
  writeFileSync(`${base}.json`, JSON.stringify({ ...running, ready: true }));
  return running;
}

/**
 * Stops the run's shared servers and removes what they kept; returns the process warnings they printed. Run by the
 * run's closing script.
 */
export async function stopSharedServers(): Promise<string[]> {
  const warnings: string[] = [];
  for (const name of readdirSync(tmpdir())) {
    const record = /\.(json|idle)$/.exec(name);
    if (!name.startsWith(runPrefix()) || !record) continue;
    const base = join(tmpdir(), name.slice(0, record.index));
    warnings.push(...(await stop(base, record[0] as Ext)));
    rmSync(`${base}.users`, { recursive: true, force: true });
  }
  return warnings;
}

/** A server's record: `.json` while it serves, `.idle` once it stopped for want of use. */
type Ext = '.json' | '.idle';

/** Stops the server recorded at `base`, if any, removes its data and its files; returns its process warnings. */
async function stop(base: string, ext: Ext): Promise<string[]> {
  const running = recorded(base, ext);
  if (!running) return [];
  if (alive(running.pid)) process.kill(running.pid, 'SIGTERM');
  const deadline = performance.now() + 30_000;
  while (alive(running.pid) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(running.pid)) process.kill(running.pid, 'SIGKILL');
  const warnings = existsSync(running.stderr) ? processWarnings(readFileSync(running.stderr, 'utf8')) : [];
  rmSync(running.dataDir, { recursive: true, force: true });
  for (const end of [ext, '.log', '.err']) rmSync(`${base}${end}`, { force: true });
  return warnings;
}

/** What runs that were killed left (their servers ended with them): their data directories, records and locks. */
function sweep(): void {
  for (const name of readdirSync(tmpdir())) {
    const run = /^tapewire-shared-(\d+)-\w+(\.(?:json|idle|log|err|lock|users))$/.exec(name);
    if (!run || processAlive(Number(run[1]))) continue;
    const ext = run[2] === '.json' || run[2] === '.idle' ? run[2] : null;
    const running = ext ? recorded(join(tmpdir(), name.slice(0, -ext.length)), ext) : null;
    if (running && !alive(running.pid)) rmSync(running.dataDir, { recursive: true, force: true });
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** Whether `pid` runs: a server whose starter ended is no child of ours, and may linger as a zombie nobody reaps. */
function alive(pid: number): boolean {
  if (!processAlive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
