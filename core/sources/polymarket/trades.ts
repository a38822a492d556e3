// Polymarket's Data API GET /trades answer: each trade's outcome token, price (a probability) and epoch-seconds time,
// read as probability points.
import { readItems } from '../fields.js';
import type { ProbabilityPoint } from '../odds-records.js';
import type { SkippedItem } from '../records.js';
import { POLYMARKET_SOURCE } from './source.js';

export function readTrades(trades: unknown[]): { history: ProbabilityPoint[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems(
    trades,
    'trades',
    (f): ProbabilityPoint => ({
      source: POLYMARKET_SOURCE,
      outcomeKey: f.text('asset', 200),
      ts: f.integer('timestamp', 0, 1e11) * 1000,
      probability: f.decimal('price', 0, 1),
    }),
  );
  return { history: records, skipped };
}
