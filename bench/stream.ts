// bench:stream — N SSE subscribers on `quotes` (connections spread over separate load processes) against the real
// server with the demo's simulated venues (30 instruments, one tick a second), then against a bare uWS process writing
// prebuilt bytes the same way: subscribers held, messages/s delivered, delay from tick to arrival, server RSS and CPU.
import { createKey, type ServerHandle, startServer } from '../harness/server.js';
import { children, headline, measure, type Result, SETTLE_MS, startBare } from './stream-measure.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const LOADERS = Number(process.env.BENCH_LOADERS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LOAD = { subscribers: SUBSCRIBERS, loaders: LOADERS, seconds: SECONDS };

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
  console.log(headline('bench:stream'));
  console.log(
    `  ${fmt(SUBSCRIBERS)} subscribers on topics=quotes over ${LOADERS} load processes; ${SECONDS} s measured after all connected and ${SETTLE_MS / 1000} s settling`,
  );
  console.log(
    '  tapewire: the demo (30 instruments, one tick a second); bare: 30 prebuilt quotes a second written to every response',
  );
  server = await startServer({ env: { TAPEWIRE_DEMO: '1', STREAM_MAX_PER_KEY: '1000000', LOG_LEVEL: 'warn' } });
  const key = await createKey(server, 'bench', 100_000_000);
  const tapewire = await measure(server.port, '/v1/stream?topics=quotes', key, server.child.pid!, LOAD);
  await server.dispose();
  server = null;
  const bare = await startBare();
  const ceiling = await measure(bare.port, '/v1/stream', '', bare.child.pid!, LOAD);
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
