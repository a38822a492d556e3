// Load test of GET endpoints on the real server, each next to a bare uWS process serving the same bytes from memory:
// the ratio is what the stack costs. `bench:meta` and `bench:candles` are this script with different paths.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createKey, importFiles, ROOT, type ServerHandle, startServer } from '../harness/server.js';
import { cpuAtRest, fmt, HEADER, load, type Measured, netUsPerResponse, row, rssMb, table } from './measure.js';
import { intOption } from './options.js';
import { watchdog } from './watchdog.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const { values: argv } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    pipelining: { type: 'string' },
    warmup: { type: 'string' },
    'log-level': { type: 'string' },
    'cpu-prof': { type: 'string' },
    idle: { type: 'string' },
    path: { type: 'string', multiple: true },
    env: { type: 'string', multiple: true },
    import: { type: 'string', multiple: true },
    name: { type: 'string' },
    built: { type: 'boolean' },
  },
});

const NAME = argv.name ?? 'bench:endpoint';
const PATHS = argv.path ?? ['/v1/meta'];
/** Server environment, e.g. --env TAPEWIRE_DEMO=1 for the demo universe. */
const EXTRA_ENV = Object.fromEntries(
  (argv.env ?? []).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
/** Files imported once the server is up, before any path is measured: --import fred=/path/DGS10.csv. */
const IMPORTS = (argv.import ?? []).map((spec) => ({
  source: spec.slice(0, spec.indexOf('=')),
  path: spec.slice(spec.indexOf('=') + 1),
}));

const duration = intOption('duration', argv.duration, 'BENCH_DURATION', 10, 1, 600);
const connections = intOption('connections', argv.connections, 'BENCH_CONNECTIONS', 100, 1, 10_000);
const pipelining = intOption('pipelining', argv.pipelining, 'BENCH_PIPELINING', 1, 1, 100);
const warmup = intOption('warmup', argv.warmup, 'BENCH_WARMUP', 2, 0, 60);
/** Seconds the server's CPU at rest is measured before the first path (0: not measured). */
const idleSeconds = intOption('idle', argv.idle, 'BENCH_IDLE', 10, 0, 120);
// `info` is what a default deployment runs: one access-log line per request is part of the cost being measured.
const logLevel = argv['log-level'] ?? process.env.BENCH_LOG_LEVEL ?? 'info';
if (!LOG_LEVELS.includes(logLevel)) {
  console.error(
    `--log-level / BENCH_LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(logLevel)}`,
  );
  process.exit(2);
}

const loadOptions = { connections, pipelining, warmup, duration };

const cpuProfDir = argv['cpu-prof'] ? resolve(argv['cpu-prof']) : null;

const children: ChildProcess[] = [];
let server: ServerHandle | null = null;

/** Direct children of this process: the helper hands its child over only once the server is ready, and not on failure. */
function ownChildPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const killAll = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  try {
    for (const pid of ownChildPids()) process.kill(pid, 'SIGTERM');
  } catch {
    // not Linux, or already gone
  }
};

// Start-up (PGlite, migrations, the demo) takes seconds to minutes on a busy machine; anything far past the expected
// total means something hangs.
const READY_DEADLINE_MS = 600_000;
const budgetMs = (3 * PATHS.length * (warmup + duration + 5) + idleSeconds + 180) * 1000 + READY_DEADLINE_MS;
watchdog(NAME, budgetMs, killAll, () => server?.dispose());

const bodyDir = mkdtempSync(join(tmpdir(), 'tw-bench-'));

interface Baseline {
  child: ChildProcess;
  url: string;
  native: boolean;
  /** Bytes and lines the process wrote on stdout after its port line (the peer's access log). */
  logged: { bytes: number; lines: number };
}

/** Starts a baseline (`bench/bare-server.ts` or the fastify peer) answering `path` with `body`, on a free port. */
async function startBaseline(
  script: string,
  path: string,
  body: Buffer,
  contentType: string,
  env: Record<string, string> = {},
): Promise<Baseline> {
  // Through a file: one environment string is limited to 128 KiB, and a candle answer is megabytes.
  const bodyFile = join(bodyDir, 'body');
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      BARE_URL: new URL(path, 'http://x').pathname,
      BARE_CONTENT_TYPE: contentType,
      BARE_BODY_FILE: bodyFile,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const logged = { bytes: 0, lines: 0 };
  // The first line is the port; what follows (an access log) is only counted, as tapewire's is.
  const line = await new Promise<string>((resolve, reject) => {
    let head = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!head.endsWith('\n')) {
        head += chunk.toString();
        const nl = head.indexOf('\n');
        if (nl < 0) return;
        chunk = Buffer.from(head.slice(nl + 1));
        head = head.slice(0, nl + 1);
        resolve(head);
      }
      logged.bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) logged.lines++;
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  const { port, native } = JSON.parse(line) as { port: number; native: boolean };
  return { child, url: `http://127.0.0.1:${port}${path}`, native, logged };
}

/** Refuses to measure a baseline that does not answer tapewire's bytes and Content-Type. */
async function checkSameBytes(
  baseline: Baseline,
  key: string,
  body: Buffer,
  contentType: string,
  name: string,
): Promise<void> {
  const check = await fetch(baseline.url, { headers: { authorization: `Bearer ${key}` } });
  const checkBody = Buffer.from(await check.arrayBuffer());
  if (check.status !== 200 || !checkBody.equals(body) || check.headers.get('content-type') !== contentType) {
    throw new Error(`${name} does not answer the same bytes and Content-Type as tapewire (status ${check.status})`);
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

let exitCode = 0;
try {
  console.log(`${NAME}  ${PATHS.map((p) => `GET ${p}`).join(', ')}  ${new Date().toISOString()}`);
  console.log(
    `  node ${process.version}, ${cpus().length} CPUs; ${warmup} s warm-up then ${duration} s measured per server and path; ` +
      `${connections} connections, pipelining ${pipelining}; loopback 127.0.0.1`,
  );
  // The machine may be shared: the load average says how much else was running.
  console.log(
    `  load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  tapewire LOG_LEVEL=${logLevel}${logLevel === 'info' ? ' (default deployment: one access-log line per request)' : ''}`,
  );

  const serverEnv: Record<string, string> = { LOG_LEVEL: logLevel, ...EXTRA_ENV };
  if (Object.keys(EXTRA_ENV).length)
    console.log(
      `  server environment: ${Object.entries(EXTRA_ENV)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );
  if (cpuProfDir) {
    serverEnv.NODE_OPTIONS =
      `${process.env.NODE_OPTIONS ?? ''} --import ${new URL('./cpu-prof.mjs', import.meta.url).href}`.trim();
    serverEnv.BENCH_CPU_PROF_DIR = cpuProfDir;
  }
  // --built: the compiled server of `npm start` (dist/), to compare with the sources run through tsx.
  server = await startServer({
    env: serverEnv,
    readyDeadlineMs: READY_DEADLINE_MS,
    built: argv.built ?? false,
    sources: !argv.built,
  });
  if (argv.built) console.log('  tapewire compiled: bin/tapewire.mjs on dist/');
  children.push(server.child);
  if (cpuProfDir) console.log(`  server pid ${server.child.pid}: its CPU profile goes to ${cpuProfDir} when it stops`);
  // The helper parses every log line into an array; at info level that would load this process, which also runs
  // autocannon, and grow without bound. A deployment hands stdout to another process, so here it is only counted.
  const stdout = server.child.stdout!;
  stdout.removeAllListeners('data');
  let logBytes = 0;
  let logLines = 0;
  stdout.on('data', (chunk: Buffer) => {
    logBytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) logLines++;
  });

  for (const { source, path } of IMPORTS) {
    const t0 = performance.now();
    const run = await importFiles(server.dataDir, source, path);
    if (run.code !== 0) throw new Error(`import ${source} ${path}: ${run.stdout}${run.stderr}`);
    console.log(
      `  imported in ${fmt(performance.now() - t0)} ms (the import command's whole run): ${run.stdout.trim()}`,
    );
  }
  const key = await createKey(server, 'bench', 100_000_000);
  console.log(
    `  tapewire RSS at rest (started${IMPORTS.length ? ', imports done' : ''}, key made): ${fmt(rssMb(server.child.pid) ?? 0)} MB`,
  );
  const atRest = idleSeconds > 0 ? await cpuAtRest(server.child.pid, idleSeconds) : null;
  if (atRest !== null)
    console.log(`  tapewire CPU at rest (no request, ${idleSeconds} s): ${fmt(atRest * 1000, 1)} ms per second`);
  const headers = { authorization: `Bearer ${key}` };
  const runs: {
    path: string;
    body: Buffer;
    contentType: string;
    tapewire: Measured;
    logged: { bytes: number; lines: number };
  }[] = [];
  for (const path of PATHS) {
    const first = await server.get(path, { key, headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await first.arrayBuffer());
    const contentType = first.headers.get('content-type') ?? '';
    if (first.status !== 200) throw new Error(`GET ${path} answered ${first.status}: ${body}`);
    if (first.headers.get('content-encoding'))
      throw new Error(`GET ${path} came back compressed; the bare server needs identity bytes`);
    let logBytes0 = 0;
    let logLines0 = 0;
    const tapewire = await load(
      `tapewire (LOG_LEVEL=${logLevel})`,
      { url: server.url + path, headers },
      server.child.pid,
      loadOptions,
      () => {
        logBytes0 = logBytes;
        logLines0 = logLines;
      },
    );
    runs.push({
      path,
      body,
      contentType,
      tapewire,
      logged: { bytes: logBytes - logBytes0, lines: logLines - logLines0 },
    });
  }
  // Stopped before the bare runs so its timers (ticks, meta refresh, key reload) cannot disturb them.
  await server.dispose();
  server = null;

  const ratio = (a: number | null, b: number | null) =>
    a !== null && b !== null && b > 0 ? (a / b).toFixed(2) : 'n/a';
  for (const { path, body, contentType, tapewire, logged } of runs) {
    // The fastify peer doing a deployment's job, then the bare ceiling: each gets the same load with the same key.
    const peer = await startBaseline('bench/peer-server.ts', path, body, contentType, {
      PEER_KEY: key,
      LOG_LEVEL: logLevel,
    });
    await checkSameBytes(peer, key, body, contentType, 'the fastify peer');
    let peerLog0 = { ...peer.logged };
    const fastify = await load(
      `fastify 5 peer (LOG_LEVEL=${logLevel})`,
      { url: peer.url, headers },
      peer.child.pid,
      loadOptions,
      () => {
        peerLog0 = { ...peer.logged };
      },
    );
    await stopChild(peer.child);
    const peerLogged = { bytes: peer.logged.bytes - peerLog0.bytes, lines: peer.logged.lines - peerLog0.lines };

    const bare = await startBaseline('bench/bare-server.ts', path, body, contentType);
    await checkSameBytes(bare, key, body, contentType, 'the bare server');
    if (!bare.native) console.log('  WARNING: the bare server runs on the uWS JavaScript fallback');
    const baseline = await load('bare uWS', { url: bare.url, headers }, bare.child.pid, loadOptions);
    await stopChild(bare.child);

    console.log();
    console.log(`GET ${path}  body ${fmt(body.length)} bytes, Content-Type: ${contentType}`);
    console.log(table([HEADER, row(tapewire), row(fastify), row(baseline)]));
    for (const [name, m] of [
      ['tapewire', tapewire],
      ['fastify', fastify],
    ] as const) {
      console.log(
        `ratio ${name}/bare: req/s ${ratio(m.result.requests.mean, baseline.result.requests.mean)}, ` +
          `MB/s ${ratio(m.result.throughput.mean, baseline.result.throughput.mean)}, ` +
          `p99 ${ratio(m.p99, baseline.p99)}, ` +
          `server CPU per response ${ratio(m.serverUsPerResponse, baseline.serverUsPerResponse)}`,
      );
    }
    console.log(
      `ratio tapewire/fastify: server CPU per response ${ratio(tapewire.serverUsPerResponse, fastify.serverUsPerResponse)}`,
    );
    const net = netUsPerResponse(tapewire, atRest);
    if (net !== null) {
      console.log(
        `tapewire net of its CPU at rest: ${fmt(net, 1)} µs per response, ratio to bare ${ratio(net, baseline.serverUsPerResponse)}, ` +
          `to fastify ${ratio(net, fastify.serverUsPerResponse)}`,
      );
    }
    if (baseline.benchCpu > 0.9 && (baseline.serverCpu ?? 1) < 0.9) {
      console.log(
        'note: autocannon saturated its core against the bare server, so the bare req/s is a floor and the req/s ratio flatters tapewire',
      );
    }
    const perResponse = (log: { bytes: number; lines: number }, m: Measured) => {
      const completed = Math.max(1, m.result.requests.total);
      return `${fmt(log.bytes / completed)} bytes, ${fmt(log.lines / completed, 2)} lines per response`;
    };
    console.log(
      `stdout during the measured run: tapewire ${perResponse(logged, tapewire)}; fastify ${perResponse(peerLogged, fastify)}`,
    );
    if (tapewire.result.non2xx || fastify.result.non2xx || baseline.result.non2xx) {
      const codes = (m: Measured) => JSON.stringify(m.result.statusCodeStats);
      console.log(`status codes: tapewire ${codes(tapewire)}, fastify ${codes(fastify)}, bare ${codes(baseline)}`);
    }
  }
  console.log();
  console.log(
    'MB/s counts status line, headers and body (1 MB = 10^6 bytes); CPU is of one core (100% = a core saturated), CPU µs/resp = server user+system time / responses (sys: kernel part); ' +
      'p50/p99/mean come from autocannon per-response times at 1 µs resolution.',
  );
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} catch (err) {
  console.error(`${NAME} failed:`, err);
  exitCode = 1;
} finally {
  await server?.dispose().catch(() => undefined);
  for (const child of children) await stopChild(child).catch(() => undefined);
  killAll();
  rmSync(bodyDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
