// A Kalshi market's order book (GET /markets/{ticker}/orderbook): Yes bids and No bids as [price, size] levels, in
// `orderbook_fp` with dollar strings, or in the older `orderbook` with integer cents. A No bid at p is a Yes ask at
// 1 - p. The book names neither its market nor its time: the caller gives both.
import { type Fields, ItemError, readItems } from '../fields.js';
import { type ProbabilityPoint, roundProbability, shownProbability } from '../odds-records.js';
import type { SkippedItem } from '../records.js';
import { KALSHI_SOURCE } from './source.js';

export function readOrderbook(
  book: unknown,
  ticker: string,
  at: number,
): { history: ProbabilityPoint[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems([book], 'orderbook', (f): ProbabilityPoint | null => {
    const current = f.has('yes_dollars') || f.has('no_dollars');
    const best = (side: string) => bestBid(f, current ? `${side}_dollars` : side, current);
    const yesBid = best('yes');
    const noBid = best('no');
    const probability = shownProbability(yesBid, noBid === null ? null : roundProbability(1 - noBid), null);
    return probability === null ? null : { source: KALSHI_SOURCE, outcomeKey: `${ticker}/yes`, ts: at, probability };
  });
  return { history: records.filter((p) => p !== null), skipped };
}

/** The highest bid of a side's levels; null when the side is empty (or sent as null). */
function bestBid(f: Fields, name: string, dollars: boolean): number | null {
  const levels = f.raw(name) ?? [];
  if (!Array.isArray(levels)) throw new ItemError(`${name}: expected a list of [price, size] levels`);
  let best: number | null = null;
  for (const [k, level] of levels.entries()) {
    const raw: unknown = Array.isArray(level) && level.length >= 2 ? level[0] : undefined;
    const p = dollars
      ? typeof raw === 'string'
        ? Number(raw)
        : NaN
      : Number.isInteger(raw)
        ? (raw as number) / 100
        : NaN;
    if (!(p >= 0 && p <= 1)) throw new ItemError(`${name}[${k}]: expected [${dollars ? '"0.4200"' : '42'}, size]`);
    best = best === null ? p : Math.max(best, p);
  }
  return best;
}
