// The database's figures for /metrics: how long each query took (a histogram), how many were slow, and the client
// query queue's depth, read at each scrape from the queue itself.
import { Histogram } from '../core/histogram.js';
import type { QueryQueue } from './db-queue.js';

/** Seconds a query takes: point reads are sub-millisecond, candle ranges and imports take up to seconds. */
export const QUERY_BOUNDS_S = [0.001, 0.005, 0.025, 0.1, 0.25, 1, 5];
/** A query slower than this is logged at warn and counted as slow. */
export const SLOW_QUERY_MS = 250;

export class DatabaseFigures {
  readonly queries = new Histogram(QUERY_BOUNDS_S);
  /** Queries over the slow threshold (each also logged at warn). */
  slow = 0;
  private queue: QueryQueue | null = null;

  /** The queue client queries wait in, once the database is open. */
  watch(queue: QueryQueue): void {
    this.queue = queue;
  }

  get depth(): { waiting: number; running: number } {
    return this.queue?.depth ?? { waiting: 0, running: 0 };
  }
}
