// A client's stream allowance counted across two nodes' hubs through a real redis-server: the last stream is admitted
// on one node only, even when both ask at once; a refusal this node can make alone waits for nothing; a dead node's
// streams stop counting; with Redis away each node counts alone, and the counts are shared again once it is back.
import { pino } from 'pino';
import t, { type Test } from 'tap';
import { NO_REDIS, startRedis } from '../../../harness/redis.js';
import { RedisStreamCounts } from '../../../server/broker/stream-counts.js';
import { clock } from '../../../server/clock.js';
import type { TrackedStream } from '../../../server/ports/broadcast.js';
import { StreamHub } from '../../../server/stream/hub.js';
import { within } from '../../helpers/within.js';

const log = pino({ level: 'silent' });
const FAST = { ttlMs: 600, refreshMs: 200 };

/** A node: its hub, counting streams across nodes. */
function node(t: Test, url: string) {
  const hub = new StreamHub({
    replay: 16,
    heartbeatMs: 60_000,
    lifetimeMs: 3_600_000,
    stallMs: 30_000,
    maxPendingBytes: 1 << 20,
    perClient: 20,
    retryMs: 3000,
  });
  const counts = new RedisStreamCounts(url, log, undefined, FAST);
  hub.shareCounts(counts);
  t.teardown(() => {
    hub.close();
    counts.close();
  });
  return { hub, counts };
}

/** Admits and opens a stream of `client` (rpm 3: an allowance of 3) on `hub`; whether it was admitted. */
async function open(hub: StreamHub, client = 'key:1'): Promise<boolean> {
  try {
    await hub.admit(client, 3);
  } catch {
    return false;
  }
  const stream: TrackedStream = { client, opened: clock.now(), end: () => undefined };
  hub.track(stream);
  return true;
}

t.test('an allowance of 3 holds across two nodes, the last stream admitted once', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const [a, b] = [node(t, redis.url), node(t, redis.url)];
  await within(3000, () => a.counts.degraded === null && b.counts.degraded === null, 'both connect');

  t.same([await open(a.hub), await open(a.hub), await open(b.hub)], [true, true, true], 'three streams on two nodes');
  await t.rejects(
    b.hub.admit('key:1', 3) as Promise<void>,
    { message: /already holds 3 open streams/ },
    'B refuses a 4th',
  );
  await t.rejects(a.hub.admit('key:1', 3) as Promise<void>, { message: /already holds 3 open streams/ }, 'so does A');
  t.equal(await open(b.hub, 'key:2'), true, 'another key has its own allowance');

  // Both nodes ask for the last of key 3's streams at once.
  await open(a.hub, 'key:3');
  await open(b.hub, 'key:3');
  const raced = await Promise.all([open(a.hub, 'key:3'), open(b.hub, 'key:3')]);
  t.equal(raced.filter(Boolean).length, 1, 'the last stream is admitted on one node only');

  t.throws(() => a.hub.admit('key:9', 0), { message: /at most 0/ }, 'a refusal this node makes alone is at once');
});

t.test('a node that ends a stream frees it at once; one that dies stops counting', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const [a, b] = [node(t, redis.url), node(t, redis.url)];
  await within(3000, () => a.counts.degraded === null && b.counts.degraded === null, 'both connect');
  const ends: ((reason: 'client') => void)[] = [];
  for (let i = 0; i < 3; i++) {
    await b.hub.admit('key:1', 3);
    ends.push(b.hub.track({ client: 'key:1', opened: clock.now(), end: () => undefined }));
  }
  t.equal(await open(a.hub), false, "B's three streams count on A");
  ends.pop()!('client');
  await new Promise((r) => setTimeout(r, 50));
  t.equal(await open(a.hub), true, 'one ended on B: A may open one');

  b.counts.close();
  t.equal(await open(a.hub), false, 'B died holding two: still counted for a while');
  await new Promise((r) => setTimeout(r, FAST.ttlMs + 100));
  t.equal(await open(a.hub), true, "a dead node's streams stop counting after its counts' lifetime");
});

t.test('Redis away: each node counts alone; shared again once it is back', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const [a, b] = [node(t, redis.url), node(t, redis.url)];
  await within(3000, () => a.counts.degraded === null && b.counts.degraded === null, 'both connect');
  await open(a.hub);
  await open(a.hub);

  await redis.stop();
  await within(3000, () => a.counts.degraded !== null && b.counts.degraded !== null, 'both notice');
  t.equal(b.hub.admit('key:1', 3), undefined, 'admitted at once, counted by B alone');
  t.same([await open(b.hub), await open(b.hub), await open(b.hub)], [true, true, true], 'B gives the key its 3');

  await redis.restart();
  await within(5000, () => a.counts.degraded === null && b.counts.degraded === null, 'both reconnect');
  await new Promise((r) => setTimeout(r, FAST.refreshMs + 100));
  await t.rejects(a.hub.admit('key:1', 3) as Promise<void>, { message: /holds 5 open streams/ }, "A counts B's again");
});
