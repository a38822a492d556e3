// Kalshi markets (GET /markets, /markets/{ticker}, and those nested in events): binary or scalar, each read as a Yes
// and a No outcome. The Yes probability shows the quote's midpoint or the last trade (shownProbability); once settled,
// what Yes paid.

import type { OddsStatus } from '../../vocabulary.js';
import { type Fields, ItemError, readItems } from '../fields.js';
import { type PredictionMarketRecord, roundProbability, shownProbability } from '../odds-records.js';
import type { SkippedItem } from '../records.js';
import { contracts, dollars, KALSHI_SOURCE, price, quotes, seriesOf, seriesUrl } from './source.js';

/** Kalshi's market statuses, current and older ones; an unknown one is not guessed. */
const STATUSES = new Map<string, OddsStatus>([
  ['initialized', 'open'],
  ['unopened', 'open'],
  ['active', 'open'],
  ['open', 'open'],
  ['inactive', 'closed'],
  ['paused', 'closed'],
  ['closed', 'closed'],
  ['disputed', 'closed'],
  ['determined', 'resolved'],
  ['amended', 'resolved'],
  ['settled', 'resolved'],
  ['finalized', 'resolved'],
]);

/** What a market learns from the event it is nested in. */
export interface EventContext {
  title: string;
  category: string | null;
  seriesTicker: string;
}

/** Markets, citing their series' page on `site`. */
export function readKalshiMarkets(
  items: unknown[],
  name: string,
  event: EventContext | null,
  site: string,
): { markets: PredictionMarketRecord[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems(items, name, (f) => readMarket(f, event, site));
  return { markets: records, skipped };
}

function readMarket(f: Fields, event: EventContext | null, site: string): PredictionMarketRecord {
  const ticker = f.text('ticker', 200);
  const rawStatus = f.text('status', 40);
  const status = STATUSES.get(rawStatus.toLowerCase());
  if (!status) throw new ItemError(`status: unknown status ${JSON.stringify(rawStatus)}`);
  const result = f.optionalText('result', 20)?.toLowerCase() ?? null;
  const notional = dollars(f, 'notional_value') ?? 1;
  const traded = contracts(f, 'volume');
  // A market that never traded reports a last price of 0: no trade, not a 0% chance.
  const last = traded === 0 ? null : price(f, 'last_price');
  const yes =
    (status === 'resolved' ? settledYes(f, result, notional) : null) ??
    shownProbability(...quotes(price(f, 'yes_bid'), price(f, 'yes_ask')), last);
  const scalar = f.raw('market_type') === 'scalar';
  const eventTicker = f.optionalText('event_ticker', 200);
  const label = f.optionalText('yes_sub_title', 300) ?? f.optionalText('subtitle', 300);
  const openInterest = contracts(f, 'open_interest');
  const liquidity = dollars(f, 'liquidity');
  return {
    source: KALSHI_SOURCE,
    sourceKey: ticker,
    slug: ticker.toLowerCase(),
    // Current payloads may leave a market's title out: its event's title and its label then say it.
    question: f.has('title') || !event || !label ? f.text('title', 1000) : `${event.title}: ${label}`,
    category: event?.category ?? f.optionalText('category', 100)?.toLowerCase() ?? null,
    kind: scalar ? 'scalar' : 'binary',
    outcomes: [
      { name: 'Yes', probability: yes, outcomeKey: `${ticker}/yes` },
      { name: 'No', probability: yes === null ? null : roundProbability(1 - yes), outcomeKey: `${ticker}/no` },
    ],
    bounds:
      scalar && f.has('floor_strike') && f.has('cap_strike')
        ? { lower: f.decimal('floor_strike'), upper: f.decimal('cap_strike') }
        : null,
    volume: traded === null ? null : traded * notional,
    // Kalshi deprecated its liquidity figure, which now always reads 0: that is no figure, not an empty book.
    liquidity: liquidity ? liquidity : null,
    openInterest: openInterest === null ? null : openInterest * notional,
    openAt: f.optionalInstant('open_time'),
    closeAt: f.optionalInstant('close_time'),
    status,
    resolution:
      status === 'resolved' && (result === 'yes' || result === 'no') ? (result === 'yes' ? 'Yes' : 'No') : null,
    eventKey: eventTicker,
    label,
    sourceUrl: seriesUrl(event?.seriesTicker ?? seriesOf(eventTicker ?? ticker), site),
  };
}

/** What Yes paid per dollar of notional: all or nothing for a yes/no result, the settlement value for a scalar one. */
function settledYes(f: Fields, result: string | null, notional: number): number | null {
  if (result === 'yes') return 1;
  if (result === 'no') return 0;
  const value = dollars(f, 'settlement_value');
  return value === null ? null : roundProbability(Math.min(1, value / notional));
}
