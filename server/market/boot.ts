// Builds the hot market state from the database and, for the demo dataset, starts the simulated venues' tick loop.
import { DEMO_INSTRUMENTS, demoListings } from '../../core/demo/universe.js';
import { VenueSimulator } from '../../core/demo/venues.js';
import { DAY_MS } from '../../core/time.js';
import type { Db } from '../db.js';
import type { Logger } from '../log.js';
import { MarketState, RECENT_MINUTES, type InstrumentRow, type ListingRow } from './state.js';
import { Ticker } from './ticker.js';

const DEFAULT_DAILY_VOL = 0.02;

export interface Market {
  state: MarketState;
  ticker: Ticker | null;
}

export async function startMarket(
  db: Db,
  options: { staleMs: number; tickMs: number; simulate: boolean; seed: number },
  log: Logger,
): Promise<Market> {
  const instruments = await db.rows<InstrumentRow>('listInstruments');
  const listings = await db.rows<ListingRow>('listListings');
  const state = new MarketState(instruments, listings, options.staleMs);
  const now = Date.now();
  const index = new Map(instruments.map((inst, k) => [inst.id, k]));
  for (const row of await db.rows<{ instrumentId: number; close: number }>('previousCloses', [new Date(now - (now % DAY_MS))])) {
    state.previousClose[index.get(row.instrumentId)!] = row.close;
  }
  const recent = await db.rows<{ instrumentId: number; ts: number; open: number; high: number; low: number; close: number; volume: number; venues: number }>(
    'recentBars1m',
    [new Date(now - RECENT_MINUTES * 60_000)],
  );
  for (const b of recent) state.minuteBars.push(index.get(b.instrumentId)!, Number(b.ts), b.open, b.high, b.low, b.close, b.volume, b.venues);
  if (!options.simulate || instruments.length === 0) return { state, ticker: null };

  // The simulated venues carry on from each instrument's last 1m close, with the demo's volumes and volatility.
  const lastClose = new Map((await db.rows<{ instrumentId: number; close: number }>('lastCloses')).map((r) => [r.instrumentId, r.close]));
  const demo = new Map(DEMO_INSTRUMENTS.map((d) => [d.symbol, d]));
  const shares = new Map(demoListings(options.seed).map((l) => [`${l.symbol}:${l.venue}:${l.market}`, l.share]));
  const feed = new VenueSimulator(
    listings.map((l) => {
      const k = index.get(l.instrumentId)!;
      const inst = instruments[k]!;
      const volume = demo.get(inst.symbol)?.volume24hUsd ?? 1e8;
      const share = shares.get(`${inst.symbol}:${l.venue}:${l.market}`) ?? 1 / (state.offsets[k + 1]! - state.offsets[k]!);
      return { instrument: k, perp: l.market === 'perp', volume24hUsd: volume * share, fundingIntervalHours: l.fundingIntervalHours };
    }),
    Float64Array.from(instruments, (i) => lastClose.get(i.id) ?? demo.get(i.symbol)?.startPrice ?? 1),
    Float64Array.from(instruments, (i) => demo.get(i.symbol)?.dailyVol ?? DEFAULT_DAILY_VOL),
    options.seed,
  );
  const ticker = new Ticker(state, feed, db, log);
  ticker.start(options.tickMs);
  log.info({ instruments: instruments.length, listings: listings.length, tickMs: options.tickMs }, 'simulated venues started');
  return { state, ticker };
}
