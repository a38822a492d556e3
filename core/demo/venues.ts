// The demo venues' live quotes: each listing a small mean-reverting basis off its instrument's fair price (the live
// market model's), and now and then an episode that exercises the pool: a venue drifting past the 2% band, or going stale.
import type { VenueQuotes } from '../sources/records.js';
import { OPEN_INTEREST_PER_VOLUME } from './derivatives.js';
import { Random } from './random.js';

/** The prices the simulated venues quote around, per instrument: the demo's live market, or a test's. */
export interface FairPrices {
  readonly price: Float64Array;
  /** Moves every price on to `nowMs`, `dtS` seconds after the last step. */
  step(nowMs: number, dtS: number): void;
}

export interface SimulatedListing {
  /** Index of its instrument in the simulator's instrument order. */
  instrument: number;
  perp: boolean;
  /** 24h USD volume of this listing (instrument volume times its share). */
  volume24hUsd: number;
  fundingIntervalHours: number | null;
  /** Where a perpetual starts (its last recorded values); by default a typical size and rate. */
  openInterestUsd?: number;
  fundingRate?: number;
}

export class VenueSimulator {
  readonly state: VenueQuotes;
  private readonly basis: Float64Array;
  /** Per listing: the funding rate its own drifts back towards (where it started). */
  private readonly fundingMean: Float64Array;
  private readonly driftUntil: Float64Array;
  private readonly drift: Float64Array;
  private readonly staleUntil: Float64Array;
  /** Per instrument: until when an episode runs; one venue at a time misbehaves, as the pool is meant to handle. */
  private readonly episodeUntil: Float64Array;
  /** Listings allowed to misbehave: those with under half their instrument's volume (a majority venue is the pool). */
  private readonly eligible: Uint8Array;
  private readonly rng: Random;

  constructor(
    private readonly listings: SimulatedListing[],
    /** The price per instrument the venues quote around. */
    readonly fair: FairPrices,
    seed: number,
    /** Chance per listing per second of starting an episode: drifting out of the band, or going quiet. */
    private readonly episodeRate = 1 / 1800,
  ) {
    const n = listings.length;
    const instruments = fair.price.length;
    this.rng = new Random(seed ^ 0x5eed);
    this.basis = new Float64Array(n);
    this.driftUntil = new Float64Array(n);
    this.drift = new Float64Array(n);
    this.staleUntil = new Float64Array(n);
    this.episodeUntil = new Float64Array(instruments);
    const totals = new Float64Array(instruments);
    for (const l of listings) totals[l.instrument]! += l.volume24hUsd;
    this.eligible = Uint8Array.from(listings, (l) => (l.volume24hUsd < totals[l.instrument]! / 2 ? 1 : 0));
    this.state = {
      price: new Float64Array(n),
      ts: new Float64Array(n).fill(NaN),
      volume24hUsd: Float64Array.from(listings, (l) => l.volume24hUsd),
      openInterestUsd: Float64Array.from(listings, (l) =>
        l.perp ? (l.openInterestUsd ?? l.volume24hUsd * OPEN_INTEREST_PER_VOLUME) : NaN,
      ),
      fundingRate: Float64Array.from(listings, (l) =>
        l.perp ? (l.fundingRate ?? 0.0001 * ((l.fundingIntervalHours ?? 8) / 8)) : NaN,
      ),
    };
    this.fundingMean = Float64Array.from(this.state.fundingRate);
  }

  /** Advances to `nowMs` by `dtS` seconds: moves every fair price, then every venue that is quoting. */
  step(nowMs: number, dtS: number): void {
    const { rng } = this;
    this.fair.step(nowMs, dtS);
    const fair = this.fair.price;
    const s = this.state;
    for (let j = 0; j < this.listings.length; j++) {
      const l = this.listings[j]!;
      if (nowMs < this.staleUntil[j]!) continue;
      if (nowMs >= this.driftUntil[j]!) this.drift[j] = 0;
      if (this.eligible[j] && nowMs >= this.episodeUntil[l.instrument]! && rng.next() < this.episodeRate * dtS) {
        if (rng.next() < 0.5) this.staleUntil[j] = nowMs + (90 + rng.int(120)) * 1000;
        else {
          this.drift[j] = (rng.next() < 0.5 ? -1 : 1) * (0.025 + 0.02 * rng.next());
          this.driftUntil[j] = nowMs + (30 + rng.int(90)) * 1000;
        }
        this.episodeUntil[l.instrument] = Math.max(this.staleUntil[j]!, this.driftUntil[j]!);
      }
      // Ornstein-Uhlenbeck basis: a few basis points, pulled back towards zero.
      this.basis[j] = this.basis[j]! * 0.95 + 0.0002 * rng.normal();
      s.price[j] = fair[l.instrument]! * (1 + this.basis[j]! + this.drift[j]!);
      s.ts[j] = nowMs;
      s.volume24hUsd[j] = l.volume24hUsd * (1 + 0.05 * Math.sin(nowMs / 3_600_000 + j));
      if (l.perp) {
        s.openInterestUsd[j] = s.openInterestUsd[j]! * (1 + 0.001 * rng.normal());
        const mean = this.fundingMean[j]!;
        s.fundingRate[j] =
          mean + (s.fundingRate[j]! - mean) * 0.999 + 0.000001 * rng.normal() * (l.fundingIntervalHours ?? 8);
      }
    }
  }
}
