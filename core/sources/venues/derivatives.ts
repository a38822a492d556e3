// Funding and open interest histories read from a venue's REST payloads, as columns oldest first (the writer's
// DerivativesHistory takes them), each point checked and a malformed one skipped with its reason.
import { HOUR_MS } from '../../time.js';
import { readEach } from '../fields.js';
import type { SkippedItem } from '../records.js';

export interface FundingHistory {
  ts: Float64Array;
  /** Per the interval it was paid over, as a fraction. */
  rate: Float64Array;
  /**
   * Hours each rate was paid over, from the time since the payment before it (venues change a listing's interval:
   * Hyperliquid's went from 8 h to 1 h), so each point can be normalized to 8 h on its own (funding.ts).
   */
  intervalHours: Float64Array;
  length: number;
  skipped: SkippedItem[];
}

export interface OpenInterestHistory {
  ts: Float64Array;
  /** In the base asset (coins), in the quote currency and in USD; NaN where the payload does not say. */
  base: Float64Array;
  quote: Float64Array;
  usd: Float64Array;
  length: number;
  skipped: SkippedItem[];
}

/** Each item read by `read` (an ItemError skips it), oldest first, one point per time. */
function collect<T, R extends { ts: number }>(
  items: readonly T[],
  name: string,
  read: (item: T) => R,
): { rows: R[]; skipped: SkippedItem[] } {
  const { records, skipped } = readEach(items, name, read);
  records.sort((a, b) => a.ts - b.ts);
  return { rows: records.filter((r, k) => k === 0 || r.ts !== records[k - 1]!.ts), skipped };
}

/**
 * Funding points; each one's interval is `fixedHours` where the venue states its rates per a fixed period (Kraken's
 * are hourly), else the time since the payment before it.
 */
export function collectFunding<T>(
  items: readonly T[],
  name: string,
  read: (item: T) => { ts: number; rate: number },
  fixedHours = NaN,
): FundingHistory {
  const { rows, skipped } = collect(items, name, read);
  const n = rows.length;
  const out: FundingHistory = {
    ts: new Float64Array(n),
    rate: new Float64Array(n),
    intervalHours: new Float64Array(n),
    length: n,
    skipped,
  };
  rows.forEach((r, k) => {
    out.ts[k] = r.ts;
    out.rate[k] = r.rate;
  });
  for (let k = 0; k < n; k++) out.intervalHours[k] = fixedHours > 0 ? fixedHours : hoursSincePrevious(out.ts, k);
  return out;
}

/**
 * Whole hours since the payment before point k (for the first, until the next); NaN for a lone point. A gap longer
 * than both its neighbours is a missing payment, not a longer interval: the interval before it stands.
 */
function hoursSincePrevious(ts: Float64Array, k: number): number {
  const gap = (j: number) => (j >= 1 && j < ts.length ? ts[j]! - ts[j - 1]! : NaN);
  let hours = k === 0 ? gap(1) : gap(k);
  if (gap(k) > 1.5 * gap(k - 1) && gap(k) > 1.5 * gap(k + 1)) hours = gap(k - 1);
  return Number.isFinite(hours) ? Math.max(1, Math.round(hours / HOUR_MS)) : NaN;
}

export function collectOpenInterest<T>(
  items: readonly T[],
  name: string,
  read: (item: T) => { ts: number; base: number; quote: number; usd: number },
): OpenInterestHistory {
  const { rows, skipped } = collect(items, name, read);
  const n = rows.length;
  const out: OpenInterestHistory = {
    ts: new Float64Array(n),
    base: new Float64Array(n),
    quote: new Float64Array(n),
    usd: new Float64Array(n),
    length: n,
    skipped,
  };
  rows.forEach((r, k) => {
    out.ts[k] = r.ts;
    out.base[k] = r.base;
    out.quote[k] = r.quote;
    out.usd[k] = r.usd;
  });
  return out;
}
