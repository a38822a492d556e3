// Polymarket's CLOB API markets (GET /markets pages `{data: [...]}`, GET /markets/{condition_id}): each outcome is a
// token with its price and whether it won.
import { type Fields, ItemError, readItems } from '../fields.js';
import type { OutcomeRecord, PredictionMarketRecord } from '../odds-records.js';
import type { SkippedItem } from '../records.js';
import { marketUrl, POLYMARKET_SOURCE, tagLabels, topCategory } from './source.js';

/** CLOB markets, citing their page on `site`. */
export function readClobMarkets(
  items: unknown[],
  name: string,
  site: string,
): { markets: PredictionMarketRecord[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems(items, name, (f) => readMarket(f, site));
  return { markets: records, skipped };
}

function readMarket(f: Fields, site: string): PredictionMarketRecord {
  const slug = f.text('market_slug', 300);
  const tokens = f.list('tokens', (t) => ({
    outcome: {
      name: t.text('outcome', 300),
      probability: t.decimal('price', 0, 1),
      outcomeKey: t.text('token_id', 200),
    } satisfies OutcomeRecord,
    winner: t.has('winner') && t.boolean('winner'),
  }));
  if (tokens.length < 2) throw new ItemError('tokens: expected two outcomes or more');
  const winner = tokens.find((t) => t.winner)?.outcome.name ?? null;
  const closed = (f.has('closed') && f.boolean('closed')) || (f.has('archived') && f.boolean('archived'));
  return {
    source: POLYMARKET_SOURCE,
    sourceKey: f.text('condition_id', 200),
    slug,
    question: f.text('question', 1000),
    category: topCategory(tagLabels(f, 'tags')),
    kind: tokens.length > 2 ? 'categorical' : 'binary',
    outcomes: tokens.map((t) => t.outcome),
    bounds: null,
    volume: null,
    liquidity: null,
    openInterest: null,
    openAt: null,
    closeAt: f.optionalInstant('end_date_iso'),
    status: winner !== null ? 'resolved' : closed ? 'closed' : 'open',
    resolution: winner,
    eventKey: null,
    label: null,
    sourceUrl: marketUrl(slug, null, site),
  };
}
