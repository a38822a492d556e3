// A scale-out on this machine, as `tapewire cluster` runs it, with real processes: a redis-server of the test's own, the
// embedded database in its process, the ingest leader and its standby, and two api nodes sharing one port. Answers
// come from both nodes; a key made by the keys command gets its rate limit across both; a stream opened on one (SSE,
// then WebSocket) resumes on the other with no gap and no duplicate; an import reaches both; the leader killed
// outright, the standby leads, quotes flow again within 10 s and BTC's 1m candles have no hole; Redis killed and
// started again empty, HTTP keeps answering and the market moves again.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Agent, type IncomingMessage, request } from 'node:http';
import t from 'tap';
import { TEST_V8_FLAGS } from '../../harness/child-env.js';
import { NO_REDIS, type RedisHandle, startRedis } from '../../harness/redis.js';
import { demoDataDir, EXIT_WITH_PARENT, ROOT, runCli } from '../../harness/server.js';
import { clock } from '../../server/clock.js';
import { freePort } from '../../server/free-port.js';
import { connect, type SocketClient } from '../helpers/ws.js';

const READY_MS = 180_000;
// Seven processes on two cores, with a demo template to make first on a fresh run: more than the 300 s a file gets
// (test/run.ts) on a slow CI machine, though about 65 s on a quiet one.
t.setTimeout(900_000);

interface Answer {
  status: number;
  node: string;
  body: string;
}

/** One request on a connection of its own, so that the kernel may hand it to either node. */
function get(port: number, path: string, key?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = key ? { Authorization: `Bearer ${key}` } : {};
    const req = request({ port, host: '127.0.0.1', path, agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, node: String(res.headers['x-tapewire-node']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request until node `node` (or another than `not`) answers it: a new connection lands on either. */
async function getFrom(port: number, path: string, want: { node?: string; not?: string }): Promise<Answer> {
  for (let k = 0; k < 200; k++) {
    const a = await get(port, path);
    if (want.node ? a.node === want.node : a.node !== want.not) return a;
  }
  throw new Error(`no answer from ${JSON.stringify(want)} in 200 connections`);
}

interface Frame {
  id: string;
  event: string;
  data: string;
}

/**
 * An SSE stream on node `want` (or not on `not`), its frames as they come. A connection is first asked /ready, which
 * names its node, and carries the stream only when it is the node wanted: no stream is opened elsewhere on the way.
 */
async function stream(
  port: number,
  path: string,
  want: { node?: string; not?: string },
  lastEventId?: string,
): Promise<{ node: string; frames: Frame[]; close(): void }> {
  for (let k = 0; k < 200; k++) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (p: string, headers: Record<string, string> = {}) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', path: p, agent, headers });
        req.on('response', resolve);
        req.on('error', reject);
        req.end();
      });
    const probe = await ask('/ready');
    probe.resume();
    await new Promise((r) => probe.on('end', r));
    const node = String(probe.headers['x-tapewire-node']);
    if (want.node ? node !== want.node : node === want.not) {
      agent.destroy();
      continue;
    }
    const res = await ask(path, lastEventId ? { 'Last-Event-ID': lastEventId } : {});
    if (res.statusCode !== 200 || res.headers['x-tapewire-node'] !== node)
      throw new Error(`the stream on ${node} answered ${res.statusCode} from ${res.headers['x-tapewire-node']}`);
    const frames: Frame[] = [];
    let rest = '';
    res.setEncoding('utf8');
    res.on('data', (d: string) => {
      const parts = (rest + d).split('\n\n');
      rest = parts.pop()!;
      for (const part of parts) {
        const f: Frame = { id: '', event: 'message', data: '' };
        for (const line of part.split('\n')) {
          if (line.startsWith('id: ')) f.id = line.slice(4);
          else if (line.startsWith('event: ')) f.event = line.slice(7);
          else if (line.startsWith('data: ')) f.data += line.slice(6);
        }
        if (f.id) frames.push(f);
      }
    });
    res.on('error', () => undefined);
    return {
      node,
      frames,
      close: () => {
        res.destroy();
        agent.destroy();
      },
    };
  }
  throw new Error(`no stream from ${JSON.stringify(want)} in 200 connections`);
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = clock.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (clock.now() > deadline) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A WebSocket on node `node`: sockets are opened until the kernel hands one to it (its 101 names the node). */
async function socketOn(port: number, node: string, query: string): Promise<SocketClient> {
  for (let k = 0; k < 200; k++) {
    const client = connect(`ws://127.0.0.1:${port}/v1/ws${query}`);
    const named = new Promise<string>((resolve) =>
      client.ws.once('upgrade', (res) => resolve(String(res.headers['x-tapewire-node']))),
    );
    await client.opened;
    if ((await named) === node) return client;
    client.close();
  }
  throw new Error(`no WebSocket on ${node} in 200 connections`);
}

interface ClusterNode {
  id: string;
  role: string;
  pid: number;
  leader: boolean;
}

const nodesOf = (a: Answer) => (JSON.parse(a.body).data.cluster?.nodes ?? []) as ClusterNode[];
const priceTs = (a: Answer) => Date.parse((JSON.parse(a.body).data as { priceTs: string }).priceTs);

t.test('a cluster of two api nodes, a leader and a standby', { skip: NO_REDIS }, async (t) => {
  const redis: RedisHandle = await startRedis();
  t.teardown(() => redis.stop());
  const dataDir = await demoDataDir();
  const port = await freePort();
  let stderr = '';
  const cluster: ChildProcess = spawn(
    process.execPath,
    // The cluster ends (and stops what it started) with this test, even one killed outright on a timeout; its processes
    // run WebAssembly on Liftoff alone, as the suite's servers do.
    [
      ...TEST_V8_FLAGS,
      '--import',
      EXIT_WITH_PARENT,
      'bin/tapewire.mjs',
      'cluster',
      '--api',
      '2',
      '--port',
      String(port),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        REDIS_URL: redis.url,
        DEMO_MINUTE_DAYS: '1',
        DEMO_NEWS_EVERY_S: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  cluster.stderr!.on('data', (d) => (stderr += d));
  t.teardown(async () => {
    if (cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const readyAt = await until('the cluster ready', READY_MS, async () =>
    stderr.includes('cluster ready') ? clock.now() : null,
  ).catch((err: Error) => {
    throw new Error(`${err.message}; the cluster said:\n${stderr.slice(-4000)}`);
  });

  const answers = await Promise.all(Array.from({ length: 16 }, () => get(port, '/v1/instruments/BTC')));
  t.same(
    [...new Set(answers.map((a) => a.node))].sort(),
    ['api-1', 'api-2'],
    'answers come from both api nodes, each naming itself',
  );
  t.ok(
    answers.every((a) => a.status === 200),
    'all of them 200',
  );
  const nodes = nodesOf(await get(port, '/v1/meta'));
  t.same(
    nodes.map((n) => [n.id, n.role]),
    [
      ['api-1', 'api'],
      ['api-2', 'api'],
      ['ingest-1', 'ingest'],
      ['ingest-2', 'ingest'],
    ],
    "/v1/meta's cluster lists every node",
  );
  t.equal(nodes.filter((n) => n.leader).length, 1, 'one of them leads');

  // A key made by the keys command on the cluster's DATA_DIR (handed to the leader), limited to 20 a minute: of 30
  // requests spread over both nodes, 20 are answered, wherever they land.
  const made = await runCli('keys', ['create', '--name', 'shared', '--rpm', '20'], {
    DATA_DIR: dataDir,
    REDIS_URL: redis.url,
  });
  t.equal(made.code, 0, `tapewire keys create on the cluster: ${made.stderr.trim()}`);
  const key = made.stdout.trim();
  // Every node is told of the key through Redis within milliseconds; the requests then come quickly, as the bucket
  // refills a token every 3 s.
  await new Promise((r) => setTimeout(r, 2000));
  const spread: Answer[] = [];
  for (let k = 0; k < 30; k++) spread.push(await get(port, '/v1/meta', key));
  t.notOk(
    spread.some((a) => a.status === 401),
    'the key known to both nodes',
  );
  const allowed = spread.filter((a) => a.status === 200).length;
  t.ok(Math.abs(allowed - 20) <= 1, `20 (within 1) of 30 requests answered across both nodes: ${allowed}`);
  t.same(new Set(spread.map((a) => a.node)).size, 2, 'the 30 landed on both nodes');
  t.ok(
    spread.filter((a) => a.status !== 200).every((a) => a.status === 429),
    'the others refused 429',
  );

  // A stream on one node, resumed on the other after its last id: what follows, nothing twice.
  const first = await stream(port, '/v1/stream?topics=quotes', { node: 'api-1' });
  await until('three quote batches', 20_000, async () => (first.frames.length >= 60 ? true : null));
  const cut = first.frames[20]!.id;
  const resumed = await stream(port, '/v1/stream?topics=quotes', { node: 'api-2' }, cut);
  // The first stream ends here: the resumed one must bring all it had after the cut, and go on from there.
  first.close();
  const lastSeen = Number(first.frames.at(-1)!.id);
  await until('the resumed stream past the first', 20_000, async () =>
    resumed.frames.some((f) => Number(f.id) > lastSeen) ? true : null,
  );
  resumed.close();
  const after = first.frames.slice(21).map((f) => f.id);
  const again = resumed.frames.map((f) => f.id).slice(0, after.length);
  t.same(again, after, 'the resumed stream on the other node goes on from the id given, with no gap');
  t.equal(new Set(resumed.frames.map((f) => f.id)).size, resumed.frames.length, 'and no message twice');

  // The same over WebSocket: a socket on api-1, cut, and one on api-2 resuming after an id the first received.
  const first2 = await socketOn(port, 'api-1', '?topics=quotes');
  await first2.until((fs) => fs.filter((f) => f.id).length >= 60, 20_000);
  const cutAt = first2.messages[20]!.id!;
  const resumed2 = await socketOn(port, 'api-2', `?topics=quotes&lastEventId=${cutAt}`);
  first2.close();
  const lastOnFirst = Number(first2.messages.at(-1)!.id);
  await resumed2.until((fs) => fs.some((f) => f.id && Number(f.id) > lastOnFirst), 20_000);
  resumed2.close();
  const followed = first2.messages.slice(21).map((f) => f.id);
  t.same(
    resumed2.messages.map((f) => f.id).slice(0, followed.length),
    followed,
    'a WebSocket resumed on the other node goes on from the id given, with no gap',
  );
  t.equal(new Set(resumed2.messages.map((f) => f.id)).size, resumed2.messages.length, 'and no message twice');

  // A history import of a new instrument (into the demo, so marked mixed), handed to the leader: every api node holds
  // it, and its frames, now of a
  // larger universe, go on moving their markets.
  const imported = await runCli('import', ['stooq', 'test/fixtures/history/stooq/xyz_us_d.csv', '--create', '--mix'], {
    DATA_DIR: dataDir,
    REDIS_URL: redis.url,
  });
  t.match(imported.stdout, /added instrument XYZ/, `tapewire import on the cluster adds XYZ ${imported.stderr.trim()}`);
  const importedAt = clock.now();
  for (const node of ['api-1', 'api-2']) {
    const candles = await until(`XYZ on ${node}`, 20_000, async () => {
      const res = await getFrom(port, '/v1/instruments/XYZ/candles?interval=1d&from=2000-01-01', { node });
      return res.status === 200 ? (JSON.parse(res.body).data.candles as unknown[]) : null;
    });
    t.equal(candles.length, 5, `${node}: the imported instrument's 5 daily bars`);
    await until(`quotes after the import on ${node}`, 20_000, async () =>
      priceTs(await getFrom(port, '/v1/instruments/BTC', { node })) > importedAt ? true : null,
    );
  }
  t.pass("both api nodes' markets move on after the universe grew");

  // The leader killed outright: the standby leads, and the market moves on every api node within 10 s.
  const leader = nodes.find((n) => n.leader)!;
  const killedAt = clock.now();
  process.kill(leader.pid, 'SIGKILL');
  for (const node of ['api-1', 'api-2']) {
    const movedAfter = await until(`quotes again on ${node}`, 20_000, async () => {
      const ts = priceTs(await getFrom(port, '/v1/instruments/BTC', { node }));
      return ts > killedAt ? clock.now() - killedAt : null;
    });
    t.ok(movedAfter < 10_000, `${node}: a quote newer than the kill ${Math.round(movedAfter / 100) / 10} s after it`);
  }
  const newLeader = await until('a new leader listed', 10_000, async () => {
    const l = nodesOf(await get(port, '/v1/meta')).find((n) => n.leader && n.pid !== leader.pid);
    return l ?? null;
  });
  t.not(newLeader.id, leader.id, `the standby leads: ${newLeader.id}`);

  // BTC's 1m candles have no hole across the kill, on both nodes: every minute from the one before it (or the one the
  // cluster started ticking in, the copy of the demo holding a hole before it) to the one it fell in (begun by the dead
  // leader, carried on or closed by the new one), once that minute is over.
  const killMinute = killedAt - (killedAt % 60_000);
  const from = Math.max(killMinute - 60_000, readyAt - (readyAt % 60_000));
  await until('the minute of the kill over', 75_000, async () => (clock.now() > killMinute + 63_000 ? true : null));
  for (const node of ['api-1', 'api-2']) {
    const res = await getFrom(port, '/v1/instruments/BTC/candles?interval=1m&limit=10', { node });
    const minutes = (JSON.parse(res.body).data.candles as { ts: string }[]).map((c) => Date.parse(c.ts));
    const expected = from < killMinute ? [from, killMinute] : [killMinute];
    t.same(
      minutes.filter((m) => m >= from && m <= killMinute),
      expected,
      `${node}: no 1m bar missing from before the kill to its minute`,
    );
  }

  // Redis killed and started again empty: HTTP answers meanwhile, and the market moves again after.
  await redis.stop();
  const down = await get(port, '/v1/instruments/BTC');
  t.equal(down.status, 200, 'Redis down: an api node still answers from memory');
  const degraded = await until('/ready degraded', 10_000, async () => {
    const r = await get(port, '/ready');
    return r.status === 200 && JSON.parse(r.body).status === 'degraded' ? JSON.parse(r.body) : null;
  });
  t.match(degraded, { details: { broker: 'unreachable' } }, '/ready: 200, degraded, the broker unreachable');
  await redis.restart();
  const backAt = clock.now();
  for (const node of ['api-1', 'api-2'])
    await until(`quotes after Redis is back, on ${node}`, 30_000, async () =>
      priceTs(await getFrom(port, '/v1/instruments/BTC', { node })) > backAt ? true : null,
    );
  t.pass('Redis back: quotes move again on both api nodes');
});
