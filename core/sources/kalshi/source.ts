// What every Kalshi reader shares: the source's name, its site's addresses, and its two encodings of numbers. Current
// payloads send prices as `<name>_dollars` strings ("0.4200") and counts as `<name>_fp` strings ("2370153.90"); older
// ones (before March 2026) send integer cents `<name>` (42) and integer counts. Both are read, prices as 0..1.
import type { Fields } from '../fields.js';

export const KALSHI_SOURCE = 'kalshi';

/** Kalshi's own site: what its records cite unless their caller names another (the demo's, on .example). */
export const KALSHI_SITE = 'https://kalshi.com';

/** The page of a series' markets on `site` (kalshi.com/markets/kxfeddecision): Kalshi's own address for them. */
export function seriesUrl(seriesTicker: string, site: string): string {
  return `${site}/markets/${encodeURIComponent(seriesTicker.toLowerCase())}`;
}

/** The series an event or market ticker belongs to: its first part (KXFEDDECISION-26SEP-C25 is of KXFEDDECISION). */
export function seriesOf(ticker: string): string {
  return ticker.split('-')[0]!;
}

/**
 * A price as a probability 0..1: `<name>_dollars`, else `<name>` as integer cents (or, in historical candles, a
 * dollar string); null when neither is sent.
 */
export function price(f: Fields, name: string): number | null {
  if (f.has(`${name}_dollars`)) return f.decimal(`${name}_dollars`, 0, 1);
  if (!f.has(name)) return null;
  return typeof f.raw(name) === 'string' ? f.decimal(name, 0, 1) : f.integer(name, 0, 100) / 100;
}

/** A dollar amount: `<name>_dollars`, else `<name>` in integer cents; null when neither is sent. */
export function dollars(f: Fields, name: string): number | null {
  if (f.has(`${name}_dollars`)) return f.decimal(`${name}_dollars`, 0);
  return f.has(name) ? f.integer(name, 0, Number.MAX_SAFE_INTEGER) / 100 : null;
}

/** A number of contracts: `<name>_fp`, else `<name>` (an integer, or a fixed-point string); null when neither is sent. */
export function contracts(f: Fields, name: string): number | null {
  if (f.has(`${name}_fp`)) return f.decimal(`${name}_fp`, 0);
  return f.has(name) ? f.decimal(name, 0) : null;
}

/** The best Yes bid and ask as quotes: Kalshi sends a bid of 0 for no bid and an ask of 1 for no ask. */
export function quotes(bid: number | null, ask: number | null): [bid: number | null, ask: number | null] {
  return [bid !== null && bid > 0 ? bid : null, ask !== null && ask < 1 ? ask : null];
}
