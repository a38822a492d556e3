// Kalshi events (GET /events, with nested markets when asked; GET /events/{ticker}, whose markets sit beside the
// event): a question whose markets are its outcomes when they are mutually exclusive (the Fed's decision buckets).
import { type Fields, readItems } from '../fields.js';
import type { PredictionEventRecord, PredictionMarketRecord } from '../odds-records.js';
import type { SkippedItem } from '../records.js';
import { type EventContext, readKalshiMarkets } from './markets.js';
import { KALSHI_SOURCE, seriesOf, seriesUrl } from './source.js';

export interface EventsRead {
  markets: PredictionMarketRecord[];
  events: PredictionEventRecord[];
  skipped: SkippedItem[];
}

/** Events, each with the markets nested in it or, for a single event's answer, given beside it; citing `site`. */
export function readKalshiEvents(items: unknown[], name: string, beside: unknown[] | null, site: string): EventsRead {
  const out: EventsRead = { markets: [], events: [], skipped: [] };
  const { records, skipped } = readItems(items, name, (f, k) => ({
    ...readEvent(f, site),
    markets: f.raw('markets') ?? beside,
    k,
  }));
  out.skipped.push(...skipped);
  for (const { event, context, markets, k } of records) {
    out.events.push(event);
    if (!Array.isArray(markets)) continue;
    const nested = readKalshiMarkets(markets, markets === beside ? 'markets' : `${name}[${k}].markets`, context, site);
    out.markets.push(...nested.markets);
    out.skipped.push(...nested.skipped);
  }
  return out;
}

function readEvent(f: Fields, site: string): { event: PredictionEventRecord; context: EventContext } {
  const ticker = f.text('event_ticker', 200);
  const seriesTicker = f.optionalText('series_ticker', 200) ?? seriesOf(ticker);
  const title = f.text('title', 1000);
  const category = f.optionalText('category', 100)?.toLowerCase() ?? null;
  return {
    event: {
      source: KALSHI_SOURCE,
      sourceKey: ticker,
      slug: ticker.toLowerCase(),
      title,
      category,
      mutuallyExclusive: f.has('mutually_exclusive') && f.boolean('mutually_exclusive'),
      closeAt: f.optionalInstant('strike_date'),
      sourceUrl: seriesUrl(seriesTicker, site),
    },
    context: { title, category, seriesTicker },
  };
}
