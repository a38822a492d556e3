// `npm run bench:write-shape`: the server CPU per response of one 3.3 MB candle answer written as one buffer (bare uWS),
// through `Exchange.send` (the server's path), each chunk as it is, and gathered into 256 KiB copies, in alternating
// rounds of a fixed number of responses, so that a busy machine slows all alike. CPU comes from /proc (10 ms ticks):
// hence hundreds of responses per round.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { cpuSeconds, fmt, table } from './measure.js';

const SHAPES = ['bare', 'exchange', 'as-is', 'gathered'] as const;
const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/write-shape-server.ts'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
try {
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const { port } = JSON.parse(line) as { port: number };
  const perShape = new Map<string, { us: number[]; sys: number[] }>(SHAPES.map((s) => [s, { us: [], sys: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const shape of SHAPES) {
      const url = `http://127.0.0.1:${port}/${shape}`;
      await autocannon({ url, connections: CONNECTIONS, amount: 3 * CONNECTIONS });
      const c0 = cpuSeconds(child.pid)!;
      const result = await autocannon({ url, connections: CONNECTIONS, amount: RESPONSES });
      const c1 = cpuSeconds(child.pid)!;
      const n = Math.max(1, result.requests.total);
      perShape.get(shape)!.us.push(((c1.user - c0.user + c1.sys - c0.sys) * 1e6) / n);
      perShape.get(shape)!.sys.push(((c1.sys - c0.sys) * 1e6) / n);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const bare = median(perShape.get('bare')!.us);
  console.log(
    `bench:write-shape  ${RESPONSES} responses per round, ${ROUNDS} rounds, ${CONNECTIONS} connections; median of the rounds`,
  );
  console.log(
    table([
      ['', 'CPU µs/resp', 'of it sys', 'rounds', 'ratio to bare'],
      ...SHAPES.map((s) => {
        const { us, sys } = perShape.get(s)!;
        return [
          s,
          fmt(median(us)),
          fmt(median(sys)),
          us.map((u) => fmt(u)).join(' / '),
          (median(us) / bare).toFixed(2),
        ];
      }),
    ]),
  );
} finally {
  child.kill('SIGTERM');
}
