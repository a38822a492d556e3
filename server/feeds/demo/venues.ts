// The demo's simulated venues as a venue feed: a random walk per instrument that every listing quotes around, carrying
// on from each instrument's last stored close and each perpetual's last funding and open interest.
import { DEMO_INSTRUMENTS, demoListings } from '../../../core/demo/universe.js';
import { VenueSimulator } from '../../../core/demo/venues.js';
import type { VenueQuotes } from '../../../core/sources/records.js';
import type { MarketState } from '../../market/state.js';
import type { MarketStore } from '../../services/market-store.js';
import { listingKey } from '../../services/writer.js';
import type { VenueFeed } from '../venue-feed.js';

const DEFAULT_DAILY_VOL = 0.02;

export class DemoVenueFeed implements VenueFeed {
  readonly source = 'demo';

  constructor(private readonly simulator: VenueSimulator) {}

  poll(nowMs: number, dtS: number, into: VenueQuotes): void {
    this.simulator.step(nowMs, dtS);
    const q = this.simulator.state;
    into.price.set(q.price);
    into.ts.set(q.ts);
    into.volume24hUsd.set(q.volume24hUsd);
    into.openInterestUsd.set(q.openInterestUsd);
    into.fundingRate.set(q.fundingRate);
  }

  /** Moves instrument `i`'s price by `pct` percent at once, as the news it carries does. */
  jump(i: number, pct: number): void {
    this.simulator.jump(i, pct);
  }
}

/** The simulated venues of every listing in `state`, with the demo's volumes and volatility. */
export async function demoVenueFeed(state: MarketState, store: MarketStore, seed: number): Promise<DemoVenueFeed> {
  const { instruments, listings } = state;
  const index = new Map(instruments.map((inst, k) => [inst.id, k]));
  const lastClose = await store.lastCloses();
  const latest = await store.latestDerivatives();
  const demo = new Map(DEMO_INSTRUMENTS.map((d) => [d.symbol, d]));
  const shares = new Map(demoListings(seed).map((l) => [listingKey(l.symbol, l.venue, l.market), l.share]));
  const simulator = new VenueSimulator(
    listings.map((l) => {
      const k = index.get(l.instrumentId)!;
      const inst = instruments[k]!;
      const volume = demo.get(inst.symbol)?.volume24hUsd ?? 1e8;
      const share = shares.get(listingKey(inst.symbol, l.venue, l.market)) ?? 1 / (state.offsets[k + 1]! - state.offsets[k]!);
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
    seed,
  );
  return new DemoVenueFeed(simulator);
}
