// bench:stream — N SSE subscribers on `quotes` (connections spread over separate load processes) against the real
// server with the demo's simulated venues (30 instruments, one tick a second), then against a bare uWS process writing
// prebuilt bytes the same way: subscribers held, messages/s delivered, delay from tick to arrival, server RSS and CPU.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createInterface, type Interface } from 'node:readline';
import { createKey, ROOT, type ServerHandle, startServer } from '../harness/server.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const LOADERS = Number(process.env.BENCH_LOADERS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SETTLE_MS = 3000;
const children: ChildProcess[] = [];

interface Result {
  held: number;
  closed: number;
  messagesPerS: number;
  mbPerS: number;
  p50: number;
  p99: number;
  max: number;
  rssMb: number;
  rssPerSubscriberKb: number;
  cpuPct: number;
}

function proc(pid: number): { rssMb: number; cpuS: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rssMb: rssKb / 1024, cpuS: (Number(fields[11]) + Number(fields[12])) / 100 };
}

function lines(child: ChildProcess): Interface {
  return createInterface({ input: child.stdout! });
}

function next(reader: Interface, type: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onLine = (line: string) => {
      const message = JSON.parse(line) as Record<string, unknown>;
      if (message.type !== type) return;
      reader.off('line', onLine);
      resolve(message);
    };
    reader.on('line', onLine);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

async function measure(port: number, path: string, key: string, serverPid: number): Promise<Result> {
  const rss0 = proc(serverPid).rssMb;
  const loaders = Array.from({ length: LOADERS }, (_, k) => {
    const count = Math.floor(SUBSCRIBERS / LOADERS) + (k < SUBSCRIBERS % LOADERS ? 1 : 0);
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/stream-load.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        STREAM_PORT: String(port),
        STREAM_PATH: path,
        STREAM_COUNT: String(count),
        STREAM_KEY: key,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
    return { child, reader: lines(child) };
  });
  await Promise.all(loaders.map((l) => next(l.reader, 'connected')));
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const before = proc(serverPid);
  const t0 = performance.now();
  const results = loaders.map((l) => next(l.reader, 'result'));
  for (const l of loaders) l.child.stdin!.write(`measure ${SECONDS * 1000}\n`);
  const done = (await Promise.all(results)) as unknown as {
    open: number;
    closed: number;
    messages: number;
    bytes: number;
    delays: number[];
  }[];
  const elapsedS = (performance.now() - t0) / 1000;
  const after = proc(serverPid);
  for (const l of loaders) l.child.stdin!.write('quit\n');
  await Promise.all(loaders.map((l) => new Promise((r) => l.child.once('exit', r))));
  const delays = done.flatMap((d) => d.delays).sort((a, b) => a - b);
  const held = done.reduce((n, d) => n + d.open, 0);
  return {
    held,
    closed: done.reduce((n, d) => n + d.closed, 0),
    messagesPerS: done.reduce((n, d) => n + d.messages, 0) / SECONDS,
    mbPerS: done.reduce((n, d) => n + d.bytes, 0) / SECONDS / 1e6,
    p50: quantile(delays, 0.5),
    p99: quantile(delays, 0.99),
    max: delays.at(-1) ?? NaN,
    rssMb: after.rssMb,
    rssPerSubscriberKb: ((after.rssMb - rss0) * 1024) / Math.max(1, held),
    cpuPct: ((after.cpuS - before.cpuS) / elapsedS) * 100,
  };
}

async function startBare(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-stream.ts'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const line = await new Promise<string>((resolve) => lines(child).once('line', resolve));
  return { child, port: (JSON.parse(line) as { port: number }).port };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function row(label: string, r: Result): string {
  return [
    label.padEnd(9),
    fmt(r.held).padStart(7),
    fmt(r.closed).padStart(7),
    fmt(r.messagesPerS).padStart(11),
    fmt(r.mbPerS, 1).padStart(6),
    fmt(r.p50, 1).padStart(7),
    fmt(r.p99, 1).padStart(7),
    fmt(r.max, 1).padStart(8),
    fmt(r.rssMb).padStart(7),
    fmt(r.rssPerSubscriberKb, 1).padStart(10),
    fmt(r.cpuPct).padStart(6),
  ].join('  ');
}

let server: ServerHandle | null = null;
const cleanup = () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
process.on('exit', cleanup);
try {
  console.log(
    `bench:stream  ${new Date().toISOString()}  node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  ${fmt(SUBSCRIBERS)} subscribers on topics=quotes over ${LOADERS} load processes; ${SECONDS} s measured after all connected and ${SETTLE_MS / 1000} s settling`,
  );
  console.log(
    '  tapewire: the demo (30 instruments, one tick a second); bare: 30 prebuilt quotes a second written to every response',
  );
  server = await startServer({ env: { TAPEWIRE_DEMO: '1', STREAM_MAX_PER_KEY: '1000000', LOG_LEVEL: 'warn' } });
  const key = await createKey(server, 'bench', 100_000_000);
  const tapewire = await measure(server.port, '/v1/stream?topics=quotes', key, server.child.pid!);
  await server.dispose();
  server = null;
  const bare = await startBare();
  const ceiling = await measure(bare.port, '/v1/stream', '', bare.child.pid!);
  bare.child.kill('SIGTERM');

  console.log();
  console.log('server        held   closed  messages/s    MB/s  p50 ms  p99 ms   max ms  RSS MB  KB/subscr   CPU%');
  console.log(row('tapewire', tapewire));
  console.log(row('bare uWS', ceiling));
  console.log();
  console.log(
    `ratio tapewire/bare: messages/s ${fmt(tapewire.messagesPerS / ceiling.messagesPerS, 2)}, p99 ${fmt(tapewire.p99 / ceiling.p99, 2)}, ` +
      `CPU ${fmt(tapewire.cpuPct / ceiling.cpuPct, 2)}`,
  );
  console.log(
    `target: ${fmt(SUBSCRIBERS)} held with p99 under 50 ms: ${tapewire.held >= SUBSCRIBERS && tapewire.p99 < 50 ? 'met' : 'NOT met'}`,
  );
  console.log(
    "delay = arrival at the client - the quote's priceTs (its tick); measured on every 50th connection; CPU% of one core",
  );
} finally {
  await server?.dispose();
  cleanup();
}
