// The rate-limit store of an api node of a scale-out: keys' buckets shared by every node through Redis (leased, see
// rate-leases.ts), anonymous callers' kept by this node alone, a table per surface as in one process (the port says
// why they are not shared). Redis away: keys too are counted by each node alone until it is back, and `degraded` says
// so for /ready.
import type { BucketVerdict } from '../../core/ratelimit.js';
import type { Logger } from '../log.js';
import type { RateLimitBucket, RateLimitStore, SurfaceRateLimits } from '../ports/index.js';
import { LocalRateLimits } from '../rate-buckets.js';
import { KeyLeases } from './rate-leases.js';

/** One surface's store: the keys' shared leases, and its own buckets for anonymous callers. */
class SurfaceLimits implements RateLimitStore {
  constructor(
    protected readonly leases: KeyLeases,
    protected readonly local: LocalRateLimits,
  ) {}

  takeKey(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict | Promise<BucketVerdict> {
    return this.leases.take(bucket, nowMs, cost);
  }

  takeAnonymous(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict {
    return this.local.takeAnonymous(bucket, nowMs, cost);
  }

  forget(client: string): void {
    this.leases.forget(client);
  }
}

export class RedisRateLimits extends SurfaceLimits implements SurfaceRateLimits {
  /** `maxClients` bounds the leases and the local buckets alike (RATE_LIMIT_MAX_CLIENTS). */
  constructor(url: string, log: Logger, maxClients: number) {
    const local = new LocalRateLimits(maxClients);
    super(new KeyLeases(url, log, maxClients, local), local);
  }

  /** The store of another surface: the same keys' buckets, its own for anonymous callers. */
  forSurface(): RateLimitStore {
    return new SurfaceLimits(this.leases, this.local.forSurface());
  }

  /** Why keys are counted by each node alone now, or null while they are shared. */
  get degraded(): string | null {
    return this.leases.degraded;
  }

  close(): void {
    this.leases.close();
  }
}
