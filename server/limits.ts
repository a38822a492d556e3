// Applies the token-bucket limit to a principal and writes the rate-limit headers every /v1 answer carries.
import { RetryLaterError } from '../core/errors.js';
import { TokenBuckets } from '../core/ratelimit.js';
import type { Principal } from './auth.js';

export interface HeaderSink {
  header(name: string, value: string): void;
}

/** A 429; the router sends `retryAfterS` as its Retry-After. */
export class RateLimitError extends RetryLaterError {
  constructor(retryAfterS: number, message = `Rate limit exceeded: retry in ${retryAfterS} s`) {
    super('rate_limited', retryAfterS, message);
  }
}

export class Limiter {
  // Separate tables, so a flood of distinct anonymous IPs can never recycle the bucket of a key.
  private readonly keyBuckets: TokenBuckets;
  private readonly ipBuckets: TokenBuckets;
  /** `RateLimit-Policy` values by (kind, quota): a handful of distinct strings, built once each. */
  private readonly policies = new Map<string, string>();

  constructor(maxClients: number) {
    this.keyBuckets = new TokenBuckets(maxClients);
    this.ipBuckets = new TokenBuckets(maxClients);
  }

  /**
   * Takes `cost` tokens for `p` (one per request; an MCP request one per tool it calls), sets the headers on `out`,
   * and throws RateLimitError (429) when the bucket holds fewer.
   */
  apply(p: Principal, out: HeaderSink, nowMs = Date.now(), cost = 1): void {
    const v = (p.kind === 'key' ? this.keyBuckets : this.ipBuckets).take(p.client, p.rpm, nowMs, cost);
    const resetS = Math.ceil(v.resetMs / 1000);
    out.header('X-RateLimit-Limit', String(p.rpm));
    out.header('X-RateLimit-Remaining', String(v.remaining));
    out.header('X-RateLimit-Reset', String(Math.ceil((nowMs + v.resetMs) / 1000)));
    out.header('RateLimit-Policy', this.policy(p));
    out.header('RateLimit', `"${p.kind}";r=${v.remaining};t=${resetS}`);
    if (!v.allowed) throw new RateLimitError(Math.max(1, Math.ceil(v.retryAfterMs / 1000)));
  }

  /** Drops a revoked key's bucket. */
  forget(client: string): void {
    this.keyBuckets.forget(client);
  }

  private policy(p: Principal): string {
    const id = `${p.kind}:${p.rpm}`;
    let s = this.policies.get(id);
    if (s === undefined) {
      s = `"${p.kind}";q=${p.rpm};w=60`;
      this.policies.set(id, s);
    }
    return s;
  }
}
