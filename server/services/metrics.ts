// The Prometheus exposition of /metrics: each live source's state, messages, reconnects, errors and lag (read from
// its health at each scrape), and the process's own figures (CPU, memory, event loop lag, garbage collection).
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { SourceHealthBoard } from './source-health.js';

const STATES = ['live', 'stale', 'down', 'off'] as const;

export class MetricsService {
  private readonly registry = new Registry();

  constructor(board: SourceHealthBoard) {
    collectDefaultMetrics({ register: this.registry, prefix: 'tapewire_' });
    const labelNames = ['source', 'kind'] as const;
    const registers = [this.registry];
    const each = (read: (h: ReturnType<SourceHealthBoard['all']>[number], now: number) => number, set: (labels: { source: string; kind: string }, v: number) => void) => {
      const now = Date.now();
      for (const h of board.all()) {
        const v = read(h, now);
        if (Number.isFinite(v)) set({ source: h.name, kind: h.kind }, v);
      }
    };
    /** A counter that mirrors a count its source keeps: reset, then set to it at each scrape. */
    const mirror = (name: string, help: string, read: (h: ReturnType<SourceHealthBoard['all']>[number]) => number) =>
      new Counter({
        name,
        help,
        labelNames,
        registers,
        collect() {
          this.reset();
          each(read, (labels, v) => this.inc(labels, v));
        },
      });
    mirror('tapewire_source_messages_total', 'Messages received from the source since start', (h) => h.messages);
    mirror('tapewire_source_reconnects_total', 'Reconnections to the source since start', (h) => h.reconnects);
    mirror('tapewire_source_errors_total', 'Malformed messages or items skipped and failed requests of the source since start', (h) => h.errors);
    const gauge = (name: string, help: string, read: (h: ReturnType<SourceHealthBoard['all']>[number], now: number) => number) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        collect() {
          this.reset();
          each(read, (labels, v) => this.set(labels, v));
        },
      });
    gauge('tapewire_source_connections', 'Connections to the source open now', (h) => h.open);
    gauge('tapewire_source_lag_seconds', "Arrival time minus the source's own time of its last message's data", (h) => h.lagMs / 1000);
    gauge('tapewire_source_last_message_timestamp_seconds', 'When the last message of the source arrived (Unix time)', (h) => h.lastMessageMs / 1000);
    new Gauge({
      name: 'tapewire_source_state',
      help: 'The source state: 1 for the state it is in (live, stale, down, off), 0 for the others',
      labelNames: [...labelNames, 'state'],
      registers,
      collect() {
        this.reset();
        const now = Date.now();
        for (const h of board.all()) {
          const state = h.state(now);
          for (const s of STATES) this.set({ source: h.name, kind: h.kind, state: s }, s === state ? 1 : 0);
        }
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition of every metric, as of now. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
