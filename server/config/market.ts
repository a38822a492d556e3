// The market's settings: the tick loop and its worker threads, the pool's staleness, venue backfill, how much history
// memory holds, and the floors a daily move must pass to count as unusual.
import { availableParallelism } from 'node:os';
import { DEFAULT_MOVE_FLOORS, INSTRUMENT_KINDS, type InstrumentKind } from '../../core/vocabulary.js';
import type { EnvReader } from './env-reader.js';

export interface MarketConfig {
  workers: number;
  moveFloors: Record<InstrumentKind, number>;
  /** A venue quote at least this old is stale and left out of the pool. */
  poolStaleS: number;
  /** How far back a live venue listing's 1m bars are fetched over REST at most, at start and after a gap; 0: never. */
  venueBackfillMs: number;
  tickMs: number;
  /** A tick with at least this many venue quotes is pooled on a worker thread; smaller ones inline (see bench:pool). */
  poolWorkerMinQuotes: number;
  /** Days of closed 1m bars held in memory per instrument; 1m requests within them never touch the database. */
  minuteBarsDays: number;
  /** Days of closed 1h candles held in memory per instrument and per listing (daily candles: ten years, pooled only). */
  hourBarsDays: number;
  /** Days of closed 1m bars held in memory per venue listing. */
  listingMinuteBarsDays: number;
}

export function readMarket(r: EnvReader): MarketConfig {
  return {
    workers: r.int('WORKERS', Math.max(1, availableParallelism() - 1), 1, 256),
    moveFloors: moveFloors(r),
    poolStaleS: r.int('POOL_STALE_S', 60, 1, 86_400),
    venueBackfillMs: r.int('VENUE_BACKFILL_HOURS', 24, 0, 24 * 30) * 3_600_000,
    tickMs: r.int('TICK_MS', 1000, 50, 60_000),
    poolWorkerMinQuotes: r.int('POOL_WORKER_MIN_QUOTES', 2000, 1, 1_000_000_000),
    minuteBarsDays: r.int('MINUTE_BARS_MEMORY_DAYS', 14, 1, 90),
    hourBarsDays: r.int('HOUR_BARS_MEMORY_DAYS', 90, 1, 3650),
    listingMinuteBarsDays: r.int('LISTING_MINUTE_BARS_MEMORY_DAYS', 1, 1, 90),
  };
}

/** MOVE_FLOORS="crypto=12,fx=1.5" overrides the default floor of the kinds it names. */
function moveFloors(r: EnvReader): Record<InstrumentKind, number> {
  const floors = { ...DEFAULT_MOVE_FLOORS };
  const raw = r.env.MOVE_FLOORS;
  if (!raw) return floors;
  for (const part of raw.split(',')) {
    const [kind, value] = part.split('=').map((s) => s.trim());
    if (!INSTRUMENT_KINDS.includes(kind as InstrumentKind) || !value || !/^\d+(\.\d+)?$/.test(value) || +value <= 0) {
      r.problems.push(
        `MOVE_FLOORS: ${JSON.stringify(part)} is not <kind>=<percent> with kind one of ${INSTRUMENT_KINDS.join(', ')}`,
      );
      continue;
    }
    floors[kind as InstrumentKind] = +value;
  }
  return floors;
}
