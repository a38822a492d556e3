// How the database keeps its data: the compression and retention policies set from config, TimescaleDB's jobs (for
// the embedded database, which has no background workers to run them), and the candle aggregates materialized after a
// bulk load.
import type { Config } from '../../config.js';
import type { Db } from '../../db.js';

export interface Job {
  jobId: number;
  proc: string;
  target: string;
  everyMs: number;
}

/** The raw tables each policy applies to, with the configured number of days (0: never). */
function storagePolicies(
  storage: Config['storage'],
): [table: string, kind: 'compression' | 'retention', days: number][] {
  return [
    ['venue_quotes', 'compression', storage.quotesCompressAfterDays],
    ['venue_quotes', 'retention', storage.quotesRetainDays],
    ['bars_1m', 'compression', storage.bars1mCompressAfterDays],
    ['bars_1m', 'retention', storage.bars1mRetainDays],
    ['listing_bars_1m', 'compression', storage.bars1mCompressAfterDays],
    ['listing_bars_1m', 'retention', storage.bars1mRetainDays],
  ];
}

export class StorageService {
  constructor(private readonly db: Db) {}

  /** Makes the database's compression and retention policies match the configuration. */
  async applyPolicies(storage: Config['storage']): Promise<void> {
    for (const [hypertable, kind, days] of storagePolicies(storage))
      await this.db.rows('setPolicy', { hypertable, kind, days: days || null });
  }

  jobs(): Promise<Job[]> {
    return this.db.rows<Job>('listJobs');
  }

  async runJob(jobId: number): Promise<void> {
    await this.db.rows('runJob', { jobId });
  }

  /** Materializes the 1h and 1d candles of bars just loaded in bulk (refresh cannot run inside a transaction). */
  async materializeCandles(): Promise<void> {
    await this.db.rows('refreshBars1h');
    await this.db.rows('refreshBars1d');
    await this.db.rows('refreshListingBars1h');
    await this.db.rows('refreshListingBars1d');
  }

  /** After a bulk load of stories: planner statistics, and the full-text index's pending entries merged. */
  async analyzeStories(): Promise<void> {
    await this.db.rows('analyzeStory');
  }
}
