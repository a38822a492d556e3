// A venue pair's instrument and quote currency (BTCUSDT: BTC in USDT; XXBTZUSD: BTC in USD), and the hints a file's
// name gives: the pair and the interval of its bars.
import { parseIntervalName } from './interval.js';

/** Quote currencies a concatenated pair may end with, longest first so FDUSD is not read as USD (not TUSD: DOTUSD is DOT in USD). */
const QUOTES = ['FDUSD', 'USDT', 'USDC', 'BUSD', 'USD', 'EUR', 'GBP', 'JPY', 'TRY', 'BTC', 'ETH', 'BNB'];
/** Kraken's own asset names. */
const ALIASES = new Map([
  ['XBT', 'BTC'],
  ['XDG', 'DOGE'],
]);
const asset = (name: string) => ALIASES.get(name) ?? name;

export interface Pair {
  base: string;
  quote: string;
}

/** BTC-USDT, BTC/USD, BTC-USDT-SWAP, BTCUSDT, XBTUSD, XXBTZUSD as base and quote, or null when no quote is known. */
export function splitPair(venueSymbol: string): Pair | null {
  const s = venueSymbol.toUpperCase();
  const parts = s.split(/[-/_:]/);
  if (parts.length >= 2 && parts[0] && parts[1]) return { base: asset(parts[0]), quote: parts[1] };
  // Kraken's legacy names: X + asset + Z + fiat (XXBTZUSD), or X + asset + X + crypto (XETHXXBT).
  const legacy = /^X([A-Z]{3})([XZ])([A-Z]{3})$/.exec(s);
  if (legacy) return { base: asset(legacy[1]!), quote: asset(legacy[3]!) };
  const quote = QUOTES.find((q) => s.endsWith(q) && s.length > q.length + 1);
  if (!quote) return null;
  const base = s.slice(0, -quote.length);
  return { base: asset(base), quote };
}

/** The name's parts, without its directory and extensions, split on _ . and spaces (dashes kept: BTC-USD is one). */
export function nameParts(fileName: string): string[] {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return base
    .replace(/\.(csv|txt|json|zip)$/i, '')
    .split(/[_.\s]+/)
    .filter(Boolean);
}

/** An interval a file's name states (BTCUSDT-1h-2022-01.csv, BTC-USD_1h.json), in ms; NaN when none. */
export function intervalInName(parts: string[]): number {
  for (const part of parts.flatMap((p) => p.split('-'))) {
    const ms = parseIntervalName(part);
    if (!Number.isNaN(ms)) return ms;
  }
  return NaN;
}
