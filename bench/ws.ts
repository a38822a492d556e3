// The WebSocket stream against SSE on one server, run by hand: N subscribers on `quotes` over /v1/stream, then N over
// /v1/ws, on the demo (30 instruments, one tick a second): messages delivered, delay from tick to arrival, and the
// server's CPU per delivered message, the cost the uWS pub/sub fan-out is meant to cut.
import { createKey, type ServerHandle, startServer } from '../harness/server.js';
import { children, headline, measure, type Result } from './stream-measure.js';

const LOAD = {
  subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? 1000),
  loaders: Number(process.env.BENCH_LOADERS ?? 2),
  seconds: Number(process.env.BENCH_SECONDS ?? 20),
};

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Microseconds of server CPU per message delivered to a subscriber. */
const perMessageUs = (r: Result) => (r.cpuPct / 100 / r.messagesPerS) * 1e6;

function row(label: string, r: Result): string {
  return [
    label.padEnd(10),
    fmt(r.held).padStart(6),
    fmt(r.closed).padStart(6),
    fmt(r.messagesPerS).padStart(11),
    fmt(r.p50, 1).padStart(7),
    fmt(r.p99, 1).padStart(7),
    fmt(r.rssMb).padStart(7),
    fmt(r.cpuPct, 1).padStart(6),
    fmt(perMessageUs(r), 2).padStart(10),
  ].join('  ');
}

let server: ServerHandle | null = null;
const cleanup = () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
process.on('exit', cleanup);
try {
  console.log(headline('bench/ws.ts'));
  console.log(
    `  ${fmt(LOAD.subscribers)} subscribers on quotes over ${LOAD.loaders} load processes, SSE and WebSocket one after the other on one server (${process.env.BENCH_FIRST === 'ws' ? 'WebSocket' : 'SSE'} first); ${LOAD.seconds} s measured each`,
  );
  server = await startServer({ env: { TAPEWIRE_DEMO: '1', STREAM_MAX_PER_KEY: '1000000', LOG_LEVEL: 'warn' } });
  const key = await createKey(server, 'bench', 100_000_000);
  const pid = server.child.pid!;
  // BENCH_FIRST=ws measures the WebSocket first, to tell the order's share of a difference.
  const sseRun = () => measure(server!.port, '/v1/stream?topics=quotes', key, pid, LOAD);
  const wsRun = () => measure(server!.port, '/v1/ws?topics=quotes', key, pid, { ...LOAD, websocket: true });
  const wsFirst = process.env.BENCH_FIRST === 'ws';
  const first = await (wsFirst ? wsRun() : sseRun());
  const second = await (wsFirst ? sseRun() : wsRun());
  const [sse, ws] = wsFirst ? [second, first] : [first, second];
  console.log();
  console.log('stream        held  closed  messages/s  p50 ms  p99 ms  RSS MB    CPU%  µs/message');
  console.log(row('SSE', sse));
  console.log(row('WebSocket', ws));
  console.log();
  console.log(
    `ratio WebSocket/SSE: CPU per delivered message ${fmt(perMessageUs(ws) / perMessageUs(sse), 2)}, p99 ${fmt(ws.p99 / sse.p99, 2)}`,
  );
  console.log(
    "delay = arrival at the client - the quote's priceTs (its tick); measured on every 50th connection; CPU% of one core",
  );
} finally {
  await server?.dispose();
  cleanup();
}
