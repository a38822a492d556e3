// The demo's live fair prices: the joint market model carried on from the last recorded prices, one step per tick,
// news shocks applied at once. Instruments the model does not know (none in the demo universe) keep their price.
import type { MarketModel, Shock } from './market-model.js';
import { Random } from './random.js';
import type { FairPrices } from './venues.js';

const SECONDS_PER_DAY = 86_400;

export class LiveMarket implements FairPrices {
  readonly price: Float64Array;
  private readonly state: Float64Array;
  private readonly modelPrices: Float64Array;
  /** Per instrument in the simulator's order, its position in the model (-1 for one it does not know). */
  private readonly positions: Int32Array;
  private readonly rng: Random;

  constructor(
    private readonly model: MarketModel,
    symbols: string[],
    /** The last price of each instrument, in the same order (NaN for one without a price yet). */
    lastPrices: Float64Array,
    nowMs: number,
    seed: number,
  ) {
    this.positions = Int32Array.from(symbols, (s) => model.position.get(s) ?? -1);
    const known = new Float64Array(model.size).fill(NaN);
    this.positions.forEach((p, k) => {
      if (p >= 0) known[p] = lastPrices[k]!;
    });
    this.state = model.stateFromPrices(known, nowMs);
    this.modelPrices = new Float64Array(model.size);
    this.price = Float64Array.from(lastPrices);
    this.rng = new Random(seed ^ 0x11fe5);
    this.publish(nowMs);
  }

  step(nowMs: number, dtS: number): void {
    this.model.step(this.state, dtS / SECONDS_PER_DAY, this.rng, nowMs);
    this.publish(nowMs);
  }

  /** Applies news at once; the prices follow at the next step. */
  shock(shocks: readonly Shock[]): void {
    this.model.shock(this.state, shocks);
  }

  private publish(nowMs: number): void {
    this.model.prices(this.state, nowMs, this.modelPrices);
    this.positions.forEach((p, k) => {
      if (p >= 0) this.price[k] = this.modelPrices[p]!;
    });
  }
}
