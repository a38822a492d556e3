// Builds the hot market state from the database and, for the demo dataset, starts the simulated venues' tick loop.
import { DEMO_INSTRUMENTS, demoListings } from '../../core/demo/universe.js';
import { VenueSimulator } from '../../core/demo/venues.js';
import { DAY_MS, MINUTE_MS } from '../../core/time.js';
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
  // A bar of the current minute was cut short by the last shutdown: the tick loop carries it on instead.
  const minute = now - (now % MINUTE_MS);
  const cutShort: [number, OpenBar][] = [];
  for (let k = 0; k < recent.length; k++) {
    const i = index.get(id[k]!)!;
    const bar = { ts: ts[k]!, open: open[k]!, high: high[k]!, low: low[k]!, close: close[k]!, volume: volume[k]!, venues: venues[k]! };
    if (bar.ts >= minute && options.simulate) cutShort.push([i, bar]);
    else state.minuteBars.push(i, bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues);
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
  for (const [i, bar] of cutShort) ticker.resume({ instrument: i }, bar);
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
