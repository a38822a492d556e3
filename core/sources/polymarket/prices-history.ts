// Polymarket's CLOB GET /prices-history answer, `{history: [{t, p}]}`: one outcome token's price (its probability) at
// epoch seconds t. The answer does not name its token: the caller gives the one it asked for.
import { readItems } from '../fields.js';
import type { ProbabilityPoint } from '../odds-records.js';
import type { SkippedItem } from '../records.js';
import { POLYMARKET_SOURCE } from './source.js';

export function readPricesHistory(
  history: unknown[],
  tokenId: string,
): { history: ProbabilityPoint[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems(
    history,
    'history',
    (f): ProbabilityPoint => ({
      source: POLYMARKET_SOURCE,
      outcomeKey: tokenId,
      ts: f.integer('t', 0, 1e11) * 1000,
      probability: f.decimal('p', 0, 1),
    }),
  );
  return { history: records, skipped };
}
