// The Polymarket source's parser: a recorded answer of its Gamma API (markets, events, search), its CLOB API (markets,
// prices-history, book) or its Data API (trades), told apart by its shape.
import { isObject } from '../fields.js';
import { emptyOddsPayload, type OddsOptions, type OddsPayload } from '../odds-records.js';
import { PayloadError } from '../records.js';
import { readBook } from './book.js';
import { readClobMarkets } from './clob.js';
import { readGammaEvents, readGammaMarkets } from './gamma.js';
import { readPricesHistory } from './prices-history.js';
import { POLYMARKET_SITE } from './source.js';
import { readTrades } from './trades.js';

export function parsePolymarketPayload(text: string, options: OddsOptions = {}): OddsPayload {
  const site = options.site ?? POLYMARKET_SITE;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`not JSON: ${(err as Error).message}`);
  }
  const payload = emptyOddsPayload();
  if (Array.isArray(doc)) {
    if (doc.length === 0) return payload;
    const first = isObject(doc[0]) ? doc[0] : {};
    if ('asset' in first && 'price' in first) return { ...payload, ...readTrades(doc) };
    if ('conditionId' in first) return { ...payload, ...readGammaMarkets(doc, 'markets', site) };
    if ('markets' in first || 'ticker' in first) return { ...payload, ...readGammaEvents(doc, 'events', site) };
  } else if (isObject(doc)) {
    if (Array.isArray(doc.history)) {
      if (!options.key)
        throw new PayloadError(
          'a prices-history answer does not name its outcome token: give the token id it was asked for',
        );
      return { ...payload, ...readPricesHistory(doc.history, options.key) };
    }
    if (Array.isArray(doc.data)) return { ...payload, ...readClobMarkets(doc.data, 'data', site) };
    if ('condition_id' in doc && 'tokens' in doc) return { ...payload, ...readClobMarkets([doc], 'market', site) };
    if ('conditionId' in doc) return { ...payload, ...readGammaMarkets([doc], 'market', site) };
    if (Array.isArray(doc.events)) return { ...payload, ...readGammaEvents(doc.events, 'events', site) };
    if (Array.isArray(doc.markets)) return { ...payload, ...readGammaEvents([doc], 'event', site) };
    if ('asset_id' in doc && ('bids' in doc || 'asks' in doc)) return { ...payload, ...readBook(doc) };
  }
  throw new PayloadError(
    'not a Polymarket payload: expected Gamma markets or events, a CLOB market, page, book or prices-history, or Data API trades',
  );
}
