// The Prometheus exposition of /metrics: each live source's state, messages, reconnects, errors and lag, the HTTP
// requests, the stream, the database and the kept answers (each read at each scrape from where it is counted), and the
// process's own figures (CPU, memory, event loop lag, garbage collection).
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { Histogram } from '../../../core/histogram.js';
import { type HttpFigures, STATUS_CLASSES } from '../../../core/http-figures.js';
import { CLOSE_REASONS } from '../../../core/stream/close-reasons.js';
import { clock } from '../../clock.js';
import { type DatabaseFigures, SLOW_QUERY_MS } from '../../db-figures.js';
import type { StreamSubscribers } from '../../ports/index.js';
import { keptAnswers } from '../kept/index.js';
import type { SourceHealthBoard } from '../read/index.js';

const STATES = ['live', 'stale', 'down', 'off'] as const;

/** Where the figures beside the sources' are counted. */
export interface Figures {
  http: HttpFigures;
  database: DatabaseFigures;
  stream: Pick<StreamSubscribers, 'streams' | 'counts'>;
}

export class MetricsService {
  private readonly registry = new Registry();

  constructor(board: SourceHealthBoard, figures: Figures) {
    collectDefaultMetrics({ register: this.registry, prefix: 'tapewire_' });
    const labelNames = ['source', 'kind'] as const;
    const registers = [this.registry];
    const each = (
      read: (h: ReturnType<SourceHealthBoard['all']>[number], now: number) => number,
      set: (labels: { source: string; kind: string }, v: number) => void,
    ) => {
      const now = clock.now();
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
    mirror(
      'tapewire_source_errors_total',
      'Malformed messages or items skipped and failed requests of the source since start',
      (h) => h.errors,
    );
    const gauge = (
      name: string,
      help: string,
      read: (h: ReturnType<SourceHealthBoard['all']>[number], now: number) => number,
    ) =>
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
    gauge(
      'tapewire_source_lag_seconds',
      "Arrival time minus the source's own time of its last message's data",
      (h) => h.lagMs / 1000,
    );
    gauge(
      'tapewire_source_last_message_timestamp_seconds',
      'When the last message of the source arrived (Unix time)',
      (h) => h.lastMessageMs / 1000,
    );
    new Gauge({
      name: 'tapewire_source_state',
      help: 'The source state: 1 for the state it is in (live, stale, down, off), 0 for the others',
      labelNames: [...labelNames, 'state'],
      registers,
      collect() {
        this.reset();
        const now = clock.now();
        for (const h of board.all()) {
          const state = h.state(now);
          for (const s of STATES) this.set({ source: h.name, kind: h.kind, state: s }, s === state ? 1 : 0);
        }
      },
    });
    this.serverFigures(figures);
  }

  private serverFigures({ http, database, stream }: Figures): void {
    const registers = [this.registry];
    new Counter({
      name: 'tapewire_http_requests_total',
      help: 'Requests answered, by route pattern and status class (none: the client left before any answer)',
      labelNames: ['route', 'status'],
      registers,
      collect() {
        this.reset();
        for (const [route, f] of http.all()) {
          STATUS_CLASSES.forEach((status, k) => {
            if (f.byClass[k]) this.inc({ route, status }, f.byClass[k]);
          });
        }
      },
    });
    this.histogram(
      'tapewire_http_request_duration_seconds',
      'Time from a request to its answer sent, by route pattern (a stream: until it ended)',
      () => [...http.all()].map(([route, f]) => [{ route }, f.latency]),
    );
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    const counter = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    gauge('tapewire_stream_subscribers', 'Streams open now', () => stream.streams.subscribers);
    gauge(
      'tapewire_stream_backed_up_subscribers',
      'Streams open now whose socket is backed up (messages held for them)',
      () => stream.streams.backedUp,
    );
    counter(
      'tapewire_stream_messages_sent_total',
      "Messages written to streams since start, each subscriber's copy counted",
      () => stream.counts.sent,
    );
    counter(
      'tapewire_stream_messages_conflated_total',
      'Messages a backed-up stream never got, superseded by a later one of the same key',
      () => stream.counts.conflated,
    );
    new Counter({
      name: 'tapewire_stream_closed_total',
      help: 'Streams ended, by reason (stalled and overflow: slow clients cut off)',
      labelNames: ['reason'],
      registers,
      collect() {
        this.reset();
        for (const reason of CLOSE_REASONS) this.inc({ reason }, stream.counts.ended[reason]);
      },
    });
    gauge('tapewire_db_queue_waiting', 'Client queries waiting for the database', () => database.depth.waiting);
    gauge('tapewire_db_queue_running', 'Client queries running on the database', () => database.depth.running);
    counter(
      'tapewire_db_slow_queries_total',
      `Queries slower than ${SLOW_QUERY_MS} ms since start (each logged at warn)`,
      () => database.slow,
    );
    this.histogram('tapewire_db_query_duration_seconds', 'Time each database query took', () => [
      [{}, database.queries],
    ]);
    gauge(
      'tapewire_kept_answers_bytes',
      'Answers kept for the next caller, counted as their JSON (KEPT_ANSWERS_MB bounds it)',
      () => keptAnswers.total,
    );
  }

  /**
   * A histogram counted elsewhere (a Histogram of core/histogram.ts per label set), read at each scrape. prom-client's
   * own Histogram hashes its labels on every observation; its registry takes any metric with get(), as this is.
   */
  private histogram(name: string, help: string, read: () => [Record<string, string>, Histogram][]): void {
    const get = async () => ({
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      values: read().flatMap(([labels, h]) => [
        ...h.cumulative().map((value, k) => ({
          metricName: `${name}_bucket`,
          labels: { ...labels, le: k < h.bounds.length ? h.bounds[k]! : '+Inf' },
          value,
        })),
        { metricName: `${name}_sum`, labels, value: h.sum },
        { metricName: `${name}_count`, labels, value: h.count },
      ]),
    });
    this.registry.registerMetric({ name, get } as unknown as Metric);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition of every metric, as of now. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
