// The venue simulator: deterministic, venues track the fair price, and episodes put venues out of the pool.
import t from 'tap';
import { Random } from '../../../core/demo/random.js';
import { type FairPrices, type SimulatedListing, VenueSimulator } from '../../../core/demo/venues.js';
import { allocatePoolOutput, OUT_OUTLIER, OUT_STALE, poolQuotes } from '../../../core/kernels/pool.js';

const listings: SimulatedListing[] = [0, 0, 0, 0, 1, 1, 1].map((instrument, k) => ({
  instrument,
  perp: k % 2 === 0,
  volume24hUsd: 1e8 * (1 + k),
  fundingIntervalHours: k % 2 === 0 ? 8 : null,
}));
const offsets = Int32Array.of(0, 4, 7);
/** Fair prices walking at 3% and 5% a day. */
function walks(seed: number): FairPrices {
  const rng = new Random(seed);
  const price = Float64Array.of(100, 2000);
  return {
    price,
    step: (_, dtS) =>
      price.forEach((p, i) => (price[i] = p * Math.exp([0.03, 0.05][i]! * Math.sqrt(dtS / 86_400) * rng.normal()))),
  };
}
const make = (seed: number) => new VenueSimulator(listings, walks(seed), seed, 1 / 120);

t.test('same seed, same quotes', (t) => {
  const a = make(7);
  const b = make(7);
  for (let s = 1; s <= 100; s++) {
    a.step(s * 1000, 1);
    b.step(s * 1000, 1);
  }
  t.same([...a.state.price], [...b.state.price]);
  t.end();
});

t.test('over an hour: venues stay near fair, and both kinds of episode happen and are caught by the pool', (t) => {
  const sim = make(42);
  const out = allocatePoolOutput(2, listings.length);
  let stale = 0;
  let outliers = 0;
  let maxError = 0;
  for (let s = 1; s <= 3600; s++) {
    const now = s * 1000;
    sim.step(now, 1);
    poolQuotes(
      { offsets, prices: sim.state.price, volumes: sim.state.volume24hUsd, ts: sim.state.ts },
      { nowMs: now, staleMs: 60_000, band: 0.02 },
      out,
    );
    for (const r of out.reason) {
      if (r === OUT_STALE) stale++;
      if (r === OUT_OUTLIER) outliers++;
    }
    for (let i = 0; i < 2; i++) {
      if (Number.isFinite(out.price[i]!))
        maxError = Math.max(maxError, Math.abs(out.price[i]! / sim.fair.price[i]! - 1));
    }
  }
  t.ok(stale > 0, `venues went stale (${stale} venue-seconds)`);
  t.ok(outliers > 0, `venues drifted out of the band (${outliers} venue-seconds)`);
  t.ok(maxError < 0.01, `the pooled price stays within 1% of fair (worst ${(maxError * 100).toFixed(3)}%)`);
  t.ok(
    sim.state.fundingRate.every((f, j) => (listings[j]!.perp ? Number.isFinite(f) : Number.isNaN(f))),
    'funding on perps only',
  );
  t.end();
});
