// What shared rate limits (server/broker/rate-leases.ts) cost a node per request, against the in-process buckets and
// the budget of issue 33 (at most +10% of /v1/meta's CPU per response, 21.8 µs in docs/benchmarks.md): a request served
// from the node's lease, and the CPU of one ask of Redis, which a lease spreads over 2.5% of the key's rpm.
import { pino } from 'pino';
import { startRedis } from '../harness/redis.js';
import { RedisRateLimits } from '../server/broker/rate-limits.js';
import type { RateLimitBucket } from '../server/ports/index.js';
import { LocalRateLimits } from '../server/rate-buckets.js';

const META_CPU_US = 21.8;
const KEYS = 1000;
const TAKES = 2_000_000;
const ASKS = 5000;
const ROUNDS = 3;

const redis = await startRedis();
const log = pino({ level: 'silent' });
const shared = new RedisRateLimits(redis.url, log, 100_000);
const local = new LocalRateLimits(100_000);
while (shared.degraded) await new Promise((r) => setTimeout(r, 10));

/** The bench's own key (rpm 100,000,000, as bench:meta's): every lease holds 2,500,000 tokens. */
const keys: RateLimitBucket[] = Array.from({ length: KEYS }, (_, i) => ({
  kind: 'key',
  client: `key:${i}`,
  rpm: 100_000_000,
}));
/** Every key's lease taken anew: a lease lasts 2 s, so each measurement of the lease path starts from fresh ones. */
async function lease(): Promise<void> {
  await Promise.all(keys.map((k) => shared.takeKey(k, Date.now(), 1)));
}

/** CPU ns per call of `take` over TAKES calls, the keys in turn; fails on a call that would wait. */
function perTake(take: (k: RateLimitBucket, now: number) => unknown): number {
  const now = Date.now();
  const start = process.cpuUsage();
  for (let i = 0; i < TAKES; i++) {
    if (take(keys[i % KEYS]!, now) instanceof Promise)
      throw new Error('a lease ran out: the sync path was not measured');
  }
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / TAKES;
}

/** CPU µs of this process per ask of Redis: a key with an rpm of 20 leases one token, so every request asks. */
async function perAsk(): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < ASKS; i++) await shared.takeKey({ kind: 'key', client: `ask:${i}`, rpm: 20 }, Date.now(), 1);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / ASKS;
}

const rows: { local: number; lease: number; ask: number }[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const localNs = perTake((k, now) => local.takeKey(k, now, 1));
  await lease();
  rows.push({ local: localNs, lease: perTake((k, now) => shared.takeKey(k, now, 1)), ask: await perAsk() });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const localNs = median(rows.map((r) => r.local));
const leaseNs = median(rows.map((r) => r.lease));
const askUs = median(rows.map((r) => r.ask));
console.log(`rounds: ${ROUNDS}, load average ${(await import('node:os')).loadavg()[0]!.toFixed(2)}`);
console.log(`in-process bucket:        ${localNs.toFixed(0)} ns CPU per request`);
console.log(`shared, from the lease:   ${leaseNs.toFixed(0)} ns CPU per request`);
console.log(`shared, asking Redis:     ${askUs.toFixed(1)} µs CPU of this node per ask`);
for (const rpm of [600, 6000, 60_000, 100_000_000]) {
  const lease = Math.max(1, Math.floor(rpm * 0.025));
  const extraUs = (leaseNs - localNs) / 1000 + askUs / lease;
  console.log(
    `rpm ${rpm}: +${extraUs.toFixed(3)} µs per request against the in-process bucket, ` +
      `${((100 * extraUs) / META_CPU_US).toFixed(2)}% of /v1/meta's ${META_CPU_US} µs`,
  );
}
shared.close();
await redis.stop();
