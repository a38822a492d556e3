// How fresh each source is, for /v1/meta's `sources` and /metrics: its connections (a polled source holds one while
// its last round succeeded), the last message it received and how late it was, how often it reconnected, and what it
// could not read. A source that never connected is down; one connected but silent for its staleness limit is stale,
// counted from its last message or, before any, from when it connected. Counters only grow.
import type { SourceStatus } from '../../../core/schemas/meta.js';

export type SourceState = SourceStatus['state'];

export class SourceHealth {
  /** Connections open now, and how many it means to hold. */
  open = 0;
  connections = 0;
  lastMessageMs = NaN;
  /** When a connection last opened. */
  private connectedMs = NaN;
  /** Received time minus the venue's time of the data, of the last message that said it. */
  lagMs = NaN;
  messages = 0;
  reconnects = 0;
  /** Malformed frames or items, failed requests: counted, logged and skipped. */
  errors = 0;

  constructor(
    readonly name: string,
    readonly kind: SourceStatus['kind'],
    /** Silent for this long while connected, it is stale. */
    private readonly staleMs: number,
    /** Configured but not running (nothing to serve). */
    readonly off = false,
  ) {}

  /** A connection opened at `nowMs`. */
  connected(nowMs: number): void {
    this.open++;
    this.connectedMs = nowMs;
  }

  message(receivedMs: number, dataMs: number): void {
    this.messages++;
    this.lastMessageMs = receivedMs;
    if (Number.isFinite(dataMs)) this.lagMs = Math.max(0, receivedMs - dataMs);
  }

  state(nowMs: number): SourceState {
    if (this.off) return 'off';
    if (this.open === 0) return 'down';
    const heard = Number.isFinite(this.lastMessageMs) ? this.lastMessageMs : this.connectedMs;
    return nowMs - heard < this.staleMs ? 'live' : 'stale';
  }

  status(nowMs: number): SourceStatus {
    return {
      name: this.name,
      kind: this.kind,
      state: this.state(nowMs),
      lastMessageAt: Number.isFinite(this.lastMessageMs) ? new Date(this.lastMessageMs).toISOString() : null,
      lagMs: Number.isFinite(this.lagMs) ? Math.round(this.lagMs) : null,
      connections: this.open,
      messages: this.messages,
      reconnects: this.reconnects,
      errors: this.errors,
    };
  }
}

/** Every source's health, in the order they registered. */
export class SourceHealthBoard {
  private readonly sources: SourceHealth[] = [];

  add(health: SourceHealth): SourceHealth {
    this.sources.push(health);
    return health;
  }

  all(): readonly SourceHealth[] {
    return this.sources;
  }

  statuses(nowMs: number): SourceStatus[] {
    return this.sources.map((s) => s.status(nowMs));
  }
}
