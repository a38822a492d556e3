// Reading a venue's values: venues send decimals as JSON numbers or as strings ("68900.50"), times as epoch
// milliseconds or ISO strings. Each read names the field it rejects (an ItemError), so a malformed item is skipped
// with its reason; an absent value (undefined, null, or the empty string venues and CSV cells use for "none") reads
// as NaN, the "not in this frame" of VenueUpdate.
import { ItemError, isObject } from '../fields.js';

export type Obj = Record<string, unknown>;

/**
 * Larger than any price, volume or open interest (PEPE's daily volume in coins is about 1e13): a product of two such
 * numbers (a base volume by a VWAP) stays finite.
 */
const LARGEST = 1e18;

/** A finite decimal, NaN when absent; throws when present and not a number (or beyond any real amount). */
export function num(v: unknown, name: string): number {
  if (v === undefined || v === null || v === '') return NaN;
  const x = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(x)) throw new ItemError(`${name}: expected a number, got ${excerpt(v)}`);
  if (Math.abs(x) > LARGEST) throw new ItemError(`${name}: ${excerpt(v)} is beyond any real amount`);
  return x;
}

/** A price: above zero. */
export function optPrice(v: unknown, name: string): number {
  const x = num(v, name);
  if (x <= 0) throw new ItemError(`${name}: expected a price above 0, got ${excerpt(v)}`);
  return x;
}

export function price(v: unknown, name: string): number {
  return required(optPrice(v, name), name);
}

/** A size, a volume or an open interest: zero or more. */
export function optAmount(v: unknown, name: string): number {
  const x = num(v, name);
  if (x < 0) throw new ItemError(`${name}: expected an amount of 0 or more, got ${excerpt(v)}`);
  return x;
}

export function amount(v: unknown, name: string): number {
  return required(optAmount(v, name), name);
}

/** A rate of either sign (funding). */
export function rate(v: unknown, name: string): number {
  return required(num(v, name), name);
}

/** Epoch milliseconds from a number or a numeric string, NaN when absent. */
export function optEpochMs(v: unknown, name: string): number {
  const x = num(v, name);
  if (Number.isNaN(x)) return x;
  if (!Number.isInteger(x) || x < 1e11 || x > 1e14)
    throw new ItemError(`${name}: expected epoch milliseconds, got ${excerpt(v)}`);
  return x;
}

export function epochMs(v: unknown, name: string): number {
  return required(optEpochMs(v, name), name);
}

/** Epoch seconds (Kraken's and Coinbase's candles), as epoch ms. */
export function epochSeconds(v: unknown, name: string): number {
  const x = required(num(v, name), name);
  if (!Number.isInteger(x) || x < 1e8 || x > 1e11)
    throw new ItemError(`${name}: expected epoch seconds, got ${excerpt(v)}`);
  return x * 1000;
}

/** An ISO 8601 instant with its offset (Coinbase's and Kraken's timestamps), as epoch ms. */
export function isoMs(v: unknown, name: string): number {
  const ms = typeof v === 'string' && /(Z|[+-]\d{2}:?\d{2})$/.test(v) ? Date.parse(v) : NaN;
  if (!Number.isFinite(ms)) throw new ItemError(`${name}: expected an ISO 8601 timestamp, got ${excerpt(v)}`);
  return ms;
}

/** A non-empty string. */
export function text(v: unknown, name: string): string {
  if (typeof v !== 'string' || v === '') throw new ItemError(`${name}: expected a non-empty string, got ${excerpt(v)}`);
  return v;
}

/** An object, or an ItemError naming what it is. */
export function obj(v: unknown, name: string): Obj {
  if (!isObject(v)) throw new ItemError(`${name}: expected an object, got ${excerpt(v)}`);
  return v;
}

/** A list. */
export function list(v: unknown, name: string): unknown[] {
  if (!Array.isArray(v)) throw new ItemError(`${name}: expected a list, got ${excerpt(v)}`);
  return v;
}

/** An array of at least `min` cells (a candle). */
export function cells(v: unknown, name: string, min: number): unknown[] {
  if (!Array.isArray(v) || v.length < min)
    throw new ItemError(`${name}: expected an array of at least ${min} values, got ${excerpt(v)}`);
  return v;
}

function required(x: number, name: string): number {
  if (Number.isNaN(x)) throw new ItemError(`${name}: missing`);
  return x;
}

/** A venue's own error message (a string, or {code, msg}), as a reason quotes it: up to 200 characters. */
export function venueMessage(v: unknown): string {
  const o = isObject(v) ? v : null;
  // Only numbers and strings are quoted as they are: another value may not even turn into text (`{"toString": false}`).
  const code = o && (typeof o.code === 'number' || typeof o.code === 'string') ? o.code : '';
  const text =
    typeof v === 'string'
      ? v
      : o && (typeof o.msg === 'string' || typeof o.message === 'string')
        ? `${code} ${typeof o.msg === 'string' ? o.msg : o.message}`.trim()
        : (JSON.stringify(v) ?? 'nothing');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** A value as a reason may quote it: short, whatever the venue sent. */
export function excerpt(v: unknown): string {
  const s = v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
