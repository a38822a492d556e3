// bench:cluster — the scale-out on this machine, run by hand: `tapewire cluster` on a copy of the demo with a
// redis-server of its own, with one api node and then with two. On each: /v1/meta under autocannon (req/s, CPU per
// response summed over the api nodes); N SSE subscribers on quotes, then N WebSocket subscribers (delay from tick to
// arrival, CPU per delivered message over the api nodes, and what the leader, the database and Redis spent meanwhile);
// on the two-node cluster, the leader killed outright and the time until every node's streams carry quotes again.
// Then the ceiling in the same run: bare uWS writing the same messages from one process.
import { type Parts, type RunningCluster, startCluster } from './cluster-run.js';
import { type Failover, measureFailover } from './failover.js';
import { load } from './measure.js';
import { intOption } from './options.js';
import { children, headline, measure, proc, type Result, startBare } from './stream-measure.js';

const SUBSCRIBERS = intOption('subscribers', undefined, 'BENCH_SUBSCRIBERS', 10_000, 1, 100_000);
const STREAM = {
  subscribers: SUBSCRIBERS,
  loaders: intOption('loaders', undefined, 'BENCH_LOADERS', 2, 1, 16),
  seconds: intOption('seconds', undefined, 'BENCH_SECONDS', 20, 1, 600),
};
const META = {
  connections: intOption('connections', undefined, 'BENCH_CONNECTIONS', 100, 1, 10_000),
  pipelining: 1,
  warmup: 2,
  duration: intOption('duration', undefined, 'BENCH_DURATION', 10, 1, 600),
};
const API_COUNTS = (process.env.BENCH_APIS ?? '1,2').split(',').map(Number);
const ENV = { STREAM_MAX_PER_KEY: '1000000', LOG_LEVEL: 'info', RATE_LIMIT_ANON_RPM: '100000000' };

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';
/** Microseconds of CPU per message delivered to a subscriber. */
const perMessageUs = (cpuPct: number, r: Result) => (cpuPct / 100 / r.messagesPerS) * 1e6;

interface StreamRow {
  label: string;
  kind: 'SSE' | 'WebSocket';
  r: Result;
}

interface MetaRow {
  label: string;
  reqPerS: number;
  p99: number;
  apiCpuPct: number;
  usPerResponse: number;
}

async function metaLoad(label: string, cluster: RunningCluster, parts: Parts): Promise<MetaRow> {
  let cpu0 = 0;
  const m = await load(
    label,
    { url: `http://127.0.0.1:${cluster.port}/v1/meta`, headers: { authorization: `Bearer ${cluster.key}` } },
    undefined,
    META,
    () => (cpu0 = proc(parts.api).cpuS),
  );
  const cpuS = proc(parts.api).cpuS - cpu0;
  return {
    label,
    reqPerS: m.result.requests.total / m.wall,
    p99: m.p99,
    apiCpuPct: (cpuS / m.wall) * 100,
    usPerResponse: (cpuS * 1e6) / Math.max(1, m.result.requests.total),
  };
}

async function streams(label: string, port: number, key: string, pids: Parts | number[]): Promise<StreamRow[]> {
  const api = Array.isArray(pids) ? pids : pids.api;
  const alongside: Record<string, readonly number[]> = Array.isArray(pids)
    ? {}
    : { leader: pids.leader, standby: pids.standby, database: pids.database, redis: pids.redis };
  const rows: StreamRow[] = [];
  for (const websocket of [false, true]) {
    const path = websocket ? '/v1/ws?topics=quotes' : '/v1/stream?topics=quotes';
    const r = await measure(port, path, key, api, { ...STREAM, websocket, alongside });
    rows.push({ label, kind: websocket ? 'WebSocket' : 'SSE', r });
  }
  return rows;
}

function printStreams(rows: StreamRow[]): void {
  console.log(
    'stream                      held  closed  messages/s  p50 ms  p99 ms  api CPU%  µs/message  leader%  standby%  database%  redis%',
  );
  for (const { label, kind, r } of rows) {
    const a = r.alongsideCpuPct;
    console.log(
      [
        `${label} ${kind}`.padEnd(24),
        fmt(r.held).padStart(7),
        fmt(r.closed).padStart(6),
        fmt(r.messagesPerS).padStart(10),
        fmt(r.p50, 1).padStart(6),
        fmt(r.p99, 1).padStart(6),
        fmt(r.cpuPct, 1).padStart(8),
        fmt(perMessageUs(r.cpuPct, r), 2).padStart(10),
        fmt(a.leader ?? NaN, 1).padStart(7),
        fmt(a.standby ?? NaN, 1).padStart(8),
        fmt(a.database ?? NaN, 1).padStart(9),
        fmt(a.redis ?? NaN, 1).padStart(6),
      ].join('  '),
    );
  }
}

function printFailover(f: Failover): void {
  console.log(
    `failover (2 api nodes, leader SIGKILLed): /v1/meta lists the new leader after ${fmt((f.newLeaderMs ?? NaN) / 1000, 1)} s; ` +
      `streams dropped: ${f.dropped}`,
  );
  for (const n of f.byNode)
    console.log(
      `  ${n.node}: ${n.streams} streams, all carrying quotes ticked after the kill within ${n.resumedMs === null ? 'NOT within 30' : fmt(n.resumedMs / 1000, 1)} s`,
    );
}

const cleanup = () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
process.on('exit', cleanup);
let running: RunningCluster | null = null;
try {
  console.log(headline('bench:cluster'));
  console.log(
    `  tapewire cluster --api ${API_COUNTS.join(', then ')} on the demo (30 instruments, one tick a second); ${fmt(SUBSCRIBERS)} subscribers ` +
      `over ${STREAM.loaders} load processes, ${STREAM.seconds} s measured; /v1/meta: ${META.connections} connections, ${META.duration} s`,
  );
  const streamRows: StreamRow[] = [];
  const metaRows: MetaRow[] = [];
  let failover: Failover | null = null;
  for (const apis of API_COUNTS) {
    const label = `${apis} api node${apis === 1 ? '' : 's'}`;
    running = await startCluster(apis, ENV);
    const parts = await running.parts();
    metaRows.push(await metaLoad(label, running, parts));
    streamRows.push(...(await streams(label, running.port, running.key, parts)));
    if (apis > 1) failover = await measureFailover(running);
    await running.stop();
    running = null;
  }
  const bare = await startBare();
  streamRows.push(...(await streams('bare uWS', bare.port, '', [bare.child.pid!])));
  bare.child.kill('SIGTERM');

  console.log();
  console.log('/v1/meta        req/s  p99 ms  api CPU%  µs/response (api nodes)');
  for (const m of metaRows)
    console.log(
      `${m.label.padEnd(12)}${fmt(m.reqPerS).padStart(9)}${fmt(m.p99, 2).padStart(8)}${fmt(m.apiCpuPct).padStart(10)}${fmt(m.usPerResponse, 1).padStart(10)}`,
    );
  console.log();
  printStreams(streamRows);
  console.log();
  for (const kind of ['SSE', 'WebSocket'] as const) {
    const bareRow = streamRows.find((s) => s.label === 'bare uWS' && s.kind === kind)!;
    const ceiling = perMessageUs(bareRow.r.cpuPct, bareRow.r);
    const ratios = streamRows
      .filter((s) => s.kind === kind && s !== bareRow)
      .map((s) => `${s.label} ${fmt(perMessageUs(s.r.cpuPct, s.r) / ceiling, 2)}`);
    console.log(`ratio to bare uWS, ${kind} CPU per delivered message: ${ratios.join(', ')}`);
  }
  if (failover) printFailover(failover);
  console.log(
    "delay = arrival at the client - the quote's priceTs (its tick on the leader); sampled on every 50th connection; CPU% of one core",
  );
} finally {
  await running?.stop();
  cleanup();
}
