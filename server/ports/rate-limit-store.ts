// Rate-limit buckets as an interface, so that processes behind one address can share them: the limiter writes the
// headers and the 429, the store only keeps the tokens.
import type { BucketVerdict } from '../../core/ratelimit.js';

/** Whose bucket: a key's (one across every surface) or an anonymous caller's, and its quota a minute. */
export interface RateLimitBucket {
  kind: 'key' | 'anonymous';
  client: string;
  rpm: number;
}

export interface RateLimitStore {
  /** Takes `cost` tokens from the bucket at `nowMs`, or none when it holds fewer. The verdict is reused by the next call. */
  take(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict;
  /** Drops a revoked key's bucket. */
  forget(client: string): void;
}
