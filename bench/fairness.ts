// bench:fairness — one key floods database-bound requests (full-text /v1/events questions, each new, so none is a kept
// answer) in waves and hangs up on each 20 ms after sending it, from a separate process, while another key asks its own
// new questions one after another: that key's latency with the flood, against the same key's latency without it in
// the same run (the ceiling). The flooder's answers are counted by status as far as they arrive before it hangs up.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { createKey, ROOT, startServer } from '../harness/server.js';

const WAVE = Number(process.env.BENCH_FLOOD ?? 600);
const WAVE_MS = Number(process.env.BENCH_WAVE_MS ?? 500);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
/** Sampling stops after this long however few samples it has: without a fair queue one answer can take minutes. */
const SAMPLE_S = Number(process.env.BENCH_SECONDS ?? 60);
const HANG_UP_MS = 20;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The flooding process: waves of WAVE requests, each on its own connection, until its stdin ends. */
async function flood(port: number, key: string): Promise<void> {
  const statuses = new Map<string, number>();
  let n = 0;
  let stop = false;
  process.stdin.on('end', () => (stop = true)).resume();
  while (!stop) {
    const wave = Array.from(
      { length: WAVE },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1');
          let status = 'none';
          socket.once('data', (d) => (status = d.toString('latin1', 9, 12)));
          socket.on('error', () => undefined);
          socket.write(
            `GET /v1/events?q=flood%20${n++} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\n\r\n`,
            () =>
              setTimeout(() => {
                socket.destroy();
                statuses.set(status, (statuses.get(status) ?? 0) + 1);
                resolve();
              }, HANG_UP_MS),
          );
        }),
    );
    await Promise.all([...wave, new Promise((r) => setTimeout(r, WAVE_MS))]);
  }
  console.log(JSON.stringify({ sent: n, ...Object.fromEntries(statuses) }));
}

/**
 * The other key's latency over SAMPLES new questions asked one after another (fewer if SAMPLE_S runs out), in ms,
 * sorted; an answer not back by the end of SAMPLE_S counts as 'timeout' with the time it waited.
 */
async function sample(
  url: string,
  key: string,
  tag: string,
): Promise<{ sorted: number[]; statuses: Record<string, number> }> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const deadline = performance.now() + SAMPLE_S * 1000;
  for (let i = 0; i < SAMPLES && performance.now() < deadline; i++) {
    const t0 = performance.now();
    let status: string;
    try {
      const res = await fetch(`${url}/v1/events?q=earnings%20${tag}${i}`, {
        headers: { authorization: `Bearer ${key}` },
        signal: AbortSignal.timeout(Math.max(1, Math.floor(deadline - t0))),
      });
      await res.arrayBuffer();
      status = String(res.status);
    } catch {
      status = 'timeout';
    }
    times.push(performance.now() - t0);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { sorted: times.sort((a, b) => a - b), statuses };
}

async function main(): Promise<void> {
  const server = await startServer({ env: { TAPEWIRE_DEMO: '1', LOG_LEVEL: 'warn' } });
  try {
    const flooder = await createKey(server, 'flooder', 100_000_000);
    const other = await createKey(server, 'other', 100_000_000);
    console.log(
      `bench:fairness  ${new Date().toISOString()}  node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `  flood: waves of ${WAVE} new /v1/events questions every ${WAVE_MS} ms, each hung up ${HANG_UP_MS} ms after sending; other key: ${SAMPLES} new questions in a row (at most ${SAMPLE_S} s)`,
    );
    const quiet = await sample(server.url, other, 'quiet');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/fairness.ts', '--flood', String(server.port), flooder],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    // The flooder may end first (a crash is reported on its stderr); ending its stdin must not end this process.
    child.stdin!.on('error', () => undefined);
    let floodReport = '';
    child.stdout!.on('data', (d) => (floodReport += d));
    await new Promise((r) => setTimeout(r, 1000));
    const flooded = await sample(server.url, other, 'flooded');
    child.stdin!.end();
    await new Promise((r) => child.on('exit', r));
    const row = (name: string, s: { sorted: number[]; statuses: Record<string, number> }) =>
      `${name.padEnd(14)}${String(s.sorted.length).padStart(8)}${quantile(s.sorted, 0.5).toFixed(1).padStart(9)}${quantile(s.sorted, 0.99).toFixed(1).padStart(10)}${s.sorted.at(-1)!.toFixed(1).padStart(10)}   ${JSON.stringify(s.statuses)}`;
    console.log();
    console.log('other key      samples   p50 ms    p99 ms    max ms   statuses');
    console.log(row('no flood', quiet));
    console.log(row('during flood', flooded));
    console.log(`flooder's answers before hanging up, by status: ${floodReport.trim()}`);
    console.log(
      `ratio (p99 during the flood / p99 without it): ${(quantile(flooded.sorted, 0.99) / quantile(quiet.sorted, 0.99)).toFixed(2)}`,
    );
  } finally {
    await server.dispose();
  }
}

if (process.argv[2] === '--flood') await flood(Number(process.argv[3]), process.argv[4]!);
else await main();
