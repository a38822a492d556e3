// An api node while its Redis is away, on a real redis-server: its SSE streams end with a `closed` event (interrupted)
// and a `retry:` hint instead of going silent, a stream opened meanwhile gets the present state and the same end, a
// WebSocket stream is closed 1013, /ready's gate says degraded with why; and once Redis is back, all recovers without a
// restart: streams stay open and get the leader's messages again, and the gate is clear.
import { pino } from 'pino';
import t from 'tap';
import type { CloseReason } from '../../../core/stream/close-reasons.js';
import { NO_REDIS, startRedis } from '../../../harness/redis.js';
import { RedisRateLimits } from '../../../server/broker/rate-limits.js';
import { RedisStreamCounts } from '../../../server/broker/stream-counts.js';
import { StreamIn } from '../../../server/broker/stream-in.js';
import { StreamOut } from '../../../server/broker/stream-out.js';
import { clock } from '../../../server/clock.js';
import { DatabaseHealth } from '../../../server/db-health.js';
import type { HttpResponse } from '../../../server/http/uws.js';
import { Readiness } from '../../../server/readiness.js';
import { StreamHub } from '../../../server/stream/hub.js';

const log = pino({ level: 'silent' });

function hub(): StreamHub {
  const h = new StreamHub({
    replay: 64,
    heartbeatMs: 60_000,
    lifetimeMs: 3_600_000,
    stallMs: 30_000,
    maxPendingBytes: 1 << 20,
    perClient: 5,
    retryMs: 2500,
  });
  t.teardown(() => h.close());
  return h;
}

/** An SSE subscriber of `events` on `h`: what it was written, and how it ended. */
function subscribe(h: StreamHub) {
  const sub = { written: '', ended: null as CloseReason | null, cleanly: false };
  const res = {
    onWritable: () => undefined,
    cork: (fn: () => void) => fn(),
    write: (bytes: string | Buffer) => {
      sub.written += String(bytes);
      return true;
    },
    end: (bytes?: string) => {
      if (bytes) sub.written += bytes;
      sub.cleanly = true;
    },
    close: () => undefined,
  } as unknown as HttpResponse;
  h.open(res, ['events'], 'key:1', null, (reason) => (sub.ended = reason));
  return sub;
}

const quote = (n: number) => [{ event: 'quote', key: 'quote:BTC', topics: ['events'], json: JSON.stringify({ n }) }];

async function until(test: () => boolean, what: string, ms = 3000): Promise<number> {
  const t0 = clock.now();
  while (!test()) {
    if (clock.now() - t0 > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return clock.now() - t0;
}

t.test(
  'Redis away: streams end with a retry hint, /ready is degraded; all recovers on its return',
  { skip: NO_REDIS },
  async (t) => {
    const redis = await startRedis();
    t.teardown(() => redis.stop());
    const leader = hub();
    const out = new StreamOut(redis.url, leader, 64, log);
    t.teardown(() => out.close());
    await out.start();
    const node = hub();
    const relay = new StreamIn(redis.url, node, 64, log);
    t.teardown(() => relay.close());
    await relay.start();
    const limits = new RedisRateLimits(redis.url, log, 100);
    const counts = new RedisStreamCounts(redis.url, log);
    t.teardown(() => {
      limits.close();
      counts.close();
    });
    node.shareCounts(counts);
    const readiness = new Readiness('starting', new DatabaseHealth(log));
    readiness.markReady();
    for (const part of [relay, limits, counts]) readiness.watchBroker(part);
    await until(() => readiness.problem() === null, 'the gate is clear once connected');

    const before = subscribe(node);
    const socketEnds: string[] = [];
    node.track({ client: 'key:2', opened: clock.now(), end: (reason) => void socketEnds.push(reason) });
    leader.publish(quote(1));
    await until(() => before.written.includes('"n":1'), 'a live message arrives');

    await redis.stop();
    const ms = await until(() => before.ended !== null, 'the stream ends');
    t.ok(ms < 2000, `the stream ended ${ms} ms after Redis went away`);
    t.equal(before.ended, 'interrupted');
    t.ok(before.cleanly, 'ended cleanly, its last event written');
    t.match(
      before.written,
      /retry: 2500\nevent: closed\ndata: \{"reason":"interrupted","message":"[^"]*Redis unreachable/,
    );
    t.same(socketEnds, ['interrupted'], 'a WebSocket stream is ended too');
    const problem = readiness.problem();
    t.match(problem, { broker: 'unreachable' }, '/ready says degraded');
    t.match(problem?.message, /stream relay lost its broker/);
    t.match(problem?.message, /answers from memory and the database are served/);

    const during = subscribe(node);
    t.equal(during.ended, 'interrupted', 'a stream opened meanwhile ends at once');
    t.match(during.written, /"n":1[\s\S]*event: closed/, 'after the present state held here');
    t.equal(node.admit('key:1', 10), undefined, 'admitted without waiting for Redis');

    await redis.restart();
    const back = await until(() => readiness.problem() === null, 'the gate clears', 8000);
    t.ok(back < 8000, `/ready clear ${back} ms after Redis returned`);
    const after = subscribe(node);
    leader.publish(quote(2));
    await until(() => after.written.includes('"n":2'), 'live messages flow again', 8000);
    t.equal(after.ended, null, 'and the stream stays open');
  },
);
