// Builds the hot market state from the database and, for the demo dataset, starts the simulated venues' tick loop.
import { DEMO_INSTRUMENTS, demoListings } from '../../core/demo/universe.js';
import { VenueSimulator } from '../../core/demo/venues.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../core/time.js';
import type { Db } from '../db.js';
import type { Logger } from '../log.js';
import type { OpenBar } from '../../core/kernels/bars.js';
import type { BarColumn } from './bar-rows.js';
import { MarketState, type InstrumentRow, type ListingRow } from './state.js';
import { Ticker } from './ticker.js';

const DEFAULT_DAILY_VOL = 0.02;

export interface Market {
  state: MarketState;
  ticker: Ticker | null;
}

export async function startMarket(
  db: Db,
  options: { staleMs: number; tickMs: number; simulate: boolean; seed: number; minuteBarsDays: number; hourBarsDays: number },
  log: Logger,
): Promise<Market> {
  const instruments = await db.rows<InstrumentRow>('listInstruments');
  const listings = await db.rows<ListingRow>('listListings');
  const state = new MarketState(instruments, listings, options.staleMs, { minuteDays: options.minuteBarsDays, hourDays: options.hourBarsDays });
  const now = Date.now();
  const index = new Map(instruments.map((inst, k) => [inst.id, k]));
  for (const row of await db.rows<{ instrumentId: number; close: number }>('previousCloses', [new Date(now - (now % DAY_MS))])) {
    state.previousClose[index.get(row.instrumentId)!] = row.close;
  }
  const cutShort = await loadCandles(db, state, index, now, options.simulate);
  if (!options.simulate || instruments.length === 0) return { state, ticker: null };

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
  const ticker = new Ticker(state, feed, db, log);
  for (const [i, bar] of cutShort) ticker.resume({ instrument: i }, bar);
  const minute = now - (now % MINUTE_MS);
  const listingBars = await db.columns<BarColumn | 'listing_id'>('listingBars1mSince', [new Date(minute)]);
  const { listing_id: lid, ...c } = listingBars.columns;
  for (let k = 0; k < listingBars.length; k++) {
    const bar = { ts: c.ts[k]!, open: c.open[k]!, high: c.high[k]!, low: c.low[k]!, close: c.close[k]!, volume: c.volume_usd[k]!, venues: 0 };
    ticker.resume({ listing: state.listingIndex(lid[k]!) }, bar);
  }
  ticker.start(options.tickMs);
  log.info({ instruments: instruments.length, listings: listings.length, tickMs: options.tickMs }, 'simulated venues started');
  return { state, ticker };
}

/**
 * Loads the pooled candles memory holds: the closed ones of each interval, and the open hour and day rebuilt from the
 * 1m bars. Returns the bars of the current minute that the last shutdown cut short, for the tick loop to carry on
 * when it runs (without one they are held as they are).
 */
async function loadCandles(db: Db, state: MarketState, index: Map<number, number>, now: number, resume: boolean): Promise<[number, OpenBar][]> {
  for (const interval of ['1m', '1h', '1d'] as const) {
    const held = state.candles[interval];
    const bucket = now - (now % held.bucketMs);
    const windowStart = bucket - held.ring.capacity * held.bucketMs;
    const before = interval === '1m' && !resume ? now + MINUTE_MS : bucket;
    const rows = await db.columns<BarColumn | 'instrument_id'>(`heldCandles${interval}`, [new Date(windowStart), new Date(before)]);
    const { instrument_id: id, ts, open, high, low, close, volume_usd: volume, venues } = rows.columns;
    for (let k = 0; k < rows.length; k++) {
      held.ring.push(index.get(id[k]!)!, ts[k]!, open[k]!, high[k]!, low[k]!, close[k]!, volume[k]!, venues[k]! || 0);
    }
    for (const row of await db.rows<{ instrumentId: number; ts: number | null }>(`oldestCandles${interval}`)) {
      if (row.ts !== null && row.ts < windowStart) held.from[index.get(row.instrumentId)!] = windowStart;
    }
  }
  const minutes = state.candles['1m'].ring;
  for (const [interval, bucketMs] of [['1h', HOUR_MS], ['1d', DAY_MS]] as const) {
    for (let i = 0; i < state.instruments.length; i++) {
      for (let p = minutes.lowerBound(i, now - (now % bucketMs)); p < minutes.size(i); p++) {
        const k = minutes.slot(i, p);
        const bar = { ts: minutes.ts[k]!, open: minutes.open[k]!, high: minutes.high[k]!, low: minutes.low[k]!, close: minutes.close[k]!, volume: minutes.volume[k]!, venues: minutes.venues[k]! };
        state.candles[interval].fold(i, bar);
      }
    }
  }
  if (!resume) return [];
  const minute = now - (now % MINUTE_MS);
  const current = await db.columns<BarColumn | 'instrument_id'>('heldCandles1m', [new Date(minute), new Date(minute + MINUTE_MS)]);
  const c = current.columns;
  return Array.from({ length: current.length }, (_, k) => [
    index.get(c.instrument_id[k]!)!,
    { ts: c.ts[k]!, open: c.open[k]!, high: c.high[k]!, low: c.low[k]!, close: c.close[k]!, volume: c.volume_usd[k]!, venues: c.venues[k]! },
  ]);
}
