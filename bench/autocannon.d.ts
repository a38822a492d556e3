// Types for the part of autocannon's programmatic API the benchmarks use: the package ships none.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    pipelining?: number;
    duration?: number;
    /** Requests to send in all, instead of a duration. */
    amount?: number;
    timeout?: number;
    warmup?: { connections?: number; duration?: number };
    excludeErrorStats?: boolean;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    url: string;
    connections: number;
    pipelining: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void,
    ): this;
    // biome-ignore lint/suspicious/noExplicitAny: EventEmitter's own signature; `unknown` would refuse typed listeners.
    on(event: string, listener: (...args: any[]) => void): this;
  }

  export default function autocannon(options: Options): Instance;
}
