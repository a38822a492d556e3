// How the demo's instruments move together: a few market factors (equities, growth shares, crypto, the dollar, metals,
// energy, the level and slope of the yield curve), each instrument's exposure to them and its own part, the members and
// weights of each index, what each ETF tracks, and the level path each instrument reverts to.
import type { InstrumentKind } from '../vocabulary.js';

export const FACTORS = ['equity', 'growth', 'crypto', 'dollar', 'metals', 'energy', 'rates', 'curve'] as const;
export type Factor = (typeof FACTORS)[number];

/** Daily standard deviation of each factor: a log change, or percentage points of yield for `rates` and `curve`. */
export const FACTOR_VOL: Record<Factor, number> = {
  equity: 0.008,
  growth: 0.006,
  crypto: 0.028,
  dollar: 0.0035,
  metals: 0.008,
  energy: 0.018,
  rates: 0.06,
  curve: 0.025,
};

export type Exposure = Partial<Record<Factor, number>>;

/**
 * What an instrument's price is made of. `band` is the size of deviation it settles within (a log for prices,
 * percentage points for yields): it sets how fast the deviation reverts, the pull growing as it goes past the band;
 * `drift` is its level path's log growth a year.
 * - asset: its level path times the exponential of a deviation driven by its exposures and its own noise;
 * - index: its members' log changes by weight, the rest of the index being a deviation of its own (exposures, `noise`);
 * - etf: its index's level times a fixed ratio, less its fee, with a tiny tracking error;
 * - two-year: the anchor of the policy path plus a deviation; ten-year: the two-year plus a term spread whose mean
 *   steepens as the expected policy rate comes down.
 */
export type Role =
  | { role: 'asset'; exposure: Exposure; drift: number; band: number }
  | { role: 'index'; members: Record<string, number>; exposure: Exposure; noise: number; drift: number; band: number }
  | { role: 'etf'; index: string; feePerYear: number }
  | { role: 'two-year'; exposure: Exposure; band: number }
  | { role: 'ten-year'; twoYear: string; exposure: Exposure; noise: number; band: number };

const asset = (exposure: Exposure, drift: number, band: number): Role => ({ role: 'asset', exposure, drift, band });

export const STRUCTURE: Record<string, Role> = {
  BTC: asset({ crypto: 1, equity: 0.3 }, 0.25, 0.2),
  ETH: asset({ crypto: 1.2, equity: 0.3 }, 0.15, 0.2),
  SOL: asset({ crypto: 1.3, equity: 0.3 }, 0.2, 0.2),
  XRP: asset({ crypto: 1.1, equity: 0.2 }, 0.1, 0.2),
  DOGE: asset({ crypto: 1.3, equity: 0.2 }, 0.1, 0.2),
  AVAX: asset({ crypto: 1.35, equity: 0.3 }, 0, 0.2),
  LINK: asset({ crypto: 1.25, equity: 0.3 }, 0.05, 0.2),
  ADA: asset({ crypto: 1.25, equity: 0.2 }, 0, 0.2),
  AAPL: asset({ equity: 1.1, growth: 0.6 }, 0.1, 0.2),
  MSFT: asset({ equity: 1.05, growth: 0.6 }, 0.12, 0.2),
  NVDA: asset({ equity: 1.6, growth: 1.5 }, 0.3, 0.25),
  TSLA: asset({ equity: 1.5, growth: 1.3 }, 0.12, 0.25),
  AMZN: asset({ equity: 1.2, growth: 0.8 }, 0.14, 0.2),
  JPM: asset({ equity: 1, growth: -0.3 }, 0.1, 0.18),
  XOM: asset({ equity: 0.7, energy: 0.4 }, 0.04, 0.18),
  LLY: asset({ equity: 0.6, growth: 0.2 }, 0.18, 0.22),
  SPX: {
    role: 'index',
    members: { AAPL: 0.07, MSFT: 0.07, NVDA: 0.06, AMZN: 0.04, TSLA: 0.02, JPM: 0.013, LLY: 0.013, XOM: 0.01 },
    exposure: { equity: 1 },
    noise: 0.0015,
    drift: 0.08,
    band: 0.09,
  },
  NDX: {
    role: 'index',
    members: { AAPL: 0.09, MSFT: 0.085, NVDA: 0.08, AMZN: 0.055, TSLA: 0.03 },
    exposure: { equity: 1.1, growth: 1.1 },
    noise: 0.002,
    drift: 0.08,
    band: 0.11,
  },
  DJI: {
    role: 'index',
    members: { MSFT: 0.065, JPM: 0.04, AAPL: 0.03, AMZN: 0.03, NVDA: 0.01 },
    exposure: { equity: 0.95, growth: -0.15 },
    noise: 0.0015,
    drift: 0.06,
    band: 0.08,
  },
  SPY: { role: 'etf', index: 'SPX', feePerYear: 0.000945 },
  QQQ: { role: 'etf', index: 'NDX', feePerYear: 0.002 },
  XAU: asset({ metals: 1, dollar: -0.8 }, 0.08, 0.1),
  XAG: asset({ metals: 1.6, dollar: -1 }, 0.06, 0.16),
  WTI: asset({ energy: 1 }, 0, 0.18),
  NATGAS: asset({ energy: 0.3 }, 0.05, 0.25),
  EURUSD: asset({ dollar: -1 }, 0, 0.04),
  GBPUSD: asset({ dollar: -0.9 }, 0, 0.045),
  USDJPY: asset({ dollar: 0.8 }, 0, 0.05),
  US2Y: { role: 'two-year', exposure: { rates: 1.15 }, band: 0.18 },
  US10Y: { role: 'ten-year', twoYear: 'US2Y', exposure: { rates: -0.4, curve: 1 }, noise: 0.01, band: 0.15 },
};

/** The 10-year's term spread over the 2-year: its mean at the start, and how it steepens per point of expected cuts. */
export const SPREAD_AT_START = -0.3;
export const SPREAD_PER_POINT_CUT = 1;

/**
 * How much of a session day's drift stocks, indices and ETFs take on a day the exchange is closed: their 24/7 venues
 * still trade, thinly and on little news (an analyst expects a weekend's standard deviation well under a third).
 */
export const CLOSED_DAY_VOL = 0.2;

/** An ETF's tracking error: standard deviation of its daily change, and how fast it closes (per day). */
export const TRACKING_VOL = 0.0002;
export const TRACKING_REVERSION = 0.5;

/**
 * The standard deviation of an instrument's daily move in its own units: a log change, or yield points for a rate.
 * It takes the fields it needs, not the instrument's type: universe.ts sets start prices from this file's level paths.
 */
export function unitVol(inst: { kind: InstrumentKind; dailyVol: number; startPrice: number }): number {
  return inst.kind === 'rate' ? inst.dailyVol * inst.startPrice : inst.dailyVol;
}
