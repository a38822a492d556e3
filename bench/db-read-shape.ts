// One long candle read on a TimescaleDB server, two ways: `Db.columns`' one text of floats per column, and a cursor fetched
// in batches in array row mode (each batch parsed into the same Float64Array columns), alternating; CPU of this
// process and of the PostgreSQL backend per read. Needs a server holding the demo (a `bench:candles-db` run on it).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { OFFICIAL_SOURCES } from '../core/sources/history/official.js';
import { columnArraysSql, loadNamedQueries, parseFloatColumn } from '../server/db.js';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('bench:db-read-shape: set DATABASE_URL to a TimescaleDB server that holds the demo');
  process.exit(2);
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const READS = Number(process.env.BENCH_READS ?? 20);
const BATCHES = [2000, 5000];
const KEYS = ['ts', 'open', 'high', 'low', 'close', 'volume', 'venues'];
const QUERIES = ['candles1mFrom', 'candles1hFrom'];

/** utime + stime of a process in ms (Linux; the backend runs on this machine). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const named = loadNamedQueries();
const client = new pg.Client(url);
await client.connect();
const [btc] = (await client.query<{ id: number }>("SELECT id FROM instruments WHERE symbol = 'BTC'")).rows;
if (!btc) throw new Error('no BTC instrument: run bench:candles-db against this server first (it loads the demo)');
const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
const params: Record<string, unknown> = {
  id: btc.id,
  from: new Date('2000-01-01'),
  to: new Date('2100-01-01'),
  limit: 20_000,
  official: OFFICIAL_SOURCES,
};

async function viaArrays(name: string): Promise<number> {
  const { text, names } = named.get(name)!;
  const result = await client.query({
    text: columnArraysSql(text, KEYS),
    values: names.map((n) => params[n]),
    rowMode: 'array',
  });
  const columns = (result.rows[0] as (string | null)[]).map(parseFloatColumn);
  return columns[0]!.length;
}

async function viaCursor(name: string, batch: number): Promise<number> {
  const { text, names } = named.get(name)!;
  await client.query('BEGIN');
  await client.query({ text: `DECLARE bench NO SCROLL CURSOR FOR ${text}`, values: names.map((n) => params[n]) });
  let n = 0;
  for (;;) {
    const { rows } = await client.query({ text: `FETCH ${batch} FROM bench`, rowMode: 'array' });
    const columns = KEYS.map(() => new Float64Array(rows.length));
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as (number | string | null)[];
      for (let c = 0; c < KEYS.length; c++) columns[c]![i] = row[c] === null ? NaN : Number(row[c]);
    }
    n += rows.length;
    if (rows.length < batch) break;
  }
  await client.query('COMMIT');
  return n;
}

console.log(
  `bench:db-read-shape  ${new Date().toISOString()}  load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`  ${READS} reads per figure, ${ROUNDS} rounds alternating; one connection; CPU in ms per read`);
for (const name of QUERIES) {
  const ways: [string, () => Promise<number>][] = [
    ['array_agg per column', () => viaArrays(name)],
    ...BATCHES.map((b): [string, () => Promise<number>] => [`cursor, FETCH ${b}`, () => viaCursor(name, b)]),
  ];
  const figures = new Map<string, string[]>(ways.map(([label]) => [label, []]));
  let rows = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, read] of ways) {
      await read();
      const db0 = cpuMs(backend);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < READS; i++) rows = await read();
      const cpu = process.cpuUsage(cpu0);
      const wall = (performance.now() - t0) / READS;
      const own = (cpu.user + cpu.system) / 1000 / READS;
      figures
        .get(label)!
        .push(
          `${wall.toFixed(1)} wall, ${own.toFixed(1)} Node, ${((cpuMs(backend) - db0) / READS).toFixed(1)} PostgreSQL`,
        );
    }
  }
  console.log(`\n${name}: ${rows} rows`);
  for (const [label, runs] of figures) console.log(`  ${label.padEnd(22)} ${runs.join(' | ')}`);
}
console.log(
  `\nload average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await client.end();
