// Starts the real server as a child process on port 0 with its own DATA_DIR, for tests and benchmarks: the compiled
// server of dist/ (built first when the sources changed), as a deployment runs it. Through tsx every thread of every
// server compiled the sources anew: a third of a start's CPU, and the suite is bound by CPU.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { clock } from '../server/clock.js';
import { freePort } from '../server/free-port.js';
import { nodeCommand, TEST_V8_FLAGS } from './child-env.js';
import { blankCopy, copiesDemo, demoCopy } from './data-templates.js';
import { processWarnings } from './process-warnings.js';
import { ROOT } from './root.js';
import { tallyStart } from './server-tally.js';

export { ROOT };

export interface ServerHandle {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Every JSON log line the server printed so far. */
  logs: Record<string, unknown>[];
  /** What the server printed on stderr so far (the demo's progress, and any warning Node or a library printed). */
  readonly stderr: string;
  get(path: string, init?: RequestInit & { key?: string }): Promise<Response>;
  /** The first log line matching `test`, waiting for it (logs are flushed in batches); throws after `ms`. */
  waitForLog(test: (line: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
  keys(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /**
   * SIGTERM, then waits for exit; returns the exit code and how long the stop took. Throws, once, when the server
   * printed a process warning (harness/process-warnings.ts) that the test did not allow.
   */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
  /** Stops if needed and deletes the data directory. */
  dispose(): Promise<void>;
}

// A test that times out is killed without its teardown: make sure no server outlives the process that started it.
// The signals below cover what the test process can catch; the server's own preload covers SIGKILL.
export const EXIT_WITH_PARENT = pathToFileURL(join(ROOT, 'harness/exit-with-parent.mjs')).href;
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    children.forEach((c) => c.kill('SIGKILL'));
    process.kill(process.pid, signal);
  });
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'tw-'));
}

/**
 * A new DATA_DIR (`target`, else a temporary one) holding an empty, migrated database: a server on it starts as on a
 * restart, without initdb.
 */
export function blankDataDir(target = tempDataDir()): Promise<string> {
  return blankCopy(
    ROOT,
    async (dataDir) => {
      const { code, stderr } = await runCli('keys', ['list', '--create'], { DATA_DIR: dataDir, TAPEWIRE_DEMO: '0' });
      if (code !== 0) throw new Error(`the blank template's database was not made: ${stderr}`);
    },
    target,
  );
}

/** A new DATA_DIR holding the run's demo (DEMO_MINUTE_DAYS=1), for processes a test starts itself (a cluster). */
export function demoDataDir(): Promise<string> {
  const asked = { DEMO_MINUTE_DAYS: '1', TAPEWIRE_DEMO: '1' };
  return demoCopy(ROOT, { ...process.env, ...asked }, loadTemplate(asked), tempDataDir());
}

/** `tapewire <command> <args>` with `env` added to this process's environment. */
export function runCli(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runNode('server/cli/tapewire.ts', [command, ...args], env);
}

/** Runs a script of the server's code (`server/...ts`) compiled (compiledPath); any other through tsx. */
export async function runNode(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const compiled = /^(core|server|workers)\/.*\.ts$/.test(script);
  const entry = compiled ? [...TEST_V8_FLAGS, (await compiledPath())(script)] : ['--import', 'tsx', script];
  return new Promise((resolve) => {
    const childEnv = { ...process.env, ...env };
    const { command, args: argv } = nodeCommand([...entry, ...args], childEnv);
    const child = spawn(command, argv, { cwd: ROOT, env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** The malloc settings bin/tapewire starts the server with (bin/malloc.env), for a server started as `npm start` does. */
export function mallocEnv(): Record<string, string> {
  const lines = readFileSync(join(ROOT, 'bin/malloc.env'), 'utf8').split('\n');
  return Object.fromEntries(
    lines.filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

let built: Promise<(script: string) => string> | null = null;

/**
 * Builds dist/ unless it is up to date with the sources, once per process: a test of the compiled server must run the
 * code under test. `npm test` builds before the files run, so in a run of the suite this only reads the files' times.
 * Resolves to where a script of the server's (`server/...ts`) runs compiled: its bundle (bin/dist-state.mjs's BUNDLES),
 * else its file of dist/.
 */
function compiledPath(): Promise<(script: string) => string> {
  built ??= import(pathToFileURL(join(ROOT, 'bin/dist-state.mjs')).href).then(async ({ staleness, BUNDLES }) => {
    if (staleness() !== null)
      await new Promise<void>((resolve, reject) => {
        execFile(process.execPath, ['bin/build.mjs', '--if-stale'], { cwd: ROOT }, (err, _stdout, stderr) =>
          err ? reject(new Error(`build failed: ${stderr}`)) : resolve(),
        );
      });
    const bundled = new Map(
      Object.entries(BUNDLES as Record<string, string>).map(([name, source]) => [source, `dist/bundle/${name}.js`]),
    );
    return (script: string) => bundled.get(script) ?? `dist/${script.replace(/\.ts$/, '.js')}`;
  });
  return built;
}

const READY_DEADLINE_MS = 150_000;

export interface StartOptions {
  env?: Record<string, string>;
  dataDir?: string;
  waitReady?: boolean;
  readyDeadlineMs?: number;
  freshDemo?: boolean;
  /** Process warnings the test provokes on purpose: any other a server prints fails its stop (and dispose). */
  allowWarnings?: RegExp;
  /** Run as `npm start` does: the `tapewire` command on the compiled dist/ (built first if the sources changed), with its malloc settings. */
  built?: boolean;
  /** Run the sources through tsx rather than the compiled dist/ (a benchmark comparing the two). */
  sources?: boolean;
}

/** What a server is started with: its data directory (made ready), port, environment and command line. */
export interface Launch {
  dataDir: string;
  port: number;
  env: NodeJS.ProcessEnv;
  command: string;
  args: string[];
}

/**
 * Prepares a server's start: a server without a dataDir of its own starts on a copy of the run's demo, or of its blank
 * database (harness/data-templates.ts); `freshDemo` loads the demo into a blank copy. The start is counted in the run's
 * tally.
 */
export async function prepareLaunch(options: StartOptions = {}): Promise<Launch> {
  const compiled = options.sources ? null : await compiledPath();
  // A demo holds one day of 1m history before today unless a test asks for more: the default's 14 days take every
  // demo server seconds longer to start, and only the tests of deep 1m pulls need them.
  const asked: Record<string, string> = { DEMO_MINUTE_DAYS: '1', ...options.env };
  const demoEnv = { ...process.env, ...asked };
  const copy = !options.dataDir && !options.freshDemo && copiesDemo(demoEnv);
  // A blank copy for a server without the demo, or for the demo to load into (freshDemo); none for an outside database.
  const blank = !options.dataDir && !demoEnv.DATABASE_URL && (asked.TAPEWIRE_DEMO !== '1' || !!options.freshDemo);
  const dataDir =
    options.dataDir ??
    (copy
      ? await demoCopy(ROOT, demoEnv, loadTemplate(asked), tempDataDir())
      : blank
        ? await blankDataDir()
        : tempDataDir());
  const port = await freePort();
  // The demo universe is off unless a test asks for it: most tests are about the service, not its data.
  const env = {
    LOG_LEVEL: 'info',
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    TAPEWIRE_DEMO: '0',
    ...asked,
  };
  tallyStart(copy ? 'demo copy' : env.TAPEWIRE_DEMO === '1' ? 'demo' : blank ? 'blank copy' : 'no demo');
  const entry = options.built
    ? ['bin/tapewire.mjs', 'start']
    : compiled
      ? [compiled('server/main.ts')]
      : ['--import', 'tsx', 'server/main.ts'];
  // The wrapper bin/tapewire is not in between (it would hide this process's exit hook): its settings are.
  const processEnv = { ...(options.built ? mallocEnv() : {}), ...process.env, ...env };
  // No test flags for a server run as `npm start` runs it (bin/tapewire.mjs gives its threads options of their own), nor
  // for one loading the demo into a data directory without a database: a load is the database's long haul, and took no
  // less CPU on Liftoff alone (34.5 s against 32.6).
  const loads = env.TAPEWIRE_DEMO === '1' && !existsSync(join(dataDir, 'pg', 'PG_VERSION'));
  const flags = options.built || options.sources || loads ? [] : TEST_V8_FLAGS;
  return {
    dataDir,
    port,
    env: processEnv,
    ...nodeCommand([...flags, '--import', EXIT_WITH_PARENT, ...entry], processEnv),
  };
}

/** Starts a server and waits until /ready answers 200 (or `waitReady: false`: only until it listens). */
export async function startServer(options: StartOptions = {}): Promise<ServerHandle> {
  const { dataDir, port, env, command, args } = await prepareLaunch(options);
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // stderr may still hold a last warning when the process has exited: it is read to its end before being checked.
  const stderrEnded = new Promise((resolve) => child.stderr!.once('close', resolve));
  let warningsChecked = false;

  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // not a log line
    }
  });
  const url = `http://127.0.0.1:${port}`;

  const handle: ServerHandle = {
    url,
    port,
    dataDir,
    child,
    logs,
    get stderr() {
      return stderr;
    },
    get: requester(url),
    async waitForLog(test, ms = 3000) {
      const deadline = clock.now() + ms;
      for (;;) {
        const line = logs.find(test);
        if (line) return line;
        if (clock.now() > deadline) throw new Error('log line not seen');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    keys: (...args) => runCli('keys', args, { DATA_DIR: dataDir, ...(options.env ?? {}) }),
    async stop(signal = 'SIGTERM') {
      const t0 = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      const ms = performance.now() - t0;
      await stderrEnded;
      const warnings = warningsChecked ? [] : processWarnings(stderr, options.allowWarnings);
      warningsChecked = true;
      if (warnings.length)
        throw new Error(
          `the server printed process warnings (allow expected ones with allowWarnings):\n${warnings.join('\n')}`,
        );
      return { code, ms };
    },
    async dispose() {
      try {
        await handle.stop();
      } finally {
        if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };

  // Wait for /live (listening), then /ready (database open and migrated) unless told not to.
  const probe = options.waitReady === false ? '/live' : '/ready';
  const failure = await untilAnswering(url, probe, options.readyDeadlineMs, () => child.exitCode);
  if (failure) {
    // stderr, warnings included, goes into this error: the one the test should see.
    await handle.dispose().catch(() => undefined);
    throw new Error(`${failure}:\n${stderr}`);
  }
  return handle;
}

/**
 * Polls `url + probe` until it answers 200: null then, else why not (the process's `exitCode` set, or the deadline
 * passed). The demo loads in under a minute alone (bench:load), but tests share the machine; the deadline only has to
 * catch a start that hangs.
 */
export async function untilAnswering(
  url: string,
  probe: string,
  readyMs = READY_DEADLINE_MS,
  exitCode: () => number | null,
): Promise<string | null> {
  const deadline = clock.now() + readyMs;
  for (;;) {
    const res = await fetch(url + probe).catch(() => null);
    if (res?.status === 200) return null;
    await res?.arrayBuffer();
    if (exitCode() !== null) return `server exited with ${exitCode()}`;
    if (clock.now() > deadline) return `server not answering ${probe} within ${readyMs / 1000} s`;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A server's `get`: a request to `url + path`, with a key as a bearer token. */
export function requester(url: string): ServerHandle['get'] {
  return (path, init = {}) => {
    const { key, headers, ...rest } = init;
    return fetch(url + path, {
      ...rest,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(headers as object) },
    });
  };
}

/** Creates a key through the CLI and returns it; `scope` as the CLI takes it (read by default). */
export async function createKey(
  server: Pick<ServerHandle, 'keys'>,
  name: string,
  rpm?: number,
  scope?: string,
): Promise<string> {
  const args = ['create', '--name', name, ...(rpm ? ['--rpm', String(rpm)] : []), ...(scope ? ['--scope', scope] : [])];
  const { code, stdout, stderr } = await server.keys(...args);
  if (code !== 0) throw new Error(`keys create failed: ${stderr}`);
  return stdout.trim();
}

/** `tapewire import <args>` on `dataDir`: through the control socket of a server owning it, else into its database. */
export function importFiles(
  dataDir: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli('import', args, { DATA_DIR: dataDir });
}

/** Loads the demo into a template directory as a server of `env` would, and stops cleanly, leaving it to be copied. */
function loadTemplate(env: Record<string, string>): (dataDir: string) => Promise<void> {
  const { DEMO_SEED, DEMO_MINUTE_DAYS, TAPEWIRE_CLOCK } = env;
  const shaping = Object.fromEntries(
    Object.entries({ DEMO_SEED, DEMO_MINUTE_DAYS, TAPEWIRE_CLOCK }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  return async (dataDir) => {
    // On a copy of the blank database: what a copy of the template holds is the load, not the database's making (initdb
    // and the migrations, 4 to 5 s of the database's thread), which the tests of a first start cover.
    await blankDataDir(dataDir);
    const server = await startServer({ dataDir, env: { ...shaping, TAPEWIRE_DEMO: '1', DEMO_NEWS_EVERY_S: '0' } });
    const { code } = await server.stop();
    if (code !== 0) throw new Error(`the demo template's server stopped with code ${code}: ${server.stderr}`);
  };
}
