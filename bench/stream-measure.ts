// The measuring side of the stream benches (bench:stream, bench:ws, bench:cluster): load processes holding N
// subscribers of a stream (SSE or WebSocket), what the server did meanwhile (read from /proc), and the bare ceiling.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createInterface, type Interface } from 'node:readline';
import { ROOT } from '../harness/server.js';

/** How long the subscribers settle once all connected, before measuring. */
export const SETTLE_MS = 3000;
/** Every load process started, to kill when the bench ends however it ends. */
export const children: ChildProcess[] = [];

export interface Load {
  subscribers: number;
  loaders: number;
  seconds: number;
  /** Subscribe over WebSocket (bench/stream-load.ts speaks the upgrade) rather than SSE. */
  websocket?: boolean;
  /** Other processes whose CPU over the measured window is reported beside the server's, by name (bench:cluster). */
  alongside?: Record<string, readonly number[]>;
}

export interface Result {
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
  /** CPU% of one core of each group of `Load.alongside`. */
  alongsideCpuPct: Record<string, number>;
}

/** RSS and CPU time of a set of processes together (the api nodes of a cluster), or of one. */
export function proc(pids: number | readonly number[]): { rssMb: number; cpuS: number } {
  const sum = { rssMb: 0, cpuS: 0 };
  for (const pid of typeof pids === 'number' ? [pids] : pids) {
    const one = procOne(pid);
    sum.rssMb += one.rssMb;
    sum.cpuS += one.cpuS;
  }
  return sum;
}

function procOne(pid: number): { rssMb: number; cpuS: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rssMb: rssKb / 1024, cpuS: (Number(fields[11]) + Number(fields[12])) / 100 };
}

/** A run's first line: the bench, when, and the machine with its load. */
export function headline(name: string): string {
  const load = loadavg().map((x) => x.toFixed(2));
  return `${name}  ${new Date().toISOString()}  node ${process.version}, ${cpus().length} CPUs, load average ${load.join(' ')}`;
}

/** The bare uWS ceiling (bench/bare-stream.ts) on a port of its own, killed with the other children. */
export async function startBare(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-stream.ts'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const line = await new Promise<string>((resolve) => lines(child).once('line', resolve));
  return { child, port: (JSON.parse(line) as { port: number }).port };
}

export function lines(child: ChildProcess): Interface {
  return createInterface({ input: child.stdout! });
}

export function next(reader: Interface, type: string): Promise<Record<string, unknown>> {
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

export async function measure(
  port: number,
  path: string,
  key: string,
  serverPid: number | readonly number[],
  load: Load,
): Promise<Result> {
  const { subscribers: SUBSCRIBERS, loaders: LOADERS, seconds: SECONDS } = load;
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
        STREAM_WS: load.websocket ? '1' : '',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
    return { child, reader: lines(child) };
  });
  await Promise.all(loaders.map((l) => next(l.reader, 'connected')));
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const before = proc(serverPid);
  const groups = Object.entries(load.alongside ?? {});
  const groupsBefore = groups.map(([, pids]) => proc(pids).cpuS);
  const t0 = performance.now();
  const results = loaders.map((l) => next(l.reader, 'result'));
  for (const l of loaders) l.child.stdin!.write(`measure ${SECONDS * 1000}\n`);
  const done = (await Promise.all(results)) as unknown as {
    open: number;
    closed: number;
    errors: Record<string, number>;
    messages: number;
    bytes: number;
    delays: number[];
  }[];
  const elapsedS = (performance.now() - t0) / 1000;
  const after = proc(serverPid);
  const alongsideCpuPct = Object.fromEntries(
    groups.map(([name, pids], k) => [name, ((proc(pids).cpuS - groupsBefore[k]!) / elapsedS) * 100]),
  );
  for (const l of loaders) l.child.stdin!.write('quit\n');
  await Promise.all(loaders.map((l) => new Promise((r) => l.child.once('exit', r))));
  const delays = done.flatMap((d) => d.delays).sort((a, b) => a - b);
  const errors: Record<string, number> = {};
  for (const d of done) for (const [what, n] of Object.entries(d.errors)) errors[what] = (errors[what] ?? 0) + n;
  if (Object.keys(errors).length) console.error(`${path}: sockets failed: ${JSON.stringify(errors)}`);
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
    alongsideCpuPct,
  };
}
