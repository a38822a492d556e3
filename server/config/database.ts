// The database's settings: where its data lives (or the external database instead), its connections and queue, and
// how long raw market rows are kept.
import { resolve } from 'node:path';
import { DEFAULT_QUEUE } from '../db-queue.js';
import type { EnvReader } from './env-reader.js';

export interface DatabaseConfig {
  dataDir: string;
  databaseUrl: string | null;
  /** Pool size for an external database; the embedded one always has exactly one connection. */
  dbPoolSize: number;
  /** Database queries of client requests: at most `perOwner` queued or running per key (or IP), `maxWaiting` waiting in all. */
  dbQueue: { perOwner: number; maxWaiting: number };
  /** Days after which raw market rows are compressed or dropped; 0 means never. */
  storage: {
    quotesCompressAfterDays: number;
    quotesRetainDays: number;
    bars1mCompressAfterDays: number;
    bars1mRetainDays: number;
  };
}

/** Unix socket paths are cut at 107 bytes; DATA_DIR/run/.s.PGSQL.5432 must fit or two sockets would collide. */
const MAX_DATA_DIR_BYTES = 107 - '/run/.s.PGSQL.5432'.length;
const MIN_RETAIN_DAYS = 7;

export function readDatabase(r: EnvReader): DatabaseConfig {
  const databaseUrl = r.env.DATABASE_URL ? r.env.DATABASE_URL : null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    r.problems.push('DATABASE_URL: expected a postgres:// or postgresql:// connection string');
  const dataDir = resolve(r.env.DATA_DIR || './data');
  if (Buffer.byteLength(dataDir) > MAX_DATA_DIR_BYTES) {
    r.problems.push(
      `DATA_DIR ${dataDir} is longer than ${MAX_DATA_DIR_BYTES} bytes: its sockets would not fit a unix socket path`,
    );
  }
  // The hourly aggregates re-read the last 3 days of raw rows at each refresh: dropping raw rows that young would
  // drop hours from the aggregates too, so a retention is either off (0) or at least a week.
  const retention = (name: string, fallback: number): number => {
    const days = r.int(name, fallback, 0, 36_500);
    if (days > 0 && days < MIN_RETAIN_DAYS)
      r.problems.push(`${name}=${days}: expected 0 (keep everything) or at least ${MIN_RETAIN_DAYS} days`);
    return days;
  };
  return {
    dataDir,
    databaseUrl,
    dbPoolSize: r.int('DB_POOL_SIZE', 10, 1, 200),
    dbQueue: {
      perOwner: r.int('DB_QUEUE_PER_CLIENT', DEFAULT_QUEUE.perOwner, 1, 10_000),
      maxWaiting: r.int('DB_QUEUE_MAX', DEFAULT_QUEUE.maxWaiting, 1, 1_000_000),
    },
    storage: {
      quotesCompressAfterDays: r.int('COMPRESS_QUOTES_AFTER_DAYS', 1, 0, 36_500),
      quotesRetainDays: retention('RETAIN_QUOTES_DAYS', 30),
      bars1mCompressAfterDays: r.int('COMPRESS_BARS_1M_AFTER_DAYS', 7, 0, 36_500),
      bars1mRetainDays: retention('RETAIN_BARS_1M_DAYS', 90),
    },
  };
}
