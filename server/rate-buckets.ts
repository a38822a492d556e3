// The in-process rate-limit store: token buckets in this process's memory. Keys share one table across the surfaces;
// anonymous callers have a table per surface, so a flood of distinct IPs never recycles the bucket of a key.
import { type BucketVerdict, TokenBuckets } from '../core/ratelimit.js';
import type { RateLimitBucket, RateLimitStore } from './ports/index.js';

export class LocalRateLimits implements RateLimitStore {
  private readonly ipBuckets: TokenBuckets;

  constructor(
    private readonly maxClients: number,
    private readonly keyBuckets = new TokenBuckets(maxClients),
  ) {
    this.ipBuckets = new TokenBuckets(maxClients);
  }

  /**
   * The store of another surface: the same buckets for keys (a key's quota is one, whatever it calls), buckets of its
   * own for anonymous callers, so that an agent on /mcp or a reader of the pages never spends another's.
   */
  forSurface(): LocalRateLimits {
    return new LocalRateLimits(this.maxClients, this.keyBuckets);
  }

  takeKey(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict {
    return this.keyBuckets.take(bucket.client, bucket.rpm, nowMs, cost);
  }

  takeAnonymous(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict {
    return this.ipBuckets.take(bucket.client, bucket.rpm, nowMs, cost);
  }

  forget(client: string): void {
    this.keyBuckets.forget(client);
  }
}
