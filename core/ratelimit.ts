// Token buckets for rate limiting: flat typed arrays indexed by a slot per client, so a check allocates nothing.

export interface BucketVerdict {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Milliseconds until the bucket is full again. */
  resetMs: number;
  /** Milliseconds until one token is available (0 when allowed). */
  retryAfterMs: number;
}

/**
 * A bounded table of buckets. Capacity is the per-minute quota (a minute's burst), refilled continuously.
 * When the table is full the oldest-created slot is recycled: an evicted client just starts with a full
 * bucket, which bounds memory against a flood of distinct anonymous IPs.
 */
export class TokenBuckets {
  private readonly tokens: Float64Array;
  private readonly stamps: Float64Array;
  private readonly slots = new Map<string, number>();
  private readonly owners: (string | undefined)[];
  private next = 0;
  private readonly verdict: BucketVerdict = { allowed: false, remaining: 0, resetMs: 0, retryAfterMs: 0 };

  constructor(readonly maxClients: number) {
    this.tokens = new Float64Array(maxClients);
    this.stamps = new Float64Array(maxClients);
    this.owners = new Array<string | undefined>(maxClients);
  }

  /** Takes `cost` tokens for `client` at `nowMs`, or none when it has fewer. The returned object is reused by the next call. */
  take(client: string, perMinute: number, nowMs: number, cost = 1): BucketVerdict {
    const perMs = perMinute / 60_000;
    let slot = this.slots.get(client);
    let tokens: number;
    if (slot === undefined) {
      slot = this.allocate(client);
      tokens = perMinute;
    } else {
      tokens = Math.min(perMinute, this.tokens[slot]! + (nowMs - this.stamps[slot]!) * perMs);
    }
    const v = this.verdict;
    v.allowed = tokens >= cost;
    if (v.allowed) tokens -= cost;
    this.tokens[slot] = tokens;
    this.stamps[slot] = nowMs;
    v.remaining = Math.floor(tokens);
    v.resetMs = perMs > 0 ? (perMinute - tokens) / perMs : 0;
    v.retryAfterMs = v.allowed ? 0 : (cost - tokens) / perMs;
    return v;
  }

  /** Forgets a client (a revoked key), so its slot can be reused. */
  forget(client: string): void {
    const slot = this.slots.get(client);
    if (slot === undefined) return;
    this.slots.delete(client);
    this.owners[slot] = undefined;
  }

  get size(): number {
    return this.slots.size;
  }

  private allocate(client: string): number {
    const slot = this.next;
    this.next = (this.next + 1) % this.maxClients;
    const previous = this.owners[slot];
    if (previous !== undefined) this.slots.delete(previous);
    this.owners[slot] = client;
    this.slots.set(client, slot);
    return slot;
  }
}
