// `tapewire cluster`: a whole scale-out on one machine, for trying it and for its tests: a redis-server (unless
// REDIS_URL is set), the embedded database served by `tapewire database` (unless DATABASE_URL is set), an ingest
// leader and its standby, and N api processes sharing one port. A process that ends unasked is started again; Ctrl-C
// stops them all, the api nodes first and the database last.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { forTerminal } from '../../core/terminal.js';
import { freePort } from '../free-port.js';
import { ROOT } from '../root.js';
import { embeddedUrl } from './database.js';

export const usage = `usage:
  tapewire cluster [--api N] [--port P]
Runs a scale-out on this machine: N api processes (default 2) sharing port P (default PORT, or 8080) through
SO_REUSEPORT, an ingest leader and a standby (TAPEWIRE_ROLE), a redis-server from the PATH unless REDIS_URL is set, and
DATA_DIR's embedded database in a process of its own unless DATABASE_URL is set. Every other setting is read from the
environment as tapewire start reads it. A process that exits unasked is started again within a second; SIGINT or
SIGTERM stops them all. /v1/meta's cluster lists the nodes, and every answer names its node in X-Tapewire-Node.`;

const BIN = join(ROOT, 'bin/tapewire.mjs');
const RESTART_MS = 1000;
const READY_DEADLINE_MS = 120_000;

interface Args {
  api: number;
  port: number;
}

function parseArgs(argv: string[]): Args | string {
  const args: Args = { api: 2, port: Number(process.env.PORT || 8080) };
  for (let k = 0; k < argv.length; k += 2) {
    const [flag, value] = [argv[k], argv[k + 1]];
    const n = Number(value);
    if (flag === '--api' && Number.isInteger(n) && n >= 1 && n <= 32) args.api = n;
    else if (flag === '--port' && Number.isInteger(n) && n >= 1 && n <= 65535) args.port = n;
    else return `unexpected ${forTerminal(`${flag ?? ''} ${value ?? ''}`.trim())}: --api takes 1 to 32, --port a port`;
  }
  return args;
}

/**
 * One process of the cluster, started again whenever it exits unasked. The database and the nodes get the cluster's own
 * Node options, as fork() passes them: `node --max-old-space-size=4096 bin/tapewire.mjs cluster` sizes them all.
 */
class Member {
  private child: ChildProcess | null = null;
  private stopping = false;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly onLine?: (line: string) => void,
  ) {}

  start(): void {
    const child = spawn(this.command, this.args, {
      // A node started by the cluster ends when the cluster is gone, even killed outright (server/cli/start.ts).
      env: { ...this.env, TAPEWIRE_CLUSTER_PID: String(process.pid) },
      stdio: ['ignore', this.onLine ? 'pipe' : 'inherit', 'inherit'],
    });
    this.child = child;
    if (this.onLine && child.stdout) {
      let rest = '';
      child.stdout.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop()!;
        for (const line of lines) this.onLine!(line);
      });
    }
    child.on('exit', (code, signal) => {
      if (this.stopping) return;
      console.error(`cluster: ${this.name} exited (${signal ?? `code ${code}`}): starting it again`);
      setTimeout(() => this.stopping || this.start(), RESTART_MS);
    });
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(kill);
  }
}

/**
 * `command` with `args`, through util-linux's setpriv where there is one, so that it gets SIGTERM when the cluster's
 * process dies, even killed outright (a redis-server cannot watch its parent as the nodes do).
 */
function withParentDeath(command: string, args: string[]): [string, string[]] {
  const setpriv = spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0;
  return setpriv ? ['setpriv', ['--pdeathsig', 'TERM', command, ...args]] : [command, args];
}

/** Resolves once `member`'s output has a line containing `text`. */
function lineWith(text: string): { onLine: (line: string) => void; seen: Promise<void> } {
  let seen!: () => void;
  const promise = new Promise<void>((r) => (seen = r));
  return { onLine: (line) => line.includes(text) && seen(), seen: promise };
}

async function waitReady(host: string, port: number, nodes: number): Promise<void> {
  const deadline = performance.now() + READY_DEADLINE_MS;
  const answered = new Set<string>();
  while (answered.size < nodes) {
    if (performance.now() > deadline)
      throw new Error(`the api nodes were not all ready within ${READY_DEADLINE_MS / 1000} s`);
    const res = await fetch(`http://${host}:${port}/ready`, { headers: { connection: 'close' } }).catch(() => null);
    const node = res?.headers.get('x-tapewire-node');
    if (res?.status === 200 && node) answered.add(node);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function run(argv: string[]): Promise<number | null> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(`${args}\n${usage}`);
    return 2;
  }
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const host = process.env.HOST || '127.0.0.1';
  const members: Member[] = [];
  const infra: Member[] = [];
  let stopping: Promise<void> | null = null;
  const stopAll = () =>
    (stopping ??= (async () => {
      await Promise.all(members.map((m) => m.stop()));
      for (const m of infra.reverse()) await m.stop();
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void stopAll().then(() => process.exit(0)));

  try {
    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const port = await freePort();
      const ready = lineWith('Ready to accept connections');
      const redis = new Member(
        'redis-server',
        ...withParentDeath('redis-server', [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
        ]),
        process.env,
        ready.onLine,
      );
      infra.push(redis);
      redis.start();
      await ready.seen;
      redisUrl = `redis://127.0.0.1:${port}`;
    }
    let databaseUrl = process.env.DATABASE_URL;
    const embedded = !databaseUrl;
    if (!databaseUrl) {
      const ready = lineWith('database ready');
      const database = new Member(
        'database',
        process.execPath,
        [...process.execArgv, BIN, 'database'],
        process.env,
        ready.onLine,
      );
      infra.push(database);
      database.start();
      await ready.seen;
      databaseUrl = embeddedUrl(dataDir);
    }
    const base: NodeJS.ProcessEnv = {
      ...process.env,
      REDIS_URL: redisUrl,
      DATABASE_URL: databaseUrl,
      // Tickets signed on one api node are opened on another.
      STREAM_TICKET_SECRET: process.env.STREAM_TICKET_SECRET || randomBytes(32).toString('hex'),
      // The embedded database's defaults, as tapewire start has them: the demo, and anonymous calls from this machine.
      ...(embedded && {
        TAPEWIRE_DEMO: process.env.TAPEWIRE_DEMO ?? '1',
        TAPEWIRE_ANON: process.env.TAPEWIRE_ANON ?? '1',
        // The embedded database runs one session: a node's queries one at a time, as a server on it would run them.
        DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '1',
      }),
    };
    const node = (role: 'ingest' | 'api', id: string, env: NodeJS.ProcessEnv = {}) => {
      const nodeDir = join(dataDir, 'nodes', id);
      mkdirSync(nodeDir, { recursive: true, mode: 0o700 });
      const m = new Member(id, process.execPath, [...process.execArgv, BIN, 'start'], {
        ...base,
        ...env,
        TAPEWIRE_ROLE: role,
        TAPEWIRE_NODE: id,
        DATA_DIR: nodeDir,
      });
      members.push(m);
      m.start();
    };
    node('ingest', 'ingest-1');
    node('ingest', 'ingest-2');
    for (let k = 1; k <= args.api; k++) node('api', `api-${k}`, { HOST: host, PORT: String(args.port) });
    await waitReady(host, args.port, args.api);
    console.error(`cluster ready: ${args.api} api nodes on http://${host}:${args.port}, ingest-1 and ingest-2`);
    return null;
  } catch (err) {
    console.error(`cluster: ${(err as Error).message}`);
    await stopAll();
    return 1;
  }
}
