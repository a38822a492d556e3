// Rate-limit buckets as an interface, so that processes behind one address can share them: the limiter writes the
// headers and the 429, the store only keeps the tokens. A key's bucket may be shared, so its verdict may have to be
// asked for (a promise); an anonymous caller's is this process's alone and answered at once, since sharing it would
// let a flood of new addresses buy a Redis round trip each.
import type { BucketVerdict } from '../../core/ratelimit.js';

/** Whose bucket: a key's (one across every surface) or an anonymous caller's, and its quota a minute. */
export interface RateLimitBucket {
  kind: 'key' | 'anonymous';
  client: string;
  rpm: number;
}

export interface RateLimitStore {
  /**
   * Takes `cost` tokens from a key's bucket at `nowMs`, or none when it holds fewer: at once when the tokens are at
   * hand (the verdict is then reused by the next call), else a promise that never rejects.
   */
  takeKey(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict | Promise<BucketVerdict>;
  /** Takes `cost` tokens from an anonymous caller's bucket, at once. The verdict is reused by the next call. */
  takeAnonymous(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict;
  /** Drops a revoked key's bucket. */
  forget(client: string): void;
}

/** A store for the first surface, from which each other surface gets its own (the keys' buckets shared by all). */
export interface SurfaceRateLimits extends RateLimitStore {
  forSurface(): RateLimitStore;
}
