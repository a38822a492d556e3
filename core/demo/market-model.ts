// The demo's joint market model: one state per instrument (its deviation from its level path, the rest of an index,
// an ETF's tracking error, a yield's deviation from its anchor) driven by shared factor shocks and its own noise, each
// reverting to zero at its own pace. Prices follow from the state and the time: stocks and crypto move with their
// factors, indices with their members by weight, ETFs with their index, yields with the policy path. The recorded
// history and the live venues both step this model, so the world stays coherent after start too.
import { isTradingDay } from '../calendar/us-holidays.js';
import { DAY_MS } from '../time.js';
import { type PolicyPath, policyPath, twoYearAnchorAt } from './policy.js';
import type { Random } from './random.js';
import {
  CLOSED_DAY_VOL,
  FACTOR_VOL,
  FACTORS,
  type Factor,
  type Role,
  SPREAD_AT_START,
  SPREAD_PER_POINT_CUT,
  STRUCTURE,
  TRACKING_REVERSION,
  TRACKING_VOL,
  unitVol,
} from './structure.js';
import { DEMO_INSTRUMENTS } from './universe.js';

/**
 * A push to the model, as news gives it: on a factor (every instrument moves by its exposure) or on one instrument's
 * own state. `size` is in the target's units: a log change, or percentage points of yield for `rates`, `curve`, a yield.
 */
export interface Shock {
  on: Factor | string;
  size: number;
}

/** The policy path covers this long from the start of the history: past the history, its upcoming story and more. */
const POLICY_DAYS = 900;
const YEAR_MS = 365.25 * DAY_MS;
const isFactor = (on: string): on is Factor => (FACTORS as readonly string[]).includes(on);

interface Part {
  role: Role['role'];
  /** Per factor, in FACTORS order. */
  loadings: Float64Array;
  /** Daily standard deviation of its own noise, and its reversion per day near zero. */
  own: number;
  theta: number;
  /** The deviation at which the reversion has doubled: it grows with the square of the deviation, a soft bound. */
  band: number;
  drift: number;
  /** An index's members (instrument positions) and weights; an ETF's index, or a ten-year's two-year, as members[0]. */
  members: number[];
  weights: number[];
  fee: number;
}

/** Positions evaluated first (assets, the two-year), then what is built on them (indices), then on those. */
const RANK: Record<Role['role'], number> = { asset: 0, 'two-year': 0, index: 1, etf: 2, 'ten-year': 1 };

export class MarketModel {
  readonly instruments = DEMO_INSTRUMENTS;
  readonly size = DEMO_INSTRUMENTS.length;
  readonly position = new Map(DEMO_INSTRUMENTS.map((inst, k) => [inst.symbol, k]));
  private readonly parts: Part[];
  private readonly order: number[];
  private readonly factorShocks = new Float64Array(FACTORS.length);
  private readonly startAnchor: number;
  /** Whether each instrument trades in the exchange's sessions (stocks, indices, ETFs), so is quiet on closed days. */
  private readonly sessionBound: boolean[];

  constructor(
    readonly policy: PolicyPath,
    /** When the model starts: every level path begins there at the instrument's start price. */
    readonly originMs: number,
    /** By position; the world pins some of them to end its history at real closes (levels.ts). */
    readonly start: Float64Array = Float64Array.from(DEMO_INSTRUMENTS, (i) => i.startPrice),
  ) {
    this.startAnchor = twoYearAnchorAt(policy, originMs);
    this.parts = this.instruments.map((inst) => this.part(STRUCTURE[inst.symbol]!, unitVol(inst)));
    this.sessionBound = this.instruments.map(
      (inst) => inst.kind === 'stock' || inst.kind === 'index' || inst.kind === 'etf',
    );
    this.order = this.instruments
      .map((_, k) => k)
      .sort((a, b) => RANK[this.parts[a]!.role] - RANK[this.parts[b]!.role]);
  }

  private part(role: Role, total: number): Part {
    const loadings = Float64Array.from(FACTORS, (f) => ('exposure' in role ? (role.exposure[f] ?? 0) : 0));
    const systematic = Math.sqrt(FACTORS.reduce((sum, f, k) => sum + (loadings[k]! * FACTOR_VOL[f]) ** 2, 0));
    const base = {
      role: role.role,
      loadings,
      members: [] as number[],
      weights: [] as number[],
      drift: 0,
      fee: 0,
      band: 'band' in role ? role.band : Infinity,
    };
    switch (role.role) {
      case 'asset':
      case 'two-year': {
        // Its own noise makes up the rest of its daily variance, and is never less than a third of it.
        const own = Math.sqrt(Math.max(total ** 2 - systematic ** 2, (total / 3) ** 2));
        return {
          ...base,
          own,
          theta: total ** 2 / (2 * role.band ** 2),
          drift: role.role === 'asset' ? role.drift : 0,
        };
      }
      case 'index': {
        const rest = Math.hypot(systematic, role.noise);
        const members = Object.keys(role.members).map((s) => this.position.get(s)!);
        return {
          ...base,
          own: role.noise,
          theta: rest ** 2 / (2 * role.band ** 2),
          drift: role.drift,
          members,
          weights: Object.values(role.members),
        };
      }
      case 'etf':
        return {
          ...base,
          own: TRACKING_VOL,
          theta: TRACKING_REVERSION,
          members: [this.position.get(role.index)!],
          fee: role.feePerYear,
        };
      case 'ten-year': {
        const spread = Math.hypot(systematic, role.noise);
        return {
          ...base,
          own: role.noise,
          theta: spread ** 2 / (2 * role.band ** 2),
          members: [this.position.get(role.twoYear)!],
        };
      }
    }
  }

  /** The state at the origin: every price at its start price. */
  initialState(): Float64Array {
    return this.stateFromPrices(this.start, this.originMs);
  }

  /**
   * Moves `state` on by `dtDays` from `atMs`: each state reverts towards zero, takes its factors' shocks and its own
   * noise; on a UTC day the exchange is closed, equities take only a small part of them.
   */
  step(state: Float64Array, dtDays: number, rng: Random, atMs: number): void {
    const root = Math.sqrt(dtDays);
    const f = this.factorShocks;
    for (let k = 0; k < FACTORS.length; k++) f[k] = FACTOR_VOL[FACTORS[k]!] * root * rng.normal();
    const closed = !isTradingDay(atMs - (atMs % DAY_MS));
    for (let i = 0; i < this.size; i++) {
      const p = this.parts[i]!;
      const x0 = state[i]!;
      let move = p.own * root * rng.normal();
      for (let k = 0; k < f.length; k++) move += p.loadings[k]! * f[k]!;
      state[i] =
        x0 * Math.exp(-p.theta * (1 + (x0 / p.band) ** 2) * dtDays) +
        (closed && this.sessionBound[i] ? CLOSED_DAY_VOL * move : move);
    }
  }

  /** Applies news at once: a factor's shock to every state by its loading, an instrument's to its own. */
  shock(state: Float64Array, shocks: readonly Shock[]): void {
    for (const s of shocks) {
      if (isFactor(s.on)) {
        const k = FACTORS.indexOf(s.on);
        for (let i = 0; i < this.size; i++) state[i]! += this.parts[i]!.loadings[k]! * s.size;
      } else {
        const i = this.position.get(s.on);
        if (i !== undefined) state[i]! += s.size;
      }
    }
  }

  /** Every instrument's price at `tMs` in `state`, into `out` (positions as `instruments`). */
  prices(state: Float64Array, tMs: number, out: Float64Array): void {
    const years = (tMs - this.originMs) / YEAR_MS;
    for (const i of this.order) {
      const p = this.parts[i]!;
      const x = state[i]!;
      switch (p.role) {
        case 'asset':
          out[i] = this.start[i]! * Math.exp(p.drift * years + x);
          break;
        case 'two-year':
          out[i] = twoYearAnchorAt(this.policy, tMs) + x;
          break;
        case 'index': {
          let log = 0;
          let rest = 1;
          for (let k = 0; k < p.members.length; k++) {
            log += p.weights[k]! * Math.log(out[p.members[k]!]! / this.start[p.members[k]!]!);
            rest -= p.weights[k]!;
          }
          out[i] = this.start[i]! * Math.exp(log + rest * (p.drift * years + x));
          break;
        }
        case 'etf': {
          const index = p.members[0]!;
          out[i] = (this.start[i]! / this.start[index]!) * out[index]! * Math.exp(x - p.fee * years);
          break;
        }
        case 'ten-year':
          out[i] = out[p.members[0]!]! + this.spreadMeanAt(tMs) + x;
          break;
      }
    }
  }

  /**
   * The mean of the 10-year's spread over the 2-year at `tMs`: inverted at the start, steeper as the expected policy
   * rate (the 2-year's anchor, which moves smoothly but for surprises) comes down.
   */
  spreadMeanAt(tMs: number): number {
    return SPREAD_AT_START + SPREAD_PER_POINT_CUT * (this.startAnchor - twoYearAnchorAt(this.policy, tMs));
  }

  /** The state that gives `prices` at `tMs` (NaN for an instrument without one: its state is taken as zero). */
  stateFromPrices(prices: Float64Array, tMs: number): Float64Array {
    const known = Float64Array.from(prices);
    const state = new Float64Array(this.size);
    const years = (tMs - this.originMs) / YEAR_MS;
    // Unknown prices are those of a zero state; known ones then give theirs, in the order prices are built.
    const neutral = new Float64Array(this.size);
    this.prices(new Float64Array(this.size), tMs, neutral);
    for (let k = 0; k < this.size; k++) if (!Number.isFinite(known[k]!) || known[k]! <= 0) known[k] = neutral[k]!;
    for (const i of this.order) {
      const p = this.parts[i]!;
      const price = known[i]!;
      switch (p.role) {
        case 'asset':
          state[i] = Math.log(price / this.start[i]!) - p.drift * years;
          break;
        case 'two-year':
          state[i] = price - twoYearAnchorAt(this.policy, tMs);
          break;
        case 'index': {
          let log = Math.log(price / this.start[i]!);
          let rest = 1;
          for (let k = 0; k < p.members.length; k++) {
            log -= p.weights[k]! * Math.log(known[p.members[k]!]! / this.start[p.members[k]!]!);
            rest -= p.weights[k]!;
          }
          state[i] = log / rest - p.drift * years;
          break;
        }
        case 'etf': {
          const index = p.members[0]!;
          state[i] = Math.log(price / ((this.start[i]! / this.start[index]!) * known[index]!)) + p.fee * years;
          break;
        }
        case 'ten-year':
          state[i] = price - known[p.members[0]!]! - this.spreadMeanAt(tMs);
          break;
      }
    }
    return state;
  }

  /**
   * What `shocks` do at once to each instrument, in its daily standard deviations (signed): the ground truth of which
   * instruments a story moves, and by how much, through the whole structure.
   */
  impact(shocks: readonly Shock[], tMs: number): Float64Array {
    const before = new Float64Array(this.size);
    const after = new Float64Array(this.size);
    const state = new Float64Array(this.size);
    this.prices(state, tMs, before);
    this.shock(state, shocks);
    this.prices(state, tMs, after);
    return Float64Array.from(
      this.instruments,
      (inst, i) => (inst.kind === 'rate' ? after[i]! - before[i]! : Math.log(after[i]! / before[i]!)) / unitVol(inst),
    );
  }
}

/** The demo's model from `originMs` (the first day of its history), its policy path drawn from `seed`. */
export function demoMarketModel(seed: number, originMs: number): MarketModel {
  return new MarketModel(policyPath(seed, originMs, originMs + POLICY_DAYS * DAY_MS), originMs);
}
