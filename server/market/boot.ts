// Builds the hot market state from the database and, for the demo dataset, starts the simulated venues' tick loop.
import { DEMO_INSTRUMENTS, demoListings } from '../../core/demo/universe.js';
import { VenueSimulator } from '../../core/demo/venues.js';
import { DAY_MS, MINUTE_MS } from '../../core/time.js';
import type { Db } from '../db.js';
import type { Logger } from '../log.js';
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
  options: { staleMs: number; tickMs: number; simulate: boolean; seed: number; minuteBarsDays: number },
  log: Logger,
): Promise<Market> {
  const instruments = await db.rows<InstrumentRow>('listInstruments');
  const listings = await db.rows<ListingRow>('listListings');
  const state = new MarketState(instruments, listings, options.staleMs, options.minuteBarsDays * 1440);
  const now = Date.now();
  const index = new Map(instruments.map((inst, k) => [inst.id, k]));
  for (const row of await db.rows<{ instrumentId: number; close: number }>('previousCloses', [new Date(now - (now % DAY_MS))])) {
    state.previousClose[index.get(row.instrumentId)!] = row.close;
  }
  const windowStart = now - state.minuteBarsHeldMinutes * MINUTE_MS;
  const recent = await db.columns<BarColumn | 'instrument_id'>('recentBars1m', [new Date(windowStart)]);
  const { instrument_id: id, ts, open, high, low, close, volume_usd: volume, venues } = recent.columns;
  for (let k = 0; k < recent.length; k++) {
    state.minuteBars.push(index.get(id[k]!)!, ts[k]!, open[k]!, high[k]!, low[k]!, close[k]!, volume[k]!, venues[k]!);
  }
  for (const row of await db.rows<{ instrumentId: number; ts: number | null }>('oldestBars1m')) {
    if (row.ts !== null && row.ts < windowStart) state.minuteBarsFrom[index.get(row.instrumentId)!] = windowStart;
  }
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
  ticker.start(options.tickMs);
  log.info({ instruments: instruments.length, listings: listings.length, tickMs: options.tickMs }, 'simulated venues started');
  return { state, ticker };
}
