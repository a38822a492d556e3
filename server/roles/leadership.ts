// The ingest leadership of a scale-out: a standby asks for the database's lease until it gets it; the leader renews it
// and may write only while a renewal is recent enough, by its own monotonic clock, that no other node can have taken
// it (held(): the tick loop asks before each tick). Told its token no longer renews, it is deposed: the role ends the
// process, and a supervisor starts it again as a standby.
import type { Logger } from '../log.js';
import type { IngestLeaseStore } from '../services/ops/ingest-lease.js';

export interface LeaseTimes {
  /** How long a lease lasts from its last renewal: a dead leader is replaced after at most this long. */
  ttlMs: number;
  /** How often the leader renews, and a standby asks. */
  everyMs: number;
}

export const LEASE_TIMES: LeaseTimes = { ttlMs: 4000, everyMs: 1000 };

export class Leadership {
  private token: number | null = null;
  /** When the last renewal was sent (monotonic): the lease is ours until ttlMs after it, less a margin. */
  private confirmedAt = -Infinity;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private renewing = false;
  /** The lease asked for at each renewal: longer while holdingFor runs. */
  private askedTtlMs: number;
  private lost: (why: string) => void = () => undefined;

  constructor(
    private readonly store: IngestLeaseStore,
    private readonly node: string,
    private readonly log: Logger,
    private readonly times: LeaseTimes = LEASE_TIMES,
  ) {
    this.askedTtlMs = times.ttlMs;
  }

  /** The fencing token of this leadership; null before it leads. */
  get epoch(): number | null {
    return this.token;
  }

  /**
   * Asks for the lease at start: at once when it is free (a first start, or the leader stopped cleanly); else it was
   * held until lately, and a standby already following the market is given a lease's length to take it first.
   */
  async firstTake(): Promise<boolean> {
    const holder = await this.store.holder().catch(() => null);
    return holder === null ? this.tryTake() : false;
  }

  /** Asks for the lease once (a database error is a no); true when this node now leads. */
  async tryTake(): Promise<boolean> {
    if (this.stopped) return false;
    const sentAt = performance.now();
    const token = await this.store.take(this.node, this.times.ttlMs).catch(() => null);
    if (token === null || this.stopped) return false;
    this.token = token;
    this.confirmedAt = sentAt;
    this.log.info({ node: this.node, epoch: token }, 'ingest leadership taken');
    this.timer = setInterval(() => this.renew(), this.times.everyMs);
    return true;
  }

  /**
   * Waits until this node holds the lease, asking every `everyMs`; resolves to the token, or to null once stopped.
   */
  async acquire(firstAfterMs = 0): Promise<number | null> {
    this.log.info({ node: this.node }, 'standing by: another node leads ingest');
    await new Promise((r) => setTimeout(r, firstAfterMs));
    while (!this.stopped) {
      if (await this.tryTake()) return this.token;
      await new Promise((r) => setTimeout(r, this.times.everyMs));
    }
    return null;
  }

  /** How long a lease lasts: a node arriving after a leader's death leaves the standby this long to take over first. */
  get leaseMs(): number {
    return this.times.ttlMs;
  }

  /**
   * Runs `work` holding the lease for up to `ttlMs` at a time: the embedded database runs one transaction at a time,
   * so behind a long one of this node's own (a source's first load) a renewal would wait past the lease, and the
   * standby would take it. A leader dying meanwhile is replaced after `ttlMs`.
   */
  async holdingFor<T>(ttlMs: number, work: () => Promise<T>): Promise<T> {
    this.askedTtlMs = ttlMs;
    const token = this.token;
    if (token !== null) await this.store.renew(this.node, token, ttlMs).catch(() => undefined);
    try {
      return await work();
    } finally {
      this.askedTtlMs = this.times.ttlMs;
    }
  }

  /** Whether this node may still write as the leader: its lease cannot have expired yet. */
  held(): boolean {
    // A quarter of the lease is kept back for the clocks' drift and the renewal's own time in flight.
    return this.token !== null && performance.now() - this.confirmedAt < this.times.ttlMs * 0.75;
  }

  /** Called once, when the lease is found taken over. */
  onLost(lost: (why: string) => void): void {
    this.lost = lost;
  }

  /** Stops asking or renewing; a leader frees the lease for its standby at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const token = this.token;
    this.token = null;
    if (token !== null) await this.store.release(this.node, token).catch(() => undefined);
  }

  private renew(): void {
    const token = this.token;
    // One renewal in flight at a time: behind a long transaction on the database they would only queue up.
    if (token === null || this.renewing) return;
    this.renewing = true;
    const sentAt = performance.now();
    this.store
      .renew(this.node, token, this.askedTtlMs)
      .then(
        (renewed) => {
          if (this.token !== token) return;
          if (renewed) this.confirmedAt = sentAt;
          else this.depose('another node took the lease');
        },
        (err: Error) => this.log.warn({ err: err.message }, 'ingest lease not renewed: retrying'),
      )
      .finally(() => {
        this.renewing = false;
      });
  }

  private depose(why: string): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.token = null;
    this.log.error({ node: this.node, why }, 'ingest leadership lost');
    this.lost(why);
  }
}
