// Rate limits shared by nodes through a real redis-server: a key's quota is one across two nodes (within one request),
// a request served from a node's lease is answered at once, and with Redis away each node limits alone, says so, and
// shares again once Redis is back.
import { pino } from 'pino';
import t, { type Test } from 'tap';
import type { BucketVerdict } from '../../../core/ratelimit.js';
import { NO_REDIS, startRedis } from '../../../harness/redis.js';
import { RedisRateLimits } from '../../../server/broker/rate-limits.js';
import { clock } from '../../../server/clock.js';
import type { RateLimitBucket } from '../../../server/ports/index.js';
import { within } from '../../helpers/within.js';

const log = pino({ level: 'silent' });

/** A node's store, closed with the test. */
function node(t: Test, url: string): RedisRateLimits {
  const store = new RedisRateLimits(url, log, 1000);
  t.teardown(() => store.close());
  return store;
}

const key = (id: number, rpm: number): RateLimitBucket => ({ kind: 'key', client: `key:${id}`, rpm });
/** The verdict's fields, whether it came at once or was asked for. */
const settle = async (v: BucketVerdict | Promise<BucketVerdict>) => ({ ...(await v) });

t.test('a key with rpm 20 gets 20 of 30 requests spread over two nodes', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const [a, b] = [node(t, redis.url), node(t, redis.url)];
  await within(3000, () => a.degraded === null && b.degraded === null, 'both nodes connect');
  const verdicts: BucketVerdict[] = [];
  for (let i = 0; i < 30; i++) verdicts.push(await settle((i % 2 ? a : b).takeKey(key(1, 20), clock.now(), 1)));
  const allowed = verdicts.filter((v) => v.allowed).length;
  t.ok(Math.abs(allowed - 20) <= 1, `${allowed} of 30 allowed`);
  const refused = verdicts.find((v) => !v.allowed)!;
  t.ok(refused.retryAfterMs > 0 && refused.retryAfterMs <= 3000, `a refusal says when: ${refused.retryAfterMs} ms`);

  // Concurrent requests on both nodes at once: still one quota.
  const burst = await Promise.all(
    Array.from({ length: 200 }, (_, i) => settle((i % 2 ? a : b).takeKey(key(2, 100), clock.now(), 1))),
  );
  const burstAllowed = burst.filter((v) => v.allowed).length;
  t.ok(burstAllowed >= 95 && burstAllowed <= 101, `${burstAllowed} of 200 concurrent requests at rpm 100 allowed`);
});

t.test(
  'requests served from a lease are answered at once; Redis is asked once a lease',
  { skip: NO_REDIS },
  async (t) => {
    const redis = await startRedis();
    t.teardown(() => redis.stop());
    const a = node(t, redis.url);
    await within(3000, () => a.degraded === null, 'connected');
    const bucket = key(3, 6000);
    let asked = 0;
    let allowed = 0;
    for (let i = 0; i < 600; i++) {
      const v = a.takeKey(bucket, clock.now(), 1);
      if (v instanceof Promise) asked++;
      if ((await v).allowed) allowed++;
    }
    t.equal(allowed, 600, 'every request within the quota is allowed');
    t.equal(asked, 4, 'Redis asked once per lease of 150 tokens (2.5% of 6000)');

    const small = key(4, 20);
    const first = a.takeKey(small, clock.now(), 1);
    t.ok(first instanceof Promise, 'a key with a lease of one token asks for each request...');
    for (let i = 0; i < 25; i++) await a.takeKey(small, clock.now(), 1);
    const over = a.takeKey(small, clock.now(), 1);
    t.notOk(over instanceof Promise, '...but once refused, is refused at once until its bucket refills');
    t.notOk((over as BucketVerdict).allowed);
    t.equal((await a.takeKey(key(5, 600), clock.now(), 30)).allowed, true, 'a cost over the lease is granted whole');

    a.forget(small.client);
    t.equal((await a.takeKey(small, clock.now(), 1)).allowed, true, 'a forgotten key starts full');
  },
);

t.test(
  'Redis away: each node limits alone and says so; shared again once Redis is back',
  { skip: NO_REDIS },
  async (t) => {
    const redis = await startRedis();
    t.teardown(() => redis.stop());
    const [a, b] = [node(t, redis.url), node(t, redis.url)];
    await within(3000, () => a.degraded === null && b.degraded === null, 'both nodes connect');
    await settle(a.takeKey(key(6, 10), clock.now(), 1));

    await redis.stop();
    await within(3000, () => a.degraded !== null && b.degraded !== null, 'both nodes notice');
    t.match(a.degraded, /Redis unreachable/);
    const alone = [0, 0];
    for (let i = 0; i < 30; i++) {
      const n = i % 2;
      const v = (n ? a : b).takeKey(key(6, 10), clock.now(), 1);
      if (v instanceof Promise) t.fail(`request ${i} waited for Redis`);
      if ((await v).allowed) alone[n]!++;
    }
    t.same(alone, [10, 10], 'each node gives the key its rpm: 10 each of 15');

    await redis.restart();
    const back = await within(5000, () => a.degraded === null && b.degraded === null, 'both reconnect');
    t.ok(back < 5000, `shared again ${back} ms after Redis returned`);
    let allowed = 0;
    for (let i = 0; i < 30; i++)
      if ((await settle((i % 2 ? a : b).takeKey(key(7, 20), clock.now(), 1))).allowed) allowed++;
    t.ok(Math.abs(allowed - 20) <= 1, `${allowed} of 30 allowed once shared again`);
  },
);

t.test('a Redis that stops answering costs a request at most the ask timeout', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const a = node(t, redis.url);
  await within(3000, () => a.degraded === null, 'connected');
  redis.pause();
  t.teardown(() => redis.resume());
  const t0 = clock.now();
  const v = await settle(a.takeKey(key(8, 20), clock.now(), 1));
  const waited = clock.now() - t0;
  t.ok(v.allowed, 'answered from the local bucket');
  t.ok(waited < 600, `after ${waited} ms`);
  t.notOk(a.takeKey(key(8, 20), clock.now(), 1) instanceof Promise, 'and the next at once');
  t.ok(a.degraded, 'degraded meanwhile');
  redis.resume();
  await within(3000, () => a.degraded === null, 'shared again once it answers');
});
