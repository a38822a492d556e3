// bench:ingest — what live venue data costs the main thread. (a) Binance USD-M frames (the 24h ticker and the mark
// price of the live crypto set's eight perpetuals, in the venue's own format) streamed from a local venue as fast as
// the socket takes them, read by the real connector (its WebSocket, the parser, the merge into the listings' latest
// quotes) and pooled every second on this thread: messages per second, against a bare WebSocket client that only
// takes the same frames (the ceiling), in alternating rounds. (b) The p99 of GET /v1/instruments/BTC on the real
// server, started on a sources file pointing its Binance perpetuals at that venue, while it streams 5,000 messages a
// second, against the same server with the venue silent, in the same run.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import WebSocket from 'ws';
import { allocatePoolOutput, poolQuotes } from '../core/kernels/pool.js';
import type { SourcesFile } from '../core/schemas/sources.js';
import { allocateVenueQuotes } from '../core/sources/records.js';
import { venueNamed } from '../core/sources/venues/index.js';
import { connectionPlans } from '../core/sources/venues/protocol.js';
import { fixtureFrames } from '../harness/realdata.js';
import { createKey, ROOT, type ServerHandle, startServer } from '../harness/server.js';
import { retime } from '../harness/venue-replay.js';
import { VenueClient } from '../server/feeds/venues/venue-client.js';
import { SourceHealth } from '../server/services/read/source-health.js';
import { cpuSeconds, fmt, HEADER, load, type Measured, row, table } from './measure.js';
import { intOption } from './options.js';
import { watchdog } from './watchdog.js';

const { values: argv } = parseArgs({
  options: {
    rate: { type: 'string' },
    rounds: { type: 'string' },
    'round-seconds': { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
  },
});
if (argv.only !== undefined && argv.only !== 'a' && argv.only !== 'b') {
  console.error(
    `--only: expected a (the connector alone) or b (the server under ingest), got ${JSON.stringify(argv.only)}`,
  );
  process.exit(2);
}

/** Messages a second streamed to the server in (b). */
const RATE = intOption('rate', argv.rate, 'BENCH_INGEST_RATE', 5000, 1, 1_000_000);
/** Rounds of each side: (a) connector then bare client, (b) ingest then idle. */
const ROUNDS = intOption('rounds', argv.rounds, 'BENCH_ROUNDS', 3, 1, 20);
const ROUND_S = intOption('round-seconds', argv['round-seconds'], 'BENCH_ROUND_SECONDS', 3, 1, 60);
const loadOptions = {
  duration: intOption('duration', argv.duration, 'BENCH_DURATION', 10, 1, 600),
  warmup: intOption('warmup', argv.warmup, 'BENCH_WARMUP', 2, 0, 60),
  connections: intOption('connections', argv.connections, 'BENCH_CONNECTIONS', 100, 1, 10_000),
  pipelining: 1,
};
// The venue goes silent between ingest rounds; a connection silent for this long is dropped and made again.
if (loadOptions.warmup + loadOptions.duration + 5 >= 30) {
  console.error('--warmup plus --duration must stay under 25 s: Binance connections silent for 30 s are reconnected');
  process.exit(2);
}

const BINANCE = venueNamed('binance')!;
const MARKET = 'perp';
const TICK_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const silent = pino({ level: 'silent' });

const live = JSON.parse(readFileSync(join(ROOT, 'tapewire.sources.live-crypto.json'), 'utf8')) as SourcesFile;
const isListing = (l: { venue: string; market: string }) => l.venue === 'binance' && l.market === MARKET;
const SYMBOLS = live.instruments.flatMap((i) => i.listings.filter(isListing).map((l) => l.venueSymbol));

/**
 * The venue's session for the eight symbols: the fixture's acknowledgement, then per symbol a 24h ticker and a mark
 * price frame made from the fixture's BTC frames (raw stream form) or ETH frames (combined stream form), alternately.
 */
function venueSession(): { acks: string[]; frames: string[] } {
  const lines = fixtureFrames(`venues/binance/${MARKET}-frames.jsonl`);
  const acks = lines.filter((l) => BINANCE.parseFrame(l, MARKET).updates.length === 0);
  const forms = ['BTCUSDT', 'ETHUSDT'].map((s) => ({
    symbol: s,
    lines: lines.filter((l) => l.includes(`"s":"${s}"`)),
  }));
  const now = Date.now();
  const frames = SYMBOLS.flatMap((symbol, k) => {
    const form = forms[k % 2]!;
    return form.lines.map((l) =>
      retime(l, now, 0).replaceAll(form.symbol, symbol).replaceAll(form.symbol.toLowerCase(), symbol.toLowerCase()),
    );
  });
  for (const f of frames) {
    const { updates, skipped } = BINANCE.parseFrame(f, MARKET);
    if (updates.length !== 1 || skipped.length)
      throw new Error(`a session frame does not read as one update: ${f.slice(0, 120)}`);
  }
  return { acks, frames };
}

const children: ChildProcess[] = [];
let server = null as ServerHandle | null;
const dir = mkdtempSync(join(tmpdir(), 'tw-ingest-'));
const sessionFile = join(dir, 'session.json');

interface Pusher {
  child: ChildProcess;
  wsUrl: string;
  restUrl: string;
  rate(perSecond: number | 'max'): void;
}

async function startPusher(): Promise<Pusher> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/venue-pusher.ts'], {
    cwd: ROOT,
    env: { ...process.env, PUSH_SESSION_FILE: sessionFile },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line'),
    once(child, 'exit').then(() => {
      throw new Error('the venue pusher exited before listening');
    }),
  ])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return {
    child,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    restUrl: `http://127.0.0.1:${port}`,
    rate: (perSecond) => child.stdin!.write(`rate ${perSecond}\n`),
  };
}

interface Window {
  perSecond: number;
  /** This thread's event loop busy share, and this process's CPU (of one core), during the window. */
  elu: number;
  cpu: number;
  /** The pusher's CPU: near 100% means it, not the reader, set the pace. */
  pusherCpu: number;
}

/** Counts what `count` reads over ROUND_S seconds, once the first message came and a second of warm-up passed. */
async function window(count: () => number, pusher: Pusher): Promise<Window> {
  while (count() === 0) await sleep(20);
  await sleep(1000);
  const n0 = count();
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const p0 = cpuSeconds(pusher.child.pid);
  const t0 = performance.now();
  await sleep(ROUND_S * 1000);
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const p1 = cpuSeconds(pusher.child.pid);
  return {
    perSecond: (count() - n0) / wall,
    elu: performance.eventLoopUtilization(elu0).utilization,
    cpu: (cpu.user + cpu.system) / 1e6 / wall,
    pusherCpu: p0 && p1 ? (p1.user + p1.sys - p0.user - p0.sys) / wall : NaN,
  };
}

/** The real connector on this thread, its quotes polled and pooled every second as the tick loop does. */
async function connectorRound(pusher: Pusher): Promise<Window> {
  const health = new SourceHealth(`binance-${MARKET}`, 'venue', 60_000);
  const listings = SYMBOLS.map((venueSymbol, index) => ({
    index,
    venueSymbol,
    quote: 'USDT',
    fundingIntervalHours: 8,
    usdPerQuote: () => 1,
  }));
  const client = new VenueClient(BINANCE, MARKET, listings, {
    wsUrl: pusher.wsUrl,
    restUrl: pusher.restUrl,
    log: silent,
    health,
  });
  const n = listings.length;
  const quotes = allocateVenueQuotes(n);
  const out = allocatePoolOutput(n, n);
  // One instrument per listing: this connector is each one's only venue.
  const offsets = Int32Array.from({ length: n + 1 }, (_, i) => i);
  let last = Date.now();
  const ticker = setInterval(() => {
    const now = Date.now();
    client.poll(now, (now - last) / 1000, quotes);
    last = now;
    poolQuotes(
      { offsets, prices: quotes.price, volumes: quotes.volume24hUsd, ts: quotes.ts },
      { nowMs: now, staleMs: 60_000, band: 0.02 },
      out,
    );
  }, TICK_MS);
  client.start();
  const measured = await window(() => health.messages, pusher);
  clearInterval(ticker);
  await client.stop();
  if (!(out.price[0]! > 0) || health.errors > 2)
    throw new Error(`the connector pooled no BTC price (${health.errors} errors)`);
  return measured;
}

/** A WebSocket client that takes the same frames and does nothing with them: the ceiling. */
async function bareRound(pusher: Pusher): Promise<Window> {
  const ws = new WebSocket(pusher.wsUrl);
  let n = 0;
  ws.on('message', (data, isBinary) => {
    // What the connector's connection does before its parser: the frame as text.
    if (!isBinary && data.toString().length) n++;
  });
  await once(ws, 'open');
  for (const frame of connectionPlans(BINANCE, MARKET, SYMBOLS, pusher.wsUrl)[0]!.subscribe) ws.send(frame);
  const measured = await window(() => n, pusher);
  ws.terminate();
  return measured;
}

/** The server's count of messages from the venue, from /metrics. */
async function serverMessages(key: string): Promise<number> {
  const text = await (await server!.get('/metrics', { key })).text();
  const line = text.split('\n').find((l) => l.startsWith(`tapewire_source_messages_total{source="binance-${MARKET}"`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

function killAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}

const budgetMs =
  (ROUNDS * 2 * (ROUND_S + 3) + ROUNDS * 2 * (loadOptions.warmup + loadOptions.duration + 5) + 900) * 1000;
watchdog('bench:ingest', budgetMs, killAll, () => server?.dispose());

let exitCode = 0;
try {
  console.log(`bench:ingest  ${new Date().toISOString()}`);
  console.log(
    `  node ${process.version}, ${cpus().length} CPUs; load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const session = venueSession();
  writeFileSync(sessionFile, JSON.stringify(session));
  console.log(
    `  Binance USD-M session: ${SYMBOLS.length} perpetuals (${SYMBOLS.join(', ')}), ${session.frames.length} frames a round (24h ticker and mark price each), ${fmt(session.frames.reduce((s, f) => s + f.length, 0) / session.frames.length)} bytes a frame`,
  );

  if (argv.only !== 'b') await partA();
  if (argv.only !== 'a') await partB();
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} catch (err) {
  console.error('bench:ingest failed:', err);
  exitCode = 1;
} finally {
  await server?.dispose().catch(() => undefined);
  killAll();
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = exitCode;

/** (a) One connector on this thread, as fast as the venue's socket delivers, against a bare client of the same venue. */
async function partA(): Promise<void> {
  const pusher = await startPusher();
  pusher.rate('max');
  const connector: Window[] = [];
  const bare: Window[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    connector.push(await connectorRound(pusher));
    bare.push(await bareRound(pusher));
  }
  pusher.child.stdin!.end();
  const pct = (x: number) => `${fmt(x * 100)}%`;
  console.log();
  console.log(
    `(a) one connector on the main thread: ${ROUNDS} alternating rounds of ${ROUND_S} s (after 1 s of warm-up), medians; quotes pooled every ${TICK_MS} ms`,
  );
  console.log(
    '| reader | messages/s | messages per CPU second | main thread busy (ELU) | process CPU | venue pusher CPU |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  // Per CPU second still compares when the pusher, not the reader, set the pace (its CPU near 100%).
  const perCpu = (ws: Window[]) => median(ws.map((w) => w.perSecond / w.cpu));
  for (const [name, ws] of [
    ['connector: WebSocket, parse, merge, pool', connector],
    ['bare WebSocket client (ceiling)', bare],
  ] as const) {
    console.log(
      `| ${name} | ${fmt(median(ws.map((w) => w.perSecond)))} | ${fmt(perCpu(ws))} | ${pct(median(ws.map((w) => w.elu)))} | ${pct(median(ws.map((w) => w.cpu)))} | ${pct(median(ws.map((w) => w.pusherCpu)))} |`,
    );
  }
  const rateRatio = median(connector.map((w) => w.perSecond)) / median(bare.map((w) => w.perSecond));
  console.log(
    `ratio connector/bare: messages/s ${rateRatio.toFixed(2)}, messages per CPU second ${(perCpu(connector) / perCpu(bare)).toFixed(2)}; ` +
      `each round: ${connector.map((w) => fmt(w.perSecond)).join(', ')} against ${bare.map((w) => fmt(w.perSecond)).join(', ')} messages/s`,
  );
}

/** (b) The real server on a sources file pointing its Binance perpetuals at a fresh venue. */
async function partB(): Promise<void> {
  const venue = await startPusher();
  const file: SourcesFile = {
    description: 'bench:ingest: the live crypto set on Binance USD-M alone, from a local venue; USDT taken at 1 USD',
    instruments: live.instruments
      .filter((i) => i.listings.some(isListing))
      .map((i) => ({ ...i, listings: i.listings.filter(isListing) })),
    quotes: { USDT: { fixed: 1 } },
    endpoints: { binance: { [MARKET]: { wsUrl: venue.wsUrl, restUrl: venue.restUrl } } },
  };
  writeFileSync(join(dir, 'sources.json'), JSON.stringify(file));
  // Quotes stay in the pool while the venue is silent: the idle answer is the same size as the busy one.
  server = await startServer({
    env: { TAPEWIRE_SOURCES: join(dir, 'sources.json'), POOL_STALE_S: '600', LOG_LEVEL: 'info' },
    readyDeadlineMs: 600_000,
  });
  children.push(server.child);
  // The access log is counted, not parsed: a deployment hands stdout to another process.
  server.child.stdout!.removeAllListeners('data');
  server.child.stdout!.on('data', () => undefined);
  const key = await createKey(server, 'bench', 100_000_000, 'read,metrics');
  const headers = { authorization: `Bearer ${key}` };
  venue.rate(100);
  for (;;) {
    const btc = (await (await server.get('/v1/instruments/BTC', { key })).json()) as { data: { price: number | null } };
    if (btc.data.price) break;
    await sleep(200);
  }
  const url = `${server.url}/v1/instruments/BTC`;
  const runs: { label: string; m: Measured; ingested: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const busy of [true, false]) {
      venue.rate(busy ? RATE : 0);
      await sleep(1000);
      const m0 = await serverMessages(key);
      const t0 = performance.now();
      const m = await load(
        busy ? `ingest ${fmt(RATE)} msg/s` : 'idle',
        { url, headers },
        server.child.pid,
        loadOptions,
      );
      const ingested = ((await serverMessages(key)) - m0) / ((performance.now() - t0) / 1000);
      runs.push({ label: busy ? 'ingest' : 'idle', m, ingested });
    }
  }
  venue.child.stdin!.end();
  console.log();
  console.log(
    `(b) GET /v1/instruments/BTC, ${loadOptions.connections} connections, ${loadOptions.warmup} s warm-up then ${loadOptions.duration} s measured, ` +
      `LOG_LEVEL=info; ${ROUNDS} rounds of ingest at ${fmt(RATE)} messages/s then idle`,
  );
  console.log(table([[...HEADER, 'msg/s in'], ...runs.map(({ m, ingested }) => [...row(m), fmt(ingested)])]));
  const of = (label: string, read: (m: Measured) => number | null) =>
    median(runs.filter((x) => x.label === label).map((x) => read(x.m) ?? NaN));
  const ratio = (read: (m: Measured) => number | null) => (of('ingest', read) / of('idle', read)).toFixed(2);
  console.log(
    `ratio ingest/idle (medians): p99 ${ratio((m) => m.p99)} (${fmt(
      of('ingest', (m) => m.p99),
      2,
    )} against ${fmt(
      of('idle', (m) => m.p99),
      2,
    )} ms), ` +
      `req/s ${ratio((m) => m.result.requests.mean)}, server CPU per response ${ratio((m) => m.serverUsPerResponse)}`,
  );
}
