// Polymarket's CLOB GET /book answer: one outcome token's bids and asks (in no set order) at an epoch-ms timestamp,
// read as the probability its midpoint shows. A book without both sides shows none.
import { type Fields, readItems } from '../fields.js';
import { type ProbabilityPoint, shownProbability } from '../odds-records.js';
import type { SkippedItem } from '../records.js';
import { POLYMARKET_SOURCE } from './source.js';

export function readBook(book: unknown): { history: ProbabilityPoint[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems([book], 'book', (f): ProbabilityPoint | null => {
    const level = (l: Fields) => l.decimal('price', 0, 1);
    const bids = f.list('bids', level);
    const asks = f.list('asks', level);
    const probability = shownProbability(
      bids.length ? Math.max(...bids) : null,
      asks.length ? Math.min(...asks) : null,
      null,
    );
    return probability === null
      ? null
      : {
          source: POLYMARKET_SOURCE,
          outcomeKey: f.text('asset_id', 200),
          ts: f.decimal('timestamp', 0, 1e14),
          probability,
        };
  });
  return { history: records.filter((p) => p !== null), skipped };
}
