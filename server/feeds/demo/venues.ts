// The demo's simulated venues as a venue feed: the live market model carried on from each instrument's last stored
// close (its level paths and policy path from the first day of the stored history), every listing quoting around it,
// each perpetual carrying on from its last funding and open interest. Each simulated venue market shows its health
// in /v1/meta as demo-<venue>-<market>, live while the tick loop quotes it.
import { LiveMarket } from '../../../core/demo/live-market.js';
import { demoMarketModel, type Shock } from '../../../core/demo/market-model.js';
import { DEMO_INSTRUMENTS, demoListings } from '../../../core/demo/universe.js';
import { VenueSimulator } from '../../../core/demo/venues.js';
import type { VenueQuotes } from '../../../core/sources/records.js';
import type { MarketState } from '../../market/state.js';
import { SourceHealth, type SourceHealthBoard } from '../../services/read/source-health.js';
import type { MarketStore } from '../../services/write/market-store.js';
import { listingKey } from '../../services/write/writer.js';
import type { VenueFeed } from '../venue-feed.js';

export class DemoVenueFeed implements VenueFeed {
  readonly source = 'demo';

  constructor(
    private readonly simulator: VenueSimulator,
    private readonly market: LiveMarket,
    /** One per simulated venue market. */
    private readonly health: SourceHealth[],
  ) {}

  poll(nowMs: number, dtS: number, into: VenueQuotes): void {
    this.simulator.step(nowMs, dtS);
    for (const h of this.health) h.message(nowMs, NaN);
    const q = this.simulator.state;
    into.price.set(q.price);
    into.ts.set(q.ts);
    into.volume24hUsd.set(q.volume24hUsd);
    into.openInterestUsd.set(q.openInterestUsd);
    into.fundingRate.set(q.fundingRate);
  }

  /** Applies a story's shocks to the market at once, as the news it carries does. */
  shock(shocks: readonly Shock[]): void {
    this.market.shock(shocks);
  }
}

/**
 * The simulated venues of every listing in `state`, with the demo's volumes, on the demo's market model; each venue
 * market's health on `board`.
 */
export async function demoVenueFeed(
  state: MarketState,
  store: MarketStore,
  board: SourceHealthBoard,
  staleMs: number,
  seed: number,
  nowMs: number,
): Promise<DemoVenueFeed> {
  const { instruments, listings } = state;
  const index = new Map(instruments.map((inst, k) => [inst.id, k]));
  const lastClose = await store.lastCloses();
  const latest = await store.latestDerivatives();
  const firstDay = Math.min(...(await store.oldestCandles('pooled', '1d')).map((r) => r.ts ?? Infinity));
  const demo = new Map(DEMO_INSTRUMENTS.map((d) => [d.symbol, d]));
  const shares = new Map(demoListings(seed).map((l) => [listingKey(l.symbol, l.venue, l.market), l.share]));
  const market = new LiveMarket(
    demoMarketModel(seed, firstDay),
    instruments.map((i) => i.symbol),
    Float64Array.from(instruments, (i) => lastClose.get(i.id) ?? NaN),
    nowMs,
    seed,
  );
  const simulator = new VenueSimulator(
    listings.map((l) => {
      const k = index.get(l.instrumentId)!;
      const inst = instruments[k]!;
      const volume = demo.get(inst.symbol)?.volume24hUsd ?? 1e8;
      const share =
        shares.get(listingKey(inst.symbol, l.venue, l.market)) ?? 1 / (state.offsets[k + 1]! - state.offsets[k]!);
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
    market,
    seed,
  );
  const venueMarkets = [...new Set(listings.map((l) => `demo-${l.venue}-${l.market}`))];
  const health = venueMarkets.map((name) => {
    const h = board.add(new SourceHealth(name, 'venue', staleMs));
    h.connections = 1;
    h.connected(nowMs);
    return h;
  });
  return new DemoVenueFeed(simulator, market, health);
}
