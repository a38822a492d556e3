// Builds the hot market state from the database and, for the demo dataset, starts the simulated venues' tick loop.
import { DEMO_INSTRUMENTS, demoListings } from '../../core/demo/universe.js';
import { VenueSimulator } from '../../core/demo/venues.js';
import { DAY_MS, MINUTE_MS } from '../../core/time.js';
import type { Db } from '../db.js';
import type { Logger } from '../log.js';
import { barAt, type Bar } from '../../core/kernels/bars.js';
import type { HeldBars } from '../../core/series.js';
import { BAR_COLUMNS } from './bar-rows.js';
import { MarketState, type CandleInterval, type InstrumentRow, type ListingRow } from './state.js';
import { Ticker, type PoolOffload } from './ticker.js';

const DEFAULT_DAILY_VOL = 0.02;

export interface Market {
  state: MarketState;
  ticker: Ticker | null;
  /** The demo's simulated venues, which the demo newswire moves when a story carries a price jump. */
  simulator: VenueSimulator | null;
}

export async function startMarket(
  db: Db,
  options: {
    staleMs: number;
    tickMs: number;
    simulate: boolean;
    seed: number;
    minuteBarsDays: number;
    hourBarsDays: number;
    listingMinuteBarsDays: number;
    offload: PoolOffload | null;
  },
  log: Logger,
): Promise<Market> {
  const instruments = await db.rows<InstrumentRow>('listInstruments');
  const listings = await db.rows<ListingRow>('listListings');
  const state = new MarketState(instruments, listings, options.staleMs, {
    minuteDays: options.minuteBarsDays,
    hourDays: options.hourBarsDays,
    listingMinuteDays: options.listingMinuteBarsDays,
  });
  const now = Date.now();
  const index = new Map(instruments.map((inst, k) => [inst.id, k]));
  for (const row of await db.rows<{ instrumentId: number; close: number }>('previousCloses', [new Date(now - (now % DAY_MS))])) {
    state.previousClose[index.get(row.instrumentId)!] = row.close;
  }
  const pooled = { candles: state.candles, ids: instruments.map((i) => i.id), held: 'heldCandles', oldest: 'oldestCandles' };
  const cutShort = await loadCandles(db, pooled, now, options.simulate);
  const perListing = { candles: state.listingCandles, ids: listings.map((l) => l.id), held: 'heldListingCandles', oldest: 'oldestListingCandles' };
  const listingsCutShort = await loadCandles(db, perListing, now, options.simulate);
  if (!options.simulate || instruments.length === 0) return { state, ticker: null, simulator: null };

  // The simulated venues carry on from each instrument's last 1m close, with the demo's volumes and volatility.
  const lastClose = new Map((await db.rows<{ instrumentId: number; close: number }>('lastCloses')).map((r) => [r.instrumentId, r.close]));
  const demo = new Map(DEMO_INSTRUMENTS.map((d) => [d.symbol, d]));
  const latest = new Map(
    (await db.rows<{ listingId: number; fundingRate: number | null; openInterestUsd: number | null }>('latestDerivatives')).map((r) => [r.listingId, r]),
  );
  const shares = new Map(demoListings(options.seed).map((l) => [`${l.symbol}:${l.venue}:${l.market}`, l.share]));
  const feed = new VenueSimulator(
    listings.map((l) => {
      const k = index.get(l.instrumentId)!;
      const inst = instruments[k]!;
      const volume = demo.get(inst.symbol)?.volume24hUsd ?? 1e8;
      const share = shares.get(`${inst.symbol}:${l.venue}:${l.market}`) ?? 1 / (state.offsets[k + 1]! - state.offsets[k]!);
      const last = latest.get(l.id);
      return {
        instrument: k,
        perp: l.market === 'perp',
        volume24hUsd: volume * share,
        fundingIntervalHours: l.fundingIntervalHours,
        openInterestUsd: last?.openInterestUsd ?? undefined,
        fundingRate: last?.fundingRate ?? undefined,
      };
    }),
    Float64Array.from(instruments, (i) => lastClose.get(i.id) ?? demo.get(i.symbol)?.startPrice ?? 1),
    Float64Array.from(instruments, (i) => demo.get(i.symbol)?.dailyVol ?? DEFAULT_DAILY_VOL),
    options.seed,
  );
  const ticker = new Ticker(state, feed, db, log, options.offload);
  for (const [i, bar] of cutShort) ticker.resume({ instrument: i }, bar);
  for (const [j, bar] of listingsCutShort) ticker.resume({ listing: j }, bar);
  ticker.start(options.tickMs);
  log.info({ instruments: instruments.length, listings: listings.length, tickMs: options.tickMs, pooling: ticker.pooling }, 'simulated venues started');
  return { state, ticker, simulator: feed };
}

/** One kind of candle series memory holds: pooled per instrument, or per venue listing. */
interface HeldSeries {
  candles: Partial<Record<CandleInterval, HeldBars>>;
  /** The database id of each series, in series order. */
  ids: number[];
  /**
   * Names of the queries `${held}${interval}` (the candles of several series in a window, each row naming its series)
   * and `${oldest}${interval}` (each series' first).
   */
  held: string;
  oldest: string;
}

/**
 * Rows one held-candles query answers at most, by the series it asks for. Each query costs about 13 ms on the embedded
 * database before its first row (the views over real-time aggregates are planned anew), so series are read together;
 * the bound keeps each answer's column arrays, which arrive as text, to a few megabytes.
 */
const HELD_ROWS_PER_QUERY = 100_000;
const HELD_COLUMNS = ['series', ...BAR_COLUMNS] as const;

/**
 * Loads the candles memory holds of one kind of series: the closed ones of each interval, and the open coarser buckets
 * rebuilt from the 1m bars. With `resume`, the 1m bars of the current minute (cut short by the last shutdown) are
 * returned for the tick loop to carry on instead of being held.
 */
async function loadCandles(db: Db, series: HeldSeries, now: number, resume: boolean): Promise<[number, Bar][]> {
  const minute = now - (now % MINUTE_MS);
  const cutShort: [number, Bar][] = [];
  const index = new Map(series.ids.map((id, s) => [id, s]));
  for (const [interval, held] of Object.entries(series.candles)) {
    const bucket = now - (now % held.bucketMs);
    const windowStart = bucket - held.ring.capacity * held.bucketMs;
    // The open coarser buckets are not read: they are folded from the 1m bars below. The current minute is.
    const before = interval === '1m' ? minute + MINUTE_MS : bucket;
    const perQuery = Math.max(1, Math.floor(HELD_ROWS_PER_QUERY / held.ring.capacity));
    for (let first = 0; first < series.ids.length; first += perQuery) {
      const ids = series.ids.slice(first, first + perQuery);
      const rows = await db.columns(`${series.held}${interval}`, [ids, new Date(windowStart), new Date(before)], HELD_COLUMNS);
      for (let k = 0; k < rows.length; k++) {
        const s = index.get(rows.columns.series[k]!)!;
        const bar = barAt(rows.columns, k);
        if (resume && bar.ts >= minute) cutShort.push([s, bar]);
        else held.ring.push(s, bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues);
      }
    }
    for (const row of await db.rows<{ id: number; ts: number | null }>(`${series.oldest}${interval}`)) {
      if (row.ts !== null && row.ts < windowStart) held.from[index.get(row.id)!] = windowStart;
    }
  }
  const minutes = series.candles['1m']!.ring;
  for (const [interval, held] of Object.entries(series.candles)) {
    if (interval === '1m') continue;
    for (let s = 0; s < series.ids.length; s++) {
      for (let p = minutes.lowerBound(s, now - (now % held.bucketMs)); p < minutes.size(s); p++) held.fold(s, barAt(minutes, minutes.slot(s, p)));
    }
  }
  return cutShort;
}
