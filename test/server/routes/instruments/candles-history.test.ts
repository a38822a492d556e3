// 1m candles older than memory come from the database; large candle bodies go out at the pace of a slow reader,
// without holding up other clients, and a reader that leaves mid-body is let go.

import { connect, type Socket } from 'node:net';
import t from 'tap';
import { startServer } from '../../../../harness/server.js';
import { clock } from '../../../../server/clock.js';

// One day of 1m and 1h candles in memory; the demo writes 1m bars from yesterday's midnight and 30 days of hours, so the
// older ones are only in the database.
const server = await startServer({
  env: { TAPEWIRE_DEMO: '1', MINUTE_BARS_MEMORY_DAYS: '1', HOUR_BARS_MEMORY_DAYS: '1' },
});
t.teardown(() => server.dispose());

const MINUTE = 60_000;
const DAY = 86_400_000;
const midnight = clock.now() - (clock.now() % DAY);
const yesterday = new Date(midnight - DAY).toISOString().slice(0, 10);

interface Candles {
  count: number;
  candles: { ts: string; open: number; close: number }[];
}
async function candles(query: string): Promise<Candles> {
  const res = await server.get(`/v1/instruments/BTC/candles?${query}`);
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Candles }).data;
}
const times = (d: Candles) => d.candles.map((c) => Date.parse(c.ts));

t.test('1m candles older than memory are read from the database, up to the open bar', async (t) => {
  const first = await candles(`interval=1m&from=${yesterday}&limit=30`);
  t.equal(first.count, 30);
  t.same(
    times(first),
    Array.from({ length: 30 }, (_, k) => midnight - DAY + k * MINUTE),
    'every minute from midnight',
  );

  const before = await candles(`interval=1m&to=${yesterday}T00:30:00Z`);
  t.equal(before.count, 31, 'the latest candles up to a past instant: 00:00 to 00:30');
  t.equal(times(before).at(-1), midnight - DAY + 30 * MINUTE);

  const asked = clock.now();
  const all = await candles(`interval=1m&from=${yesterday}&limit=20000`);
  const ts = times(all);
  t.ok(
    ts.every((x, k) => k === 0 || x > ts[k - 1]!),
    'ascending across the database and memory',
  );
  t.ok(all.count > 24 * 60, `more than the day memory holds (${all.count})`);
  // The open bar is the tick loop's: until the first tick of a new minute (a second at most) it is the minute before.
  // A minute may also turn while the request is answered.
  const openMinute = ts.at(-1)!;
  t.ok(openMinute >= asked - (asked % MINUTE) - MINUTE && openMinute <= clock.now(), 'the open minute last');
});

t.test('candles from memory equal those from the database where both answer', async (t) => {
  for (const interval of ['1m', '1h']) {
    const since = new Date(clock.now() - 6 * 3_600_000).toISOString();
    const fromDb = await candles(`interval=${interval}&from=${yesterday}&limit=20000`);
    const fromMemory = await candles(`interval=${interval}&from=${since}&limit=20000`);
    t.ok(fromMemory.count > 1);
    // Compared up to the older of the two open candles: they move, and a new one may open between the two requests.
    const open = Math.min(Date.parse(fromDb.candles.at(-1)!.ts), Date.parse(fromMemory.candles.at(-1)!.ts));
    const first = Date.parse(fromMemory.candles[0]!.ts);
    const closed = (d: Candles) => d.candles.filter((c) => Date.parse(c.ts) >= first && Date.parse(c.ts) < open);
    t.ok(closed(fromMemory).length > 0);
    t.same(closed(fromDb), closed(fromMemory), `${interval}: the same closed candles`);
  }
});

const PATH = '/v1/instruments/BTC/candles?interval=1m&limit=20000&from=2000-01-01';

/** A connection that sends requests but does not read, until `drain`. */
async function stalledClient(): Promise<{ socket: Socket; request(id: string): void; drain(): Promise<string> }> {
  const socket = connect(server.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.pause();
  return {
    socket,
    request: (id) => socket.write(`GET ${PATH} HTTP/1.1\r\nHost: test\r\nX-Request-Id: ${id}\r\n\r\n`),
    drain: () =>
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.resume();
        socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
        setTimeout(() => socket.end(), 1500);
      }),
  };
}

/**
 * Sends requests one at a time on a connection that is not read, until one cannot be written to the end (its access
 * log line, written when the last byte is handed to the socket, does not come); returns how many were sent.
 */
async function fillUntilBackedUp(client: Awaited<ReturnType<typeof stalledClient>>, prefix: string): Promise<number> {
  for (let k = 1; k <= 80; k++) {
    client.request(`${prefix}-${k}`);
    // Generous: on a loaded machine one 20,000-bar answer can take a second without being held back by the reader.
    const done = await server.waitForLog((l) => l.reqId === `${prefix}-${k}`, 3000).catch(() => null);
    if (!done) return k;
  }
  throw new Error('the socket never backed up');
}

t.test('a stalled reader gets its whole body once it reads, and does not hold up others', async (t) => {
  const client = await stalledClient();
  const sent = await fillUntilBackedUp(client, 'stall');
  // Were the server held by the stalled reader, this would never be answered: the reader reads only after it.
  // Uncompressed, so that it is written as the waiting answers are (below).
  const other = await server.get('/v1/instruments/ETH/candles?interval=1m&limit=20000&from=2000-01-01', {
    headers: { 'Accept-Encoding': 'identity' },
  });
  t.equal(other.status, 200, 'another client is served meanwhile');
  t.ok((await other.text()).length > 100_000);

  const raw = await client.drain();
  const bodies = raw
    .split('HTTP/1.1 200 OK\r\n')
    .slice(1)
    .map((r) => r.slice(r.indexOf('\r\n\r\n') + 4));
  t.equal(bodies.length, sent, `all ${sent} answers arrive`);
  // These answers (under 1 MiB) are copied whole into a buffer shared by all answers for their first write; the
  // other client's answer went through it while the last one waited, so any byte of its rest taken from there shows.
  const fresh = new Map(
    (await candles('interval=1m&limit=20000&from=2000-01-01')).candles.map((c) => [c.ts, JSON.stringify(c)]),
  );
  for (const body of bodies) {
    const { data } = JSON.parse(body) as { data: Candles };
    t.equal(data.count, data.candles.length);
    const closed = data.candles.slice(0, -1);
    t.ok(closed.length > 1000, `${closed.length} closed candles`);
    t.same(
      closed.filter((c) => JSON.stringify(c) !== fresh.get(c.ts)),
      [],
      'each as BTC has it',
    );
  }
  const line = await server.waitForLog((l) => l.reqId === `stall-${sent}`);
  t.ok((line.waitedMs as number) > 0, `the last one waited for the reader (${line.waitedMs} ms)`);
});

t.test('a reader that leaves mid-body is let go, and the server goes on', async (t) => {
  const client = await stalledClient();
  const sent = await fillUntilBackedUp(client, 'leave');
  client.socket.destroy();
  const line = await server.waitForLog((l) => l.reqId === `leave-${sent}`);
  t.equal(line.aborted, true);
  t.equal((await server.get('/v1/instruments/BTC')).status, 200);
});
