// Keys' rate-limit buckets shared by every node through Redis, without a Redis round trip per request. Redis holds each
// key's token bucket: one Lua script refills it by Redis's clock (the nodes' clocks need not agree) and grants tokens
// from it. Each node holds a small lease of them, at most LEASE_SHARE of the key's rpm (at least one token) and for
// LEASE_MS, and answers from it at once; only a node whose lease is spent asks Redis, once for every request waiting
// on it. A refusal is kept until the bucket can grant again, so a client over its limit costs Redis nothing more.
// Tokens a lease holds unused are dropped, never granted twice: a key gets at most its rpm, and at least its rpm less
// one lease per node. Redis away (or slower than ASK_TIMEOUT_MS): each node counts keys in its own buckets, alone.
import type { Redis } from 'ioredis';
import type { BucketVerdict } from '../../core/ratelimit.js';
import { clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { RateLimitBucket } from '../ports/index.js';
import type { LocalRateLimits } from '../rate-buckets.js';
import { connectRedis } from './connection.js';

/** The share of a key's rpm one node may hold as a lease: with two nodes, 5% of a minute's quota at most is held. */
const LEASE_SHARE = 0.025;
/** Unused leased tokens are dropped after this: a key idle for a while meets a full bucket, not one plus leases. */
const LEASE_MS = 2000;
/** A request waits no longer than this for Redis; then it is counted here, and so are the next for a second. */
const ASK_TIMEOUT_MS = 250;
const LOCAL_AFTER_FAILURE_MS = 1000;
const KEY = (client: string) => `tapewire:rate:${client}`;

/**
 * Refills the bucket by the time since it was last touched (a new bucket is full), grants up to ARGV[2] tokens when it
 * holds at least ARGV[3], and keeps it until it would be full again. Returns the grant, the whole tokens left, the ms
 * until full, and (refused) the ms until ARGV[3] tokens are there.
 */
const GRANT = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rpm, want, need = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = rpm
if held[1] then tokens = math.min(rpm, tonumber(held[1]) + math.max(0, now - tonumber(held[2])) * rpm / 60000) end
local grant = 0
if tokens >= need then
  grant = math.min(math.max(want, need), math.floor(tokens))
  tokens = tokens - grant
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
local full, retry = 60000, 60000
if rpm > 0 then
  full = math.ceil((rpm - tokens) * 60000 / rpm)
  retry = math.ceil(math.max(0, need - tokens) * 60000 / rpm)
end
redis.call('PEXPIRE', KEYS[1], full + 1000)
if grant > 0 then retry = 0 end
return {grant, math.floor(tokens), full, retry}`;

interface GrantCommand {
  tapewireGrant(key: string, rpm: number, want: number, need: number): Promise<[number, number, number, number]>;
}

/** A key's tokens held on this node, and its bucket in Redis as last answered. */
interface Lease {
  tokens: number;
  /** When the tokens held are dropped (this process's clock). */
  expires: number;
  /** The bucket in Redis when it last answered, at `at`: whole tokens left and ms until full. */
  left: number;
  fullMs: number;
  at: number;
  /** Refused until then: requests before it are refused here. */
  refusedUntil: number;
  /** The question to Redis under way, which every request finding the lease spent waits on. */
  asking: Promise<boolean> | null;
}

export class KeyLeases {
  private readonly redis: Redis & GrantCommand;
  private readonly leases = new Map<string, Lease>();
  /** Reused by every answer given at once, as the in-process buckets do. */
  private readonly verdict: BucketVerdict = { allowed: false, remaining: 0, resetMs: 0, retryAfterMs: 0 };
  private failedUntil = 0;

  constructor(
    url: string,
    log: Logger,
    private readonly maxClients: number,
    /** Where keys are counted while Redis cannot be asked. */
    private readonly local: LocalRateLimits,
  ) {
    this.redis = connectRedis(url, 'rate-limits', log, { commandTimeout: ASK_TIMEOUT_MS }) as Redis & GrantCommand;
    this.redis.defineCommand('tapewireGrant', { numberOfKeys: 1, lua: GRANT });
  }

  /** Why keys are counted by each node alone now, or null while they are shared. */
  get degraded(): string | null {
    return this.shared(clock.now()) ? null : 'Redis unreachable: each node counts rate limits alone';
  }

  take(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict | Promise<BucketVerdict> {
    if (!this.shared(nowMs)) return this.local.takeKey(bucket, nowMs, cost);
    const lease = this.leases.get(bucket.client);
    if (lease && !lease.asking) {
      if (lease.expires <= nowMs) lease.tokens = 0;
      if (lease.tokens >= cost) {
        lease.tokens -= cost;
        return this.answer(this.verdict, lease, nowMs, true);
      }
      if (lease.refusedUntil > nowMs) return this.answer(this.verdict, lease, nowMs, false);
    }
    return this.ask(bucket, cost);
  }

  /** Drops a revoked key's lease and its bucket, here and in Redis. */
  forget(client: string): void {
    this.leases.delete(client);
    this.local.forget(client);
    if (this.redis.status === 'ready') this.redis.del(KEY(client)).catch(() => undefined);
  }

  close(): void {
    this.redis.disconnect();
  }

  private shared(nowMs: number): boolean {
    return this.redis.status === 'ready' && nowMs >= this.failedUntil;
  }

  /** Waits for tokens from Redis (with the requests already waiting), then takes them; never rejects. */
  private async ask(bucket: RateLimitBucket, cost: number): Promise<BucketVerdict> {
    for (;;) {
      const lease = this.lease(bucket.client);
      let granted: boolean;
      try {
        granted = await (lease.asking ??= this.grant(bucket, lease, cost).finally(() => (lease.asking = null)));
      } catch {
        this.failedUntil = clock.now() + LOCAL_AFTER_FAILURE_MS;
        return { ...this.local.takeKey(bucket, clock.now(), cost) };
      }
      const now = clock.now();
      if (lease.tokens >= cost) {
        lease.tokens -= cost;
        return this.answer({ ...this.verdict }, lease, now, true);
      }
      // Granted, but to requests that waited with this one: ask again. Refused: so is this one.
      if (!granted) return this.answer({ ...this.verdict }, lease, now, false);
    }
  }

  /** Asks Redis for a lease of `bucket`'s tokens, enough for `cost`; whether it granted any. */
  private async grant(bucket: RateLimitBucket, lease: Lease, cost: number): Promise<boolean> {
    const want = Math.max(cost, Math.floor(bucket.rpm * LEASE_SHARE), 1);
    const [grant, left, fullMs, retryMs] = await this.redis.tapewireGrant(KEY(bucket.client), bucket.rpm, want, cost);
    const now = clock.now();
    lease.tokens = (lease.expires > now ? lease.tokens : 0) + grant;
    lease.expires = now + LEASE_MS;
    lease.left = left;
    lease.fullMs = fullMs;
    lease.at = now;
    lease.refusedUntil = grant ? 0 : now + retryMs;
    return grant > 0;
  }

  private lease(client: string): Lease {
    let lease = this.leases.get(client);
    if (!lease) {
      // Bounded like the in-process buckets: the oldest lease goes (its tokens unused: the key is refused none).
      if (this.leases.size >= this.maxClients) this.leases.delete(this.leases.keys().next().value!);
      lease = { tokens: 0, expires: 0, left: 0, fullMs: 0, at: 0, refusedUntil: 0, asking: null };
      this.leases.set(client, lease);
    }
    return lease;
  }

  /** The verdict from `lease` at `now`: what this node holds plus what Redis held when it last answered. */
  private answer(v: BucketVerdict, lease: Lease, now: number, allowed: boolean): BucketVerdict {
    v.allowed = allowed;
    v.remaining = lease.left + lease.tokens;
    v.resetMs = Math.max(0, lease.fullMs - (now - lease.at));
    v.retryAfterMs = allowed ? 0 : Math.max(0, lease.refusedUntil - now);
    return v;
  }
}
