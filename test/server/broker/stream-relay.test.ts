// The stream relayed through a Redis Stream, on a real redis-server: an api node's hub holds the leader's messages
// under the leader's ids, so a Last-Event-ID from one node resumes on another with no gap and no duplicate, including
// on a node started later and across a change of leader.
import { pino } from 'pino';
import t from 'tap';
import { NO_REDIS, startRedis } from '../../../harness/redis.js';
import { StreamIn } from '../../../server/broker/stream-in.js';
import { StreamOut } from '../../../server/broker/stream-out.js';
import { clock } from '../../../server/clock.js';
import type { Outgoing } from '../../../server/ports/index.js';
import { StreamHub } from '../../../server/stream/hub.js';

const REPLAY = 64;
const TOPICS = ['quotes:BTC', 'events'];
const log = pino({ level: 'silent' });

function hub(): StreamHub {
  const h = new StreamHub({
    replay: REPLAY,
    heartbeatMs: 60_000,
    lifetimeMs: 3_600_000,
    stallMs: 30_000,
    maxPendingBytes: 1 << 20,
    perClient: 5,
    retryMs: 3000,
  });
  t.teardown(() => h.close());
  return h;
}

/** A tick's batch: a quote of BTC and one of ETH, and a story every third tick. */
function batch(n: number): Outgoing[] {
  const quote = (symbol: string) => ({
    event: 'quote',
    key: `quote:${symbol}`,
    topics: [`quotes:${symbol}`],
    json: JSON.stringify({ symbol, price: 100 + n, ts: clock.now() }),
  });
  const story = { event: 'event', key: null, topics: ['events'], json: JSON.stringify({ id: `s${n}`, n }) };
  return [quote('BTC'), quote('ETH'), ...(n % 3 === 0 ? [story] : [])];
}

/** What a client resuming from `id` gets: each message's id and bytes. */
const resume = (h: StreamHub, id: number) => h.backlog(TOPICS, String(id)).map((m) => `${m.id} ${m.frame}`);

/** The ids a hub gave its batches, as published. */
function ids(h: StreamHub): number[] {
  const seen: number[] = [];
  h.onPublish((b, firstId) => b.forEach((_, i) => seen.push(firstId + i)));
  return seen;
}

async function until(test: () => boolean, what: string, ms = 2000): Promise<number> {
  const t0 = clock.now();
  while (!test()) {
    if (clock.now() - t0 > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return clock.now() - t0;
}

t.test('an api node resumes from the leader ids with no gap and no duplicate', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const leader = hub();
  const published = ids(leader);
  const out = new StreamOut(redis.url, leader, REPLAY, log);
  t.teardown(() => out.close());
  await out.start();
  const node = hub();
  const delivered = ids(node);
  const relay = new StreamIn(redis.url, node, REPLAY, log);
  t.teardown(() => relay.close());
  await relay.start();

  for (let n = 1; n <= 30; n++) leader.publish(batch(n));
  const ms = await until(() => delivered.length === published.length, 'the node has every message');
  t.ok(ms < 1000, `30 batches (${published.length} messages) delivered within ${ms} ms`);
  t.same(delivered, published, "under the leader's ids, in order, each once");
  for (const from of [published[0]! - 1, published[10]!, published[40]!, published.at(-1)!])
    t.same(resume(node, from), resume(leader, from), `a client resuming after ${from - published[0]!} messages`);
  t.ok(resume(node, published[10]!).length > 0, 'which has messages to resume');

  const late = hub();
  const relayLate = new StreamIn(redis.url, late, REPLAY, log);
  t.teardown(() => relayLate.close());
  await relayLate.start();
  t.same(resume(late, published[40]!), resume(leader, published[40]!), 'a node started later holds the history');
  t.same(
    resume(late, published[0]! - 1),
    resume(leader, published[0]! - 1),
    'back to the first message, which Redis still holds',
  );
});

t.test("a new leader numbers after the last one's ids, and the nodes carry on", { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const first = hub();
  const firstIds = ids(first);
  const out = new StreamOut(redis.url, first, REPLAY, log);
  await out.start();
  const node = hub();
  const delivered = ids(node);
  const relay = new StreamIn(redis.url, node, REPLAY, log);
  t.teardown(() => relay.close());
  await relay.start();
  for (let n = 1; n <= 5; n++) first.publish(batch(n));
  await until(() => delivered.length === firstIds.length, 'the first leader relayed');
  t.teardown(() => out.close());

  // The next leader's clock may be behind the last one's: its ids still follow on.
  const next = hub();
  const nextIds = ids(next);
  const nextOut = new StreamOut(redis.url, next, REPLAY, log);
  t.teardown(() => nextOut.close());
  await nextOut.start();
  for (let n = 6; n <= 10; n++) next.publish(batch(n));
  await until(() => delivered.length === firstIds.length + nextIds.length, 'the next leader relayed');
  t.equal(nextIds[0], firstIds.at(-1)! + 1, "the next leader's first id follows the last leader's last");
  t.same(delivered, [...firstIds, ...nextIds], 'the node has both, no gap, no duplicate');
  t.same(
    resume(node, firstIds.at(-1)!),
    resume(next, firstIds.at(-1)!),
    "a client of the last leader resumes on the node with the next leader's messages",
  );

  // The deposed leader, still running, numbers on from its own last id: Redis refuses ids at or before ones it holds.
  const count = delivered.length;
  first.publish(batch(11));
  next.publish(batch(12));
  await until(() => delivered.length > count, "the leader's next batch arrives");
  await new Promise((r) => setTimeout(r, 50));
  t.same(delivered.slice(count), nextIds.slice(-batch(12).length), "the deposed leader's batch never reaches the node");
});

t.test(
  'Redis away and back empty: the node carries on, and clients resume only from after the gap',
  { skip: NO_REDIS },
  async (t) => {
    const redis = await startRedis();
    t.teardown(() => redis.stop());
    const leader = hub();
    const published = ids(leader);
    const out = new StreamOut(redis.url, leader, REPLAY, log);
    t.teardown(() => out.close());
    await out.start();
    const node = hub();
    const delivered = ids(node);
    const relay = new StreamIn(redis.url, node, REPLAY, log);
    t.teardown(() => relay.close());
    await relay.start();
    for (let n = 1; n <= 3; n++) leader.publish(batch(n));
    await until(() => delivered.length === published.length, 'relayed before');
    const before = published.length;

    await redis.stop();
    leader.publish(batch(4));
    t.equal(delivered.length, before, 'a batch published while Redis is away does not reach the node');
    await redis.restart();
    const lostIds = published.length;
    await until(
      () => {
        leader.publish(batch(5));
        return delivered.length > before;
      },
      'the node hears the leader again',
      5000,
    );
    t.ok(
      delivered.every((id, i) => i === 0 || id > delivered[i - 1]!),
      'ids still increase, none twice',
    );
    t.ok(delivered[before]! > published[lostIds - 1]!, 'the lost batch is not there');
    const last = delivered.at(-1)!;
    t.same(
      resume(node, delivered[before]! - 1),
      resume(leader, delivered[before]! - 1).filter((m) => Number(m.split(' ')[0]) <= last),
      'a client from after the gap resumes in full',
    );
    t.match(
      node.backlog(TOPICS, String(published[before - 1]))[0]?.frame.toString(),
      /\nevent: reset\n/,
      'one from before it is told to reset',
    );
  },
);

t.test('a hub fed batches skips those it holds and, after a gap, resumes clients only from after it', async (t) => {
  const h = hub();
  const seen = ids(h);
  h.deliver(batch(1), 1000);
  h.deliver(batch(1), 1000);
  h.deliver(batch(2), 1001);
  t.same(seen, [1000, 1001, 1002], 'a batch delivered again, or overlapping, adds only what is new');
  h.deliver(batch(4), 2000);
  t.same(seen.slice(3), [2000, 2001], 'after a gap the ids carry on from the batch');
  t.same(resume(h, 1999).length, 1, "a client at the gap gets what follows (BTC's quote)");
  t.match(h.backlog(TOPICS, '1001')[0]?.frame.toString(), /^id: \d+\nevent: reset\n/, 'one from before it a reset');
});
