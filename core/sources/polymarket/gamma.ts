// Polymarket's Gamma API: markets (GET /markets, /markets/{id}) and events with their nested markets (GET /events,
// /public-search). `outcomes`, `outcomePrices` and `clobTokenIds` arrive as JSON-encoded strings and are decoded;
// binary, multi-outcome and scalar markets; open, closed, and resolved ones (closed, and paid out).
import { decimalOf, type Fields, ItemError, readItems } from '../fields.js';
import type { OutcomeRecord, PredictionEventRecord, PredictionMarketRecord } from '../odds-records.js';
import type { SkippedItem } from '../records.js';
import { encodedList, eventUrl, marketUrl, POLYMARKET_SOURCE, tagLabels, topCategory } from './source.js';

export interface GammaRead {
  markets: PredictionMarketRecord[];
  events: PredictionEventRecord[];
  skipped: SkippedItem[];
}

/** Gamma markets citing `site`; a market's own `events` (as GET /markets/{id} sends them) give its event, read too. */
export function readGammaMarkets(items: unknown[], name: string, site: string): GammaRead {
  const events: PredictionEventRecord[] = [];
  const { records, skipped } = readItems(items, name, (f) => {
    const embedded = f.has('events') ? (f.list('events', (e) => readEvent(e, site))[0] ?? null) : null;
    if (embedded && !events.some((e) => e.sourceKey === embedded.sourceKey)) events.push(embedded);
    return readMarket(f, embedded, site);
  });
  return { markets: records, events, skipped };
}

/** Gamma events citing `site`, each with the markets nested in it. */
export function readGammaEvents(items: unknown[], name: string, site: string): GammaRead {
  const out: GammaRead = { markets: [], events: [], skipped: [] };
  const { records, skipped } = readItems(items, name, (f, k) => ({
    event: readEvent(f, site),
    markets: f.raw('markets'),
    k,
  }));
  out.skipped.push(...skipped);
  for (const { event, markets, k } of records) {
    out.events.push(event);
    if (!Array.isArray(markets)) continue;
    const nested = readItems(markets, `${name}[${k}].markets`, (f) => readMarket(f, event, site));
    out.markets.push(...nested.records);
    out.skipped.push(...nested.skipped);
  }
  return out;
}

function readEvent(f: Fields, site: string): PredictionEventRecord {
  const slug = f.text('slug', 300);
  return {
    source: POLYMARKET_SOURCE,
    sourceKey: f.text('id', 100),
    slug,
    title: f.text('title', 1000),
    category: topCategory(tagLabels(f, 'tags')) ?? lowerText(f, 'category'),
    mutuallyExclusive: f.has('negRisk') && f.boolean('negRisk'),
    closeAt: f.optionalInstant('endDate'),
    sourceUrl: eventUrl(slug, site),
  };
}

function readMarket(f: Fields, event: PredictionEventRecord | null, site: string): PredictionMarketRecord {
  const conditionId = f.text('conditionId', 200);
  const slug = f.text('slug', 300);
  const names = encodedList(f, 'outcomes').map((name, k) => {
    if (typeof name !== 'string' || !name.trim()) throw new ItemError(`outcomes[${k}]: expected a non-empty string`);
    return name.trim();
  });
  if (names.length < 2) throw new ItemError('outcomes: expected two outcomes or more');
  const prices = listOf(f, 'outcomePrices', names.length, 'a probability from 0 to 1', (p) => {
    const price = decimalOf(p);
    return price >= 0 && price <= 1 ? price : null;
  });
  const tokens = listOf(f, 'clobTokenIds', names.length, 'a token id', (t) =>
    typeof t === 'string' && t.trim() ? t.trim() : null,
  );
  const outcomes = names.map(
    (name, k): OutcomeRecord => ({
      name,
      probability: prices?.[k] ?? null,
      outcomeKey: tokens?.[k] ?? `${conditionId}/${k}`,
    }),
  );
  const settled = f.has('closed') && f.boolean('closed') ? settlement(f, outcomes) : null;
  const archived = f.has('archived') && f.boolean('archived');
  const scalar = f.raw('marketType') === 'scalar';
  return {
    source: POLYMARKET_SOURCE,
    sourceKey: conditionId,
    slug,
    question: f.text('question', 1000),
    // A sports market says so only by its sports fields.
    category: lowerText(f, 'category') ?? event?.category ?? (f.has('sportsMarketType') ? 'sports' : null),
    kind: scalar ? 'scalar' : outcomes.length > 2 ? 'categorical' : 'binary',
    outcomes,
    bounds: scalar ? { lower: f.decimal('lowerBound'), upper: f.decimal('upperBound') } : null,
    volume: f.optionalDecimal('volumeNum', 0) ?? f.optionalDecimal('volume', 0),
    liquidity: f.optionalDecimal('liquidityNum', 0) ?? f.optionalDecimal('liquidity', 0),
    openInterest: null,
    openAt: f.optionalInstant('startDate'),
    closeAt: f.optionalInstant('endDate'),
    status: settled?.resolved ? 'resolved' : settled || archived ? 'closed' : 'open',
    resolution: settled?.winner ?? null,
    eventKey: event?.sourceKey ?? null,
    label: f.optionalText('groupItemTitle', 300),
    sourceUrl: marketUrl(slug, event?.slug ?? null, site),
  };
}

/**
 * A closed market is resolved once its oracle says so (umaResolutionStatus "resolved") or once it has paid one
 * outcome in full; the winner is that outcome (none when it paid out across outcomes, as a 50-50 or a scalar does).
 */
function settlement(f: Fields, outcomes: OutcomeRecord[]): { resolved: boolean; winner: string | null } {
  const paid = outcomes.filter((o) => o.probability === 1);
  const paidInFull = paid.length === 1 && outcomes.every((o) => o.probability === 1 || o.probability === 0);
  const winner = paidInFull ? paid[0]!.name : null;
  return { resolved: f.raw('umaResolutionStatus') === 'resolved' || winner !== null, winner };
}

/** The JSON-encoded list `name` with one value per outcome, each read by `read` (null: not `expected`); null when not sent. */
function listOf<T>(f: Fields, name: string, n: number, expected: string, read: (raw: unknown) => T | null): T[] | null {
  if (!f.has(name)) return null;
  const raw = encodedList(f, name);
  if (raw.length === 0) return null;
  if (raw.length !== n) throw new ItemError(`${name}: expected ${n} values, one per outcome, found ${raw.length}`);
  return raw.map((v, k) => {
    const value = read(v);
    if (value === null) throw new ItemError(`${name}[${k}]: expected ${expected}`);
    return value;
  });
}

function lowerText(f: Fields, name: string): string | null {
  return f.optionalText(name, 100)?.toLowerCase() ?? null;
}
