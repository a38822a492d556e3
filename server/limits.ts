// Applies the token-bucket limit to a principal and writes the rate-limit headers every answer carries; the buckets
// are a rate-limit store's (keys share one bucket across the surfaces, anonymous callers have one per surface).
import { RetryLaterError } from '../core/errors.js';
import type { BucketVerdict } from '../core/ratelimit.js';
import type { Principal } from './auth.js';
import { clock } from './clock.js';
import type { RateLimitStore } from './ports/index.js';

export interface HeaderSink {
  header(name: string, value: string): void;
}

/** A 429; the router sends `retryAfterS` as its Retry-After. */
export class RateLimitError extends RetryLaterError {
  constructor(retryAfterS: number, message = `Rate limit exceeded: retry in ${retryAfterS} s`) {
    super('rate_limited', retryAfterS, message);
  }
}

/** A quota's fixed header values: `X-RateLimit-Limit`, `RateLimit-Policy`, and the start of `RateLimit`. */
interface Quota {
  limit: string;
  policy: string;
  head: string;
}

export class Limiter {
  private readonly keyQuotas = new Map<number, Quota>();
  private readonly ipQuotas = new Map<number, Quota>();

  constructor(private readonly store: RateLimitStore) {}

  /**
   * Takes `cost` tokens for `p` (one per request; an MCP request one per tool it calls), sets the headers on `out`,
   * and throws RateLimitError (429) when the bucket holds fewer. A key whose tokens must be asked for (a shared store
   * whose lease here is spent) gets a promise that does the same once answered; otherwise it is all done at once.
   */
  apply(p: Principal, out: HeaderSink, nowMs = clock.now(), cost = 1): void | Promise<void> {
    const v = p.kind === 'key' ? this.store.takeKey(p, nowMs, cost) : this.store.takeAnonymous(p, nowMs, cost);
    if (v instanceof Promise) return v.then((asked) => this.answer(p, out, nowMs, asked));
    this.answer(p, out, nowMs, v);
  }

  /** `apply` for an anonymous caller, whose bucket is always at hand. */
  applyAnonymous(p: Principal, out: HeaderSink, nowMs = clock.now(), cost = 1): void {
    this.answer(p, out, nowMs, this.store.takeAnonymous(p, nowMs, cost));
  }

  private answer(p: Principal, out: HeaderSink, nowMs: number, v: BucketVerdict): void {
    const q = this.quota(p);
    out.header('X-RateLimit-Limit', q.limit);
    out.header('X-RateLimit-Remaining', String(v.remaining));
    out.header('X-RateLimit-Reset', String(Math.ceil((nowMs + v.resetMs) / 1000)));
    out.header('RateLimit-Policy', q.policy);
    out.header('RateLimit', `${q.head}${v.remaining};t=${Math.ceil(v.resetMs / 1000)}`);
    if (!v.allowed) throw new RateLimitError(Math.max(1, Math.ceil(v.retryAfterMs / 1000)));
  }

  /** The header parts fixed by a principal's kind and quota, built once each (there are a handful). */
  private quota(p: Principal): Quota {
    const byRpm = p.kind === 'key' ? this.keyQuotas : this.ipQuotas;
    let q = byRpm.get(p.rpm);
    if (q === undefined) {
      q = { limit: String(p.rpm), policy: `"${p.kind}";q=${p.rpm};w=60`, head: `"${p.kind}";r=` };
      byRpm.set(p.rpm, q);
    }
    return q;
  }
}
