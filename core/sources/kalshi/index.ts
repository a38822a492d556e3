// The Kalshi source's parser: a recorded answer of its Trade API (markets, events, candlesticks, an order book), in
// its current `_dollars`/`_fp` fields or its older integer cents, told apart by its shape.
import { isObject } from '../fields.js';
import { emptyOddsPayload, type OddsOptions, type OddsPayload } from '../odds-records.js';
import { PayloadError } from '../records.js';
import { readBatchCandlesticks, readCandlesticks } from './candlesticks.js';
import { readKalshiEvents } from './events.js';
import { readKalshiMarkets } from './markets.js';
import { readOrderbook } from './orderbook.js';
import { KALSHI_SITE } from './source.js';

export function parseKalshiPayload(text: string, options: OddsOptions = {}): OddsPayload {
  const site = options.site ?? KALSHI_SITE;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`not JSON: ${(err as Error).message}`);
  }
  if (!isObject(doc)) throw new PayloadError('not a Kalshi payload: expected an object');
  const payload = emptyOddsPayload();
  if (Array.isArray(doc.candlesticks)) {
    if (typeof doc.ticker !== 'string' || !doc.ticker)
      throw new PayloadError('candlesticks without their market ticker');
    return { ...payload, ...readCandlesticks(doc.candlesticks, 'candlesticks', doc.ticker) };
  }
  if (Array.isArray(doc.markets) && doc.markets.some((m) => isObject(m) && 'candlesticks' in m))
    return { ...payload, ...readBatchCandlesticks(doc.markets) };
  if (Array.isArray(doc.events)) return { ...payload, ...readKalshiEvents(doc.events, 'events', null, site) };
  if (isObject(doc.event))
    return {
      ...payload,
      ...readKalshiEvents([doc.event], 'event', Array.isArray(doc.markets) ? doc.markets : null, site),
    };
  if (Array.isArray(doc.markets)) return { ...payload, ...readKalshiMarkets(doc.markets, 'markets', null, site) };
  if (isObject(doc.market)) return { ...payload, ...readKalshiMarkets([doc.market], 'market', null, site) };
  const book = doc.orderbook_fp ?? doc.orderbook;
  if (isObject(book)) {
    if (!options.key || typeof options.at !== 'number')
      throw new PayloadError(
        'an order book names neither its market nor its time: give the ticker it was asked for and when',
      );
    return { ...payload, ...readOrderbook(book, options.key, options.at) };
  }
  throw new PayloadError(
    'not a Kalshi payload: expected {"market"}, {"markets"}, {"event"}, {"events"}, {"ticker", "candlesticks"} or an order book',
  );
}
