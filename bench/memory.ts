// bench:memory — the server's memory at rest, under sustained database-bound load and after it: RSS from /proc, and
// what holds it (PGlite's WASM memory, the V8 heaps, malloc's arenas, buffers), read from /proc/<pid>/smaps, from the
// server's own process.memoryUsage() (a preload answering SIGUSR2) and from the embedded database's memory contexts.
//
//   npm run bench:memory                          # demo, 40 s settle, 60 s of load, 120 s idle read every 30 s
//   npm run bench:memory -- --env MALLOC_ARENA_MAX=2 --idle 180
//   npm run bench:memory -- --mix derivatives     # one family of questions (see FAMILIES)
//   npm run bench:memory -- --restart --load 0 --idle 0            # at rest, second start on the loaded data
//   npm run bench:memory -- --external --restart --load 0 --idle 0  # the same in server mode (DATABASE_URL)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { createKey, mallocEnv, type ServerHandle, startServer, tempDataDir } from '../harness/server.js';

const { values: argv } = parseArgs({
  options: {
    load: { type: 'string' },
    idle: { type: 'string' },
    'idle-every': { type: 'string' },
    rest: { type: 'string' },
    connections: { type: 'string' },
    mix: { type: 'string' },
    env: { type: 'string', multiple: true },
    'minute-days': { type: 'string' },
    'accept-encoding': { type: 'string' },
    'log-level': { type: 'string' },
    external: { type: 'boolean' },
    'no-demo': { type: 'boolean' },
    restart: { type: 'boolean' },
    'no-contexts': { type: 'boolean' },
    'keep-smaps': { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'string' },
    label: { type: 'string' },
  },
});

function int(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || +raw < min || +raw > max) {
    console.error(`--${name}: expected an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return +raw;
}

const LOAD_S = int('load', argv.load ?? process.env.BENCH_LOAD_S, 60, 0, 3600);
/** Idle after the load: long enough for the kept answers' idle time (KEPT_ANSWERS_IDLE_S, 60 s, and a quarter more). */
const IDLE_S = int('idle', argv.idle ?? process.env.BENCH_IDLE_S, 120, 0, 3600);
/** A reading every this many seconds of the idle time, the last one at its end. */
const IDLE_EVERY_S = int('idle-every', argv['idle-every'], 30, 1, 3600);
/** Seconds between /ready and the reading at rest: the jobs' first round runs about 30 s after the start. */
const REST_S = int('rest', argv.rest ?? process.env.BENCH_REST_S, 40, 0, 3600);
/** Concurrent requests; one key per 4 of them: a key may have 8 database queries queued or running, some requests run 2. */
const CONNECTIONS = int('connections', argv.connections ?? process.env.BENCH_CONNECTIONS, 16, 1, 1000);
const MINUTE_DAYS = int('minute-days', argv['minute-days'], 1, 1, 14);
const SEED = int('seed', argv.seed, 20261123, 0, 2 ** 31);
const EXTERNAL = argv.external ?? false;
/** Measure a second start on the data the first one loaded (how a deployment runs after its first day). */
const RESTART = argv.restart ?? false;
const DEMO = !(argv['no-demo'] ?? false);
const CONTEXTS = !EXTERNAL && !(argv['no-contexts'] ?? false);
const ACCEPT_ENCODING = argv['accept-encoding'] ?? 'identity';
const LOG_LEVEL = argv['log-level'] ?? 'info';
const EXTRA_ENV = Object.fromEntries(
  (argv.env ?? []).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
const FAMILIES = [
  'events-q',
  'events-symbol',
  'event-detail',
  'moves',
  'explain',
  'catalysts',
  'candles-1m',
  'candles-1h',
  'listing-candles',
  'derivatives',
  'search',
] as const;
type Family = (typeof FAMILIES)[number];
/** Relative weights of the request families in the default mix. */
const WEIGHTS: Record<Family, number> = {
  'events-q': 3,
  'events-symbol': 3,
  'event-detail': 1,
  moves: 2,
  explain: 1,
  catalysts: 2,
  'candles-1m': 2,
  'candles-1h': 1,
  'listing-candles': 1,
  derivatives: 1,
  search: 1,
};
const MIX = (argv.mix ?? FAMILIES.join(',')).split(',').map((f) => f.trim()) as Family[];
for (const f of MIX) {
  if (!FAMILIES.includes(f)) {
    console.error(`--mix: unknown family ${JSON.stringify(f)}; families: ${FAMILIES.join(', ')}`);
    process.exit(2);
  }
}

const MB = 1024 * 1024;
const mb = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined ? '?' : (bytes / MB).toFixed(0);

// ---------------------------------------------------------------------------------------------------------------
// Reading a process's memory from /proc.

interface Status {
  vmRss: number;
  vmHwm: number;
  rssAnon: number;
  rssFile: number;
  threads: number;
}

function status(pid: number): Status {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  const threads = Number(/^Threads:\s+(\d+)/m.exec(text)?.[1] ?? NaN);
  return { vmRss: kb('VmRSS'), vmHwm: kb('VmHWM'), rssAnon: kb('RssAnon'), rssFile: kb('RssFile'), threads };
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rss: number;
}

function mappings(pid: number): Mapping[] {
  const out: Mapping[] = [];
  let cur: Mapping | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) {
      cur = { start: BigInt(`0x${m[1]}`), end: BigInt(`0x${m[2]}`), perms: m[3]!, name: m[4]!, rss: 0 };
      out.push(cur);
    } else if (cur && line.startsWith('Rss:')) {
      cur.rss = Number(/(\d+)/.exec(line)![1]) * 1024;
    }
  }
  return out;
}

/** Resident memory by kind. The kinds are read off the mappings' shapes, which is what V8 and glibc make on Linux x64. */
interface Breakdown {
  /** PGlite's WASM linear memory (the largest WASM memory): its size (it only grows) and its resident part. */
  wasmSize: number;
  wasmRss: number;
  /** Other WASM memories (undici's llhttp, ...). */
  otherWasmRss: number;
  /** V8's pages (the heaps of the main thread and of every worker, code): anonymous, at V8's random hint addresses. */
  v8: number;
  /** glibc malloc: the main arena ([heap]) and the per-thread arenas (64 MiB-aligned heaps). */
  mallocMain: number;
  mallocArenas: number;
  /** Other anonymous memory: large malloc blocks (mmap'd, such as big Buffers), thread stacks. */
  otherAnon: number;
  /** Files: node's binary, shared libraries. */
  files: number;
}

const GIB = 1n << 30n;
const ARENA = 64n * 1024n * 1024n;
/** V8 asks for its pages at random addresses below 2^46; glibc's mmaps come down from below the stack (0x7f...). */
const V8_HINT_LIMIT = 0x4000_0000_0000n;

function breakdown(pid: number): Breakdown {
  const maps = mappings(pid);
  const b: Breakdown = {
    wasmSize: 0,
    wasmRss: 0,
    otherWasmRss: 0,
    v8: 0,
    mallocMain: 0,
    mallocArenas: 0,
    otherAnon: 0,
    files: 0,
  };
  const wasm: { size: number; rss: number }[] = [];
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i]!;
    if (m.rss === 0 && m.perms !== 'rw-p') continue;
    if (m.name === '[heap]') {
      b.mallocMain += m.rss;
      continue;
    }
    if (m.name.startsWith('/')) {
      b.files += m.rss;
      continue;
    }
    if (m.name !== '' && m.name !== '[anon]') {
      b.otherAnon += m.rss; // [stack], [vdso], ...
      continue;
    }
    // A readable region followed by its inaccessible reservation: a WASM memory (gigabytes reserved) or a malloc arena.
    const next = maps[i + 1];
    const reserved = next && next.start === m.end && next.perms === '---p' ? next.end - next.start : 0n;
    if (m.perms === 'rw-p' && reserved >= GIB) {
      wasm.push({ size: Number(m.end - m.start), rss: m.rss });
    } else if (
      m.perms === 'rw-p' &&
      m.start % ARENA === 0n &&
      m.end - m.start + reserved <= ARENA &&
      m.start >= V8_HINT_LIMIT
    ) {
      b.mallocArenas += m.rss;
    } else if (m.start < V8_HINT_LIMIT) {
      b.v8 += m.rss;
    } else {
      b.otherAnon += m.rss;
    }
  }
  wasm.sort((x, y) => y.size - x.size);
  // A server-mode process has no PGlite: its WASM memories are all small (undici's llhttp).
  const pglite = EXTERNAL ? null : wasm.shift();
  b.wasmSize = pglite?.size ?? 0;
  b.wasmRss = pglite?.rss ?? 0;
  b.otherWasmRss = wasm.reduce((s, w) => s + w.rss, 0);
  return b;
}

// ---------------------------------------------------------------------------------------------------------------
// The server's own view (bench/memory-probe.mjs) and the embedded database's memory contexts.

interface ProbeView {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Physical size of each V8 space of the main heap. */
  spaces: Record<string, number>;
}

/** The main heap's spaces the table shows: the young generation, old objects, compiled code, large objects. */
const SPACES: [string, (s: Record<string, number>) => number][] = [
  ['  new space', (s) => (s.new_space ?? 0) + (s.new_large_object_space ?? 0)],
  ['  old space', (s) => s.old_space ?? 0],
  ['  code space', (s) => (s.code_space ?? 0) + (s.code_large_object_space ?? 0)],
  ['  large objects', (s) => s.large_object_space ?? 0],
  ['  maps, shared, ro', (s) => (s.map_space ?? 0) + (s.shared_space ?? 0) + (s.read_only_space ?? 0)],
];

const probeDir = mkdtempSync(join(tmpdir(), 'tw-memprobe-'));

async function probe(pid: number, gc: boolean): Promise<{ before: ProbeView; afterGc: ProbeView | null } | null> {
  const file = join(probeDir, `${pid}.json`);
  rmSync(file, { force: true });
  if (gc) writeFileSync(join(probeDir, 'gc'), '');
  else rmSync(join(probeDir, 'gc'), { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    await sleep(50);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  }
  return null;
}

interface Contexts {
  totalBytes: number;
  top: { name: string; ident: string | null; level: number; totalBytes: number }[];
}

/**
 * The embedded database's memory contexts, over a second connection to its socket (it is one backend for all). Read
 * only between phases, with no load running: PGlite hands back replies under 1 MiB in a buffer it reuses, so a reply
 * still queued on a backed-up socket could be overwritten by a batch from another connection.
 */
async function contexts(dataDir: string): Promise<Contexts | null> {
  const client = new pg.Client({ host: join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
  try {
    await client.connect();
    const total = await client.query<{ total: string }>(
      'SELECT sum(total_bytes)::text AS total FROM pg_backend_memory_contexts',
    );
    const top = await client.query<{ name: string; ident: string | null; level: number; total: string }>(
      'SELECT name, ident, level, total_bytes::text AS total FROM pg_backend_memory_contexts ORDER BY total_bytes DESC LIMIT 6',
    );
    return {
      totalBytes: Number(total.rows[0]!.total),
      top: top.rows.map((r) => ({
        name: r.name,
        ident: r.ident?.slice(0, 40) ?? null,
        level: r.level,
        totalBytes: Number(r.total),
      })),
    };
  } catch (err) {
    console.log(`  (memory contexts not read: ${(err as Error).message})`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Reading {
  label: string;
  status: Status;
  breakdown: Breakdown;
  probe: { before: ProbeView; afterGc: ProbeView | null } | null;
  afterGcRss: number | null;
  contexts: Contexts | null;
  /** The kept answers' size as the server counts it (tapewire_kept_answers_bytes), when it exposes it. */
  kept: number | null;
}

/** The server's count of its kept answers, from /metrics. */
async function keptBytes(server: ServerHandle, key: string): Promise<number | null> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${key}` } });
  const m = /^tapewire_kept_answers_bytes (\S+)$/m.exec(await res.text());
  return m ? Number(m[1]) : null;
}

async function read(label: string, server: ServerHandle, metricsKey: string, gc = false): Promise<Reading> {
  const pid = server.child.pid!;
  if (argv['keep-smaps'])
    writeFileSync(join(argv['keep-smaps'], `smaps-${label.replace(/\W+/g, '-')}`), readFileSync(`/proc/${pid}/smaps`));
  const s = status(pid);
  const b = breakdown(pid);
  const ctx = CONTEXTS ? await contexts(server.dataDir) : null;
  const kept = await keptBytes(server, metricsKey);
  const p = await probe(pid, gc);
  return { label, status: s, breakdown: b, probe: p, afterGcRss: gc ? status(pid).vmRss : null, contexts: ctx, kept };
}

// ---------------------------------------------------------------------------------------------------------------
// The load: concurrent request loops over a seeded mix of database-bound questions, most of them asked once.

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'earnings',
  'federal reserve',
  'inflation',
  'guidance',
  'bitcoin',
  'oil',
  'rates',
  'merger',
  'upgrade',
  'downgrade',
  'revenue',
  'china',
  'etf',
  'tariff',
  'launch',
  'lawsuit',
  'dividend',
  'buyback',
  'crypto',
  'bank',
  'jobs',
  'cpi',
  'supply',
  'demand',
  'outlook',
  'profit',
  'loss',
  'record',
  'cut',
  'hike',
  'beats',
  'misses',
  'expected',
  'quarter',
];

interface Universe {
  symbols: string[];
  listings: { symbol: string; id: number }[];
  maxEventId: number;
}

function pathMaker(u: Universe, random: () => number): () => { family: Family; path: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const day = (daysBack: number) => new Date(Date.now() - between(0, daysBack) * 86_400_000).toISOString().slice(0, 10);
  const e = encodeURIComponent;
  const makers: Record<Family, () => string> = {
    'events-q': () => {
      const words = Array.from({ length: between(1, 3) }, () => pick(WORDS)).map((w) =>
        w.includes(' ') ? `"${w}"` : w,
      );
      return `/v1/events?q=${e(words.join(random() < 0.5 ? ' OR ' : ' '))}&limit=${between(10, 100)}&offset=${between(0, 3) * 10}`;
    },
    'events-symbol': () =>
      `/v1/events?symbol=${pick(u.symbols)}&order=${random() < 0.5 ? 'important' : 'recent'}&limit=${between(10, 100)}&offset=${between(0, 5) * 10}`,
    'event-detail': () => `/v1/events/${between(1, u.maxEventId)}`,
    moves: () =>
      random() < 0.5
        ? `/v1/moves?symbol=${pick(u.symbols)}&limit=${between(20, 200)}&offset=${between(0, 3) * 10}`
        : `/v1/moves?from=${day(700)}&limit=${between(20, 200)}&minPct=${between(0, 5)}`,
    explain: () => `/v1/moves/explain?symbol=${pick(u.symbols)}&date=${day(700)}`,
    catalysts: () => `/v1/catalysts?from=${day(700)}&limit=${between(20, 200)}&offset=${between(0, 3) * 10}`,
    'candles-1m': () => `/v1/instruments/${pick(u.symbols)}/candles?interval=1m&limit=20000&from=2000-01-01`,
    'candles-1h': () => `/v1/instruments/${pick(u.symbols)}/candles?interval=1h&limit=20000&from=2000-01-01`,
    'listing-candles': () => {
      const l = pick(u.listings);
      return `/v1/instruments/${l.symbol}/listings/${l.id}/candles?interval=${random() < 0.5 ? '1h' : '1m'}&limit=20000&from=2000-01-01`;
    },
    derivatives: () => `/v1/instruments/${pick(u.symbols)}/derivatives?perVenue=true&from=${day(700)}`,
    search: () => `/v1/search?q=${e(pick(WORDS).slice(0, between(3, 8)))}&type=event,instrument`,
  };
  const table: Family[] = MIX.flatMap((f) => Array<Family>(WEIGHTS[f]).fill(f));
  return () => {
    const family = pick(table);
    return { family, path: makers[family]() };
  };
}

interface LoadStats {
  requests: number;
  bytes: number;
  statuses: Record<string, number>;
  byFamily: Record<string, { n: number; ms: number; bytes: number }>;
  errors: number;
}

async function runLoad(
  server: ServerHandle,
  keys: string[],
  u: Universe,
  seconds: number,
  onSecond: () => void,
): Promise<LoadStats> {
  const next = pathMaker(u, rng(SEED));
  const stats: LoadStats = { requests: 0, bytes: 0, statuses: {}, byFamily: {}, errors: 0 };
  const until = Date.now() + seconds * 1000;
  const ticker = setInterval(onSecond, 1000);
  const loop = async (i: number) => {
    const headers = { authorization: `Bearer ${keys[i % keys.length]}`, 'accept-encoding': ACCEPT_ENCODING };
    while (Date.now() < until) {
      const { family, path } = next();
      const t0 = performance.now();
      try {
        const res = await fetch(server.url + path, { headers });
        const body = await res.arrayBuffer();
        stats.requests++;
        stats.bytes += body.byteLength;
        stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
        const f = (stats.byFamily[family] ??= { n: 0, ms: 0, bytes: 0 });
        f.n++;
        f.ms += performance.now() - t0;
        f.bytes += body.byteLength;
        if (res.status === 429 || res.status === 503) await sleep(100);
      } catch {
        stats.errors++;
        await sleep(100);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => loop(i)));
  clearInterval(ticker);
  return stats;
}

async function universe(server: ServerHandle, key: string): Promise<Universe> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await server.get(path, { key });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const list = await get<{ data: { symbol: string }[] }>('/v1/instruments');
  const symbols = list.data.map((i) => i.symbol);
  const listings: Universe['listings'] = [];
  for (const symbol of symbols) {
    const detail = await get<{ data: { venues: { listingId: number }[] } }>(`/v1/instruments/${symbol}`);
    for (const v of detail.data.venues) listings.push({ symbol, id: v.listingId });
  }
  const events = await get<{ data: { id: number }[] }>('/v1/events?limit=1');
  return { symbols, listings, maxEventId: events.data[0]?.id ?? 1 };
}

// ---------------------------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The database of a server-mode run: the embedded database's own thread (server/db-host.ts: PGlite with TimescaleDB on
 * a unix socket) started in this process, so that the server under test connects to it by DATABASE_URL like to any
 * PostgreSQL server and its own process holds no database. (PGLiteSocketServer, which the tests use, aborts on the
 * demo's bulk inserts: it hands PGlite messages split across TCP chunks.)
 */
async function startDatabaseThread(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'tw-extdb-'));
  mkdirSync(join(dir, 'pg'), { mode: 0o700 });
  const worker = new Worker(new URL('../server/db-host.mjs', import.meta.url), {
    workerData: { pgDir: join(dir, 'pg'), socketPath: join(dir, '.s.PGSQL.5432') },
  });
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { type: string; error?: string; message?: string }) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'failed') reject(new Error(`database thread: ${m.error}`));
      else console.log(`  database thread: ${m.message}: ${m.error}`);
    });
    worker.once('error', reject);
  });
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`,
    async stop() {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.postMessage('stop');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    .join('\n');
}

const children: ServerHandle[] = [];
const dataDir = tempDataDir();
let external: { url: string; stop(): Promise<void> } | null = null;
const budgetMs = (REST_S + LOAD_S + IDLE_S + 400) * 1000;
setTimeout(() => {
  console.error(`bench:memory: still running after ${budgetMs / 1000} s; stopping`);
  for (const s of children) s.child.kill('SIGKILL');
  process.exit(1);
}, budgetMs).unref();

let exitCode = 0;
try {
  const label = argv.label ?? (EXTERNAL ? 'server mode (DATABASE_URL)' : 'embedded');
  console.log(`bench:memory ${label}  ${new Date().toISOString()}`);
  console.log(
    `  node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const env: Record<string, string> = {
    LOG_LEVEL,
    TAPEWIRE_DEMO: DEMO ? '1' : '0',
    DEMO_MINUTE_DAYS: String(MINUTE_DAYS),
    // Candles older than a day come from the database.
    MINUTE_BARS_MEMORY_DAYS: '1',
    HOUR_BARS_MEMORY_DAYS: '1',
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --import ${new URL('./memory-probe.mjs', import.meta.url).href}`.trim(),
    BENCH_MEMORY_PROBE_DIR: probeDir,
    ...EXTRA_ENV,
  };
  if (EXTERNAL) {
    external = await startDatabaseThread();
    // One connection: the database thread runs one batch of messages at a time, whatever connection it came on.
    Object.assign(env, { DATABASE_URL: external.url, DB_POOL_SIZE: '1' }, EXTRA_ENV);
  }
  console.log(
    `  server environment: ${Object.entries(env)
      .filter(([k]) => !k.startsWith('NODE_OPTIONS') && !k.startsWith('BENCH_'))
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  console.log(
    `  malloc settings (bin/tapewire, bin/malloc.env): ${Object.entries({ ...mallocEnv(), ...EXTRA_ENV })
      .filter(([k]) => k.startsWith('MALLOC_'))
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  let t0 = performance.now();
  // The compiled server with the `tapewire` command's malloc settings: what `npm start` runs.
  let server = await startServer({ env, dataDir, built: true, readyDeadlineMs: 600_000 });
  children.push(server);
  console.log(`  ready in ${((performance.now() - t0) / 1000).toFixed(1)} s, pid ${server.child.pid}`);
  if (RESTART) {
    const first = status(server.child.pid!);
    console.log(
      `  first start: RSS ${mb(first.vmRss)} MB, high-water mark ${mb(first.vmHwm)} MB; stopping it to measure a restart on its data`,
    );
    await server.stop();
    t0 = performance.now();
    server = await startServer({ env, dataDir, built: true, readyDeadlineMs: 600_000 });
    children.push(server);
    console.log(`  restarted, ready in ${((performance.now() - t0) / 1000).toFixed(1)} s, pid ${server.child.pid}`);
  }
  // Only counted: parsing every log line into the helper's array would grow this process, not the server.
  server.child.stdout!.removeAllListeners('data');
  let warnLines = 0;
  server.child.stdout!.on('data', (chunk: Buffer) => {
    for (let i = chunk.indexOf('"level":40'); i !== -1; i = chunk.indexOf('"level":40', i + 1)) warnLines++;
  });
  const keys: string[] = [];
  for (let i = 0; i < Math.ceil(CONNECTIONS / 4); i++) keys.push(await createKey(server, `bench-${i}`, 100_000_000));
  const metricsKey = await createKey(server, 'bench-metrics', 100_000_000, 'metrics');
  const u = await universe(server, keys[0]!);
  console.log(`  ${u.symbols.length} instruments, ${u.listings.length} listings, stories up to id ${u.maxEventId}`);

  const pid = server.child.pid!;
  await sleep(REST_S * 1000);
  const readings: Reading[] = [await read('at rest', server, metricsKey)];

  let peak = readings[0]!.status.vmRss;
  let peakWasm = readings[0]!.breakdown.wasmSize;
  const timeline: string[] = [];
  let second = 0;
  let stats: LoadStats | null = null;
  if (LOAD_S > 0) {
    console.log(
      `  load: ${LOAD_S} s, ${CONNECTIONS} concurrent requests, mix ${MIX.join(',')}, accept-encoding ${ACCEPT_ENCODING}`,
    );
    stats = await runLoad(server, keys, u, LOAD_S, () => {
      second++;
      const s = status(pid);
      peak = Math.max(peak, s.vmRss);
      if (second % 5 === 0) {
        const b = breakdown(pid);
        peakWasm = Math.max(peakWasm, b.wasmSize);
        timeline.push(`${second}s ${mb(s.vmRss)}/${mb(b.wasmRss)}`);
      }
    });
    readings.push(await read('after load', server, metricsKey));
    peak = Math.max(peak, readings.at(-1)!.status.vmRss);
  }
  for (let idle = 0; idle < IDLE_S; ) {
    const step = Math.min(IDLE_EVERY_S, IDLE_S - idle);
    await sleep(step * 1000);
    idle += step;
    readings.push(await read(`after ${idle} s idle`, server, metricsKey, idle === IDLE_S));
  }

  if (stats) {
    const s = stats;
    console.log(
      `  ${s.requests} responses (${(s.requests / LOAD_S).toFixed(0)}/s), ${(s.bytes / 1e6).toFixed(0)} MB of bodies, statuses ${JSON.stringify(s.statuses)}, ` +
        `${s.errors} errors, ${warnLines} warn log lines`,
    );
    console.log(
      `  by family (n, mean ms, mean KB): ${Object.entries(s.byFamily)
        .map(([f, v]) => `${f} ${v.n}, ${(v.ms / v.n).toFixed(0)}, ${(v.bytes / v.n / 1024).toFixed(0)}`)
        .join('; ')}`,
    );
    console.log(`  RSS/WASM resident MB every 5 s: ${timeline.join('  ')}`);
  }
  console.log();
  const last = readings.at(-1)!;
  const rss = [`at rest ${mb(readings[0]!.status.vmRss)}`];
  if (LOAD_S > 0) rss.push(`peak during load ${mb(peak)}`);
  for (const r of readings.slice(1)) rss.push(`${r.label} ${mb(r.status.vmRss)}`);
  rss.push(`high-water mark (whole life, start-up included) ${mb(last.status.vmHwm)}`);
  if (last.afterGcRss) rss.push(`after a forced full GC ${mb(last.afterGcRss)}`);
  console.log(`RSS MB: ${rss.join(', ')}`);
  if (!EXTERNAL)
    console.log(
      `PGlite WASM memory MB: at rest ${mb(readings[0]!.breakdown.wasmSize)}, largest ${mb(peakWasm)}, at the end ${mb(last.breakdown.wasmSize)}`,
    );
  console.log();
  const col = (r: Reading): string[] => {
    const b = r.breakdown;
    const p = r.probe?.before;
    return [
      mb(r.status.vmRss),
      mb(b.wasmSize),
      mb(b.wasmRss),
      mb(b.otherWasmRss),
      mb(b.v8),
      mb(b.mallocMain),
      mb(b.mallocArenas),
      mb(b.otherAnon),
      mb(b.files),
      mb(p?.heapTotal),
      ...SPACES.map(([, of]) => (p?.spaces ? mb(of(p.spaces)) : '?')),
      mb(p?.heapUsed),
      mb(p?.external),
      mb(p?.arrayBuffers),
      r.contexts ? mb(r.contexts.totalBytes) : '-',
      r.kept === null ? '-' : mb(r.kept),
    ];
  };
  const names = [
    'RSS',
    'WASM size',
    'WASM resident',
    'other WASM',
    'V8 pages (all threads)',
    'malloc main arena',
    'malloc thread arenas',
    'other anonymous',
    'files',
    'main heap total',
    ...SPACES.map(([name]) => name),
    'main heap used',
    'main external',
    'main arrayBuffers',
    'PG memory contexts',
    'kept answers (as JSON)',
  ];
  const rows: string[][] = [['MB', ...readings.map((r) => r.label)]];
  names.forEach((n, i) => rows.push([n, ...readings.map((r) => col(r)[i]!)]));
  if (last.probe?.afterGc) {
    const g = last.probe.afterGc;
    rows[0]!.push('after forced GC');
    const extra = [
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      mb(g.heapTotal),
      ...SPACES.map(([, of]) => mb(of(g.spaces))),
      mb(g.heapUsed),
      mb(g.external),
      mb(g.arrayBuffers),
      '',
      '',
    ];
    extra[0] = mb(last.afterGcRss);
    extra.forEach((v, i) => rows[i + 1]!.push(v));
  }
  console.log(table(rows));
  for (const r of readings) {
    if (r.contexts)
      console.log(
        `  PG contexts ${r.label}: ${r.contexts.top.map((c) => `${c.name}${c.ident ? `(${c.ident})` : ''} ${(c.totalBytes / MB).toFixed(1)}`).join(', ')}`,
      );
  }
  if (argv.json)
    writeFileSync(
      argv.json,
      JSON.stringify(
        { label, env: { ...env, NODE_OPTIONS: undefined }, readings, peak, peakWasm, stats, timeline },
        null,
        1,
      ),
    );
} catch (err) {
  console.error('bench:memory failed:', err);
  exitCode = 1;
} finally {
  for (const s of children) await s.dispose().catch(() => undefined);
  await external?.stop().catch(() => undefined);
  rmSync(probeDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
