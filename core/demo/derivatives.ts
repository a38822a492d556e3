// Funding and open interest history of the demo perpetuals: per instrument a funding regime that drifts around its
// kind's usual level, per listing a small basis off it and an open interest wandering around the listing's size.
// Hourly for the last `hourlyDays` days, daily records (mean funding, open interest at the day's end) before that.
import { DAY_MS, HOUR_MS } from '../time.js';
import { hash32 } from './history.js';
import { Random } from './random.js';
import type { DemoInstrument, DemoListing } from './universe.js';

export interface DerivativeSeries {
  ts: Float64Array;
  /** Per the listing's own funding interval, as a fraction. */
  fundingRate: Float64Array;
  openInterestUsd: Float64Array;
}

export interface DemoDerivatives {
  daily: DerivativeSeries;
  hourly: DerivativeSeries;
}

/** Open interest of a demo perpetual relative to its 24h volume (the simulator starts from the same ratio). */
export const OPEN_INTEREST_PER_VOLUME = 0.45;

/** An Ornstein-Uhlenbeck step towards `mean` with reversion `theta` per step and stationary deviation `sd`. */
function ou(x: number, mean: number, theta: number, sd: number, rng: Random): number {
  return x + theta * (mean - x) + sd * Math.sqrt(2 * theta) * rng.normal();
}

export interface DerivativesWindow {
  /** First hour of the history: a UTC midnight. */
  startMs: number;
  /** First hour of the hourly part: a UTC midnight after `startMs`. */
  hourlyFromMs: number;
  /** Hours in the whole history (the last one ends at the anchor's hour, which is left to live quotes). */
  hours: number;
}

/** The window ending at the hour of `anchorMs`: `days` days of history, the last `hourlyDays` of them hourly. */
export function derivativesWindow(anchorMs: number, days: number, hourlyDays: number): DerivativesWindow {
  const today = anchorMs - (anchorMs % DAY_MS);
  const startMs = today - days * DAY_MS;
  return { startMs, hourlyFromMs: today - hourlyDays * DAY_MS, hours: Math.floor((anchorMs - startMs) / HOUR_MS) };
}

/** The funding regime of `inst`, per 8 hours, one value per hour of the window: shared by all its perpetuals. */
export function fundingRegime(inst: DemoInstrument, seed: number, window: DerivativesWindow): Float64Array {
  const rng = new Random(seed ^ hash32(`${inst.symbol}/funding`));
  const crypto = inst.kind === 'crypto';
  const mean = crypto ? 0.0001 : 0.00005;
  const sd = crypto ? 0.0001 : 0.00005;
  const out = new Float64Array(window.hours);
  let x = mean;
  for (let h = 0; h < window.hours; h++) out[h] = x = ou(x, mean, 1 / 96, sd, rng);
  return out;
}

/** The history of one perpetual listing of `inst` under `regime`. */
export function demoDerivatives(
  inst: DemoInstrument,
  listing: DemoListing,
  regime: Float64Array,
  seed: number,
  window: DerivativesWindow,
): DemoDerivatives {
  const rng = new Random(seed ^ hash32(`${inst.symbol}/${listing.venue}/derivatives`));
  const perInterval = (listing.fundingIntervalHours ?? 8) / 8;
  const size = inst.volume24hUsd * listing.share * OPEN_INTEREST_PER_VOLUME;
  const basisSd = inst.kind === 'crypto' ? 0.00003 : 0.00001;
  const hourlyFrom = (window.hourlyFromMs - window.startMs) / HOUR_MS;
  const days = hourlyFrom / 24;
  const hourly: DerivativeSeries = {
    ts: new Float64Array(window.hours - hourlyFrom),
    fundingRate: new Float64Array(window.hours - hourlyFrom),
    openInterestUsd: new Float64Array(window.hours - hourlyFrom),
  };
  const daily: DerivativeSeries = {
    ts: new Float64Array(days),
    fundingRate: new Float64Array(days),
    openInterestUsd: new Float64Array(days),
  };
  let basis = 0;
  let logOi = 0;
  for (let h = 0; h < window.hours; h++) {
    basis = ou(basis, 0, 1 / 24, basisSd, rng);
    logOi = ou(logOi, 0, 1 / 240, 0.2, rng);
    const funding = (regime[h]! + basis) * perInterval;
    const oi = size * Math.exp(logOi);
    if (h >= hourlyFrom) {
      const k = h - hourlyFrom;
      hourly.ts[k] = window.startMs + h * HOUR_MS;
      hourly.fundingRate[k] = funding;
      hourly.openInterestUsd[k] = oi;
    } else {
      const d = Math.floor(h / 24);
      daily.ts[d] = window.startMs + d * DAY_MS;
      daily.fundingRate[d]! += funding / 24;
      daily.openInterestUsd[d] = oi;
    }
  }
  return { daily, hourly };
}
