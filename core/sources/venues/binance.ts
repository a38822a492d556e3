// Binance spot and USD-M perpetuals: the 24h ticker stream of each listing (price, 24h volume, the last trade id as
// its sequence) and, for perpetuals, the mark price stream every second (mark price, funding, next funding time).
// Open interest has no stream: it is polled over REST. Binance pings every few minutes (a WebSocket client answers
// with pongs by itself) and closes every connection after 24 h.
import { HOUR_MS } from '../../time.js';
import { ItemError, isObject, readEach } from '../fields.js';
import { type BarRow, collectBars, type HistoryBars } from '../history/bars.js';
import { PayloadError } from '../records.js';
import { collectFunding, collectOpenInterest, type FundingHistory, type OpenInterestHistory } from './derivatives.js';
import { jsonPayload, listIn, readFrame } from './payload.js';
import { chunks, type Keepalive, type MarketProtocol, query, type RestApi, type VenueProtocol } from './protocol.js';
import {
  amount,
  cells,
  epochMs,
  excerpt,
  num,
  type Obj,
  obj,
  optAmount,
  optEpochMs,
  optPrice,
  price,
  rate,
  text,
  venueMessage,
} from './read.js';
import {
  blankUpdate,
  controlFrame,
  type ParsedFrame,
  type ParsedUpdates,
  skippedFrame,
  updatesFrame,
  type VenueUpdate,
} from './update.js';

const KEEPALIVE: Keepalive = { send: null, everyMs: 0, silenceMs: 30_000, lifetimeMs: 24 * HOUR_MS };
const TOPICS_PER_FRAME = 100;

function subscribeFrames(topics: string[]): string[] {
  return chunks(topics, TOPICS_PER_FRAME).map((params, k) =>
    JSON.stringify({ method: 'SUBSCRIBE', params, id: k + 1 }),
  );
}

/** A kline as Binance's API and its data.binance.vision files give it: open time, OHLC, base volume, close time, quote volume... */
export function binanceKlineRow(raw: unknown): BarRow {
  const c = cells(raw, 'kline', 8);
  let ts = num(c[0], 'open time');
  // data.binance.vision's spot files count microseconds since 2025.
  if (ts > 1e14) ts = Math.floor(ts / 1000);
  return {
    ts,
    open: price(c[1], 'open'),
    high: price(c[2], 'high'),
    low: price(c[3], 'low'),
    close: price(c[4], 'close'),
    volumeBase: amount(c[5], 'volume'),
    volumeQuote: amount(c[7], 'quote asset volume'),
  };
}

function parseKlines(text: string): HistoryBars {
  return collectBars(listIn(answer(text), 'a list of klines'), 'klines', binanceKlineRow);
}

function parseFundingHistory(text: string): FundingHistory {
  return collectFunding(listIn(answer(text), 'a list of funding rates'), 'funding', (raw) => {
    const o = obj(raw, 'funding rate');
    return { ts: epochMs(o.fundingTime, 'fundingTime'), rate: rate(o.fundingRate, 'fundingRate') };
  });
}

/** /futures/data/openInterestHist (a list, value in the quote currency) or /fapi/v1/openInterest (one point, in coins). */
function parseOpenInterest(text: string): OpenInterestHistory {
  const doc = answer(text);
  if (Array.isArray(doc)) {
    return collectOpenInterest(doc, 'openInterest', (raw) => {
      const o = obj(raw, 'open interest');
      return {
        ts: epochMs(o.timestamp, 'timestamp'),
        base: amount(o.sumOpenInterest, 'sumOpenInterest'),
        quote: amount(o.sumOpenInterestValue, 'sumOpenInterestValue'),
        usd: NaN,
      };
    });
  }
  return collectOpenInterest([doc], 'openInterest', (raw) => {
    const o = obj(raw, 'open interest');
    return { ts: epochMs(o.time, 'time'), base: amount(o.openInterest, 'openInterest'), quote: NaN, usd: NaN };
  });
}

/** The payload, unless it is Binance's error object ({code, msg}). */
function answer(text: string): unknown {
  const doc = jsonPayload(text);
  if (isObject(doc) && typeof doc.code === 'number' && typeof doc.msg === 'string')
    throw new PayloadError(`Binance error ${doc.code}: ${doc.msg}`);
  return doc;
}

/**
 * A REST snapshot: /ticker/24hr (last price and 24h volume) or /fapi/v1/premiumIndex (mark price, funding and the
 * next funding time), one object or a list of them.
 */
function parseSnapshot(text: string, symbol: string): ParsedUpdates {
  const doc = answer(text);
  const items = (Array.isArray(doc) ? doc : [doc]).filter((o) => isObject(o) && o.symbol === symbol);
  const { records, skipped } = readEach(items, 'snapshot', (raw) => {
    const o = obj(raw, 'snapshot');
    if (o.markPrice !== undefined) {
      const u = blankUpdate(symbol, epochMs(o.time, 'time'));
      u.markPrice = price(o.markPrice, 'markPrice');
      u.fundingRate = num(o.lastFundingRate, 'lastFundingRate');
      u.nextFundingTime = o.nextFundingTime === 0 ? NaN : optEpochMs(o.nextFundingTime, 'nextFundingTime');
      return u;
    }
    const u = blankUpdate(symbol, epochMs(o.closeTime, 'closeTime'));
    u.price = price(o.lastPrice, 'lastPrice');
    u.volume24hBase = optAmount(o.volume, 'volume');
    u.volume24hQuote = optAmount(o.quoteVolume, 'quoteVolume');
    return u;
  });
  return { updates: records, skipped };
}

function restApi(prefix: '/api/v3' | '/fapi/v1', klineLimit: number, requestGapMs: number): RestApi {
  return {
    paging: 'forward',
    requestGapMs,
    klines: (symbol, fromMs, toMs) => ({
      method: 'GET',
      path: `${prefix}/klines?${query({ symbol, interval: '1m', startTime: fromMs, endTime: toMs - 1, limit: klineLimit })}`,
    }),
    parseKlines,
    snapshot: (symbol) => [{ method: 'GET', path: `${prefix}/ticker/24hr?${query({ symbol })}` }],
    parseSnapshot,
  };
}

const perpRest: RestApi = {
  // A 1,500-kline page weighs 10 of USD-M's 2,400 a minute.
  ...restApi('/fapi/v1', 1500, 300),
  fundingHistory: (symbol, fromMs, toMs) => ({
    method: 'GET',
    path: `/fapi/v1/fundingRate?${query({ symbol, startTime: fromMs, endTime: toMs - 1, limit: 1000 })}`,
  }),
  parseFundingHistory,
  openInterestHistory: (symbol, fromMs, toMs) => ({
    method: 'GET',
    path: `/futures/data/openInterestHist?${query({ symbol, period: '5m', startTime: fromMs, endTime: toMs - 1, limit: 500 })}`,
  }),
  snapshot: (symbol) => [
    { method: 'GET', path: `/fapi/v1/ticker/24hr?${query({ symbol })}` },
    { method: 'GET', path: `/fapi/v1/premiumIndex?${query({ symbol })}` },
  ],
  openInterestNow: (symbol) => ({ method: 'GET', path: `/fapi/v1/openInterest?${query({ symbol })}` }),
  // Weight 1 a request against 2,400 a minute: every 15 s leaves room for hundreds of listings.
  openInterestPollMs: 15_000,
  parseOpenInterest,
};

const SYMBOL = /^[A-Z0-9]{2,30}$/;

const spot: MarketProtocol = {
  wsUrl: 'wss://stream.binance.com:9443/ws',
  restUrl: 'https://api.binance.com',
  symbolPattern: SYMBOL,
  perConnection: 500,
  subscribe: (symbols) => subscribeFrames(symbols.map((s) => `${s.toLowerCase()}@ticker`)),
  // Spot takes 5 incoming messages a second, USD-M 10.
  sendGapMs: 250,
  keepalive: KEEPALIVE,
  sequence: 'listing',
  openInterest: null,
  // A kline page weighs 2 of spot's 6,000 a minute.
  rest: restApi('/api/v3', 1000, 100),
};

const perp: MarketProtocol = {
  ...spot,
  wsUrl: 'wss://fstream.binance.com/ws',
  restUrl: 'https://fapi.binance.com',
  perConnection: 300,
  subscribe: (symbols) =>
    subscribeFrames(symbols.flatMap((s) => [`${s.toLowerCase()}@ticker`, `${s.toLowerCase()}@markPrice@1s`])),
  openInterest: 'rest',
  rest: perpRest,
};

function ticker(o: Obj): VenueUpdate {
  const u = blankUpdate(text(o.s, 's'), epochMs(o.E, 'E'));
  u.price = price(o.c, 'c');
  u.volume24hBase = optAmount(o.v, 'v');
  u.volume24hQuote = optAmount(o.q, 'q');
  // The last trade id; -1 when the window had no trade.
  const last = num(o.L, 'L');
  if (last >= 0) u.seq = last;
  return u;
}

function markPrice(o: Obj): VenueUpdate {
  const u = blankUpdate(text(o.s, 's'), epochMs(o.E, 'E'));
  u.markPrice = optPrice(o.p, 'p');
  // A delivery contract's rate is "": it pays no funding.
  u.fundingRate = num(o.r, 'r');
  u.nextFundingTime = o.T === 0 ? NaN : optEpochMs(o.T, 'T');
  return u;
}

const EVENTS = new Map<unknown, (o: Obj) => VenueUpdate>([
  ['24hrTicker', ticker],
  ['24hrMiniTicker', ticker],
  ['markPriceUpdate', markPrice],
]);

function event(raw: unknown): VenueUpdate {
  const o = obj(raw, 'event');
  const read = EVENTS.get(o.e);
  if (!read) throw new ItemError(`unknown event ${excerpt(o.e)}`);
  return read(o);
}

function frame(doc: unknown): ParsedFrame {
  // An all-market stream sends a list of events.
  if (Array.isArray(doc)) return events(doc);
  const o = obj(doc, 'frame');
  if ('result' in o && 'id' in o) return controlFrame(`subscribed (request ${excerpt(o.id)})`);
  if (o.error !== undefined) return skippedFrame(`Binance refused request ${excerpt(o.id)}: ${venueMessage(o.error)}`);
  if (o.e === 'serverShutdown') return controlFrame('server shutdown', NaN, true);
  // A combined stream wraps each event (or list of events) as {stream, data}.
  const data = 'stream' in o && 'data' in o ? o.data : o;
  return events(Array.isArray(data) ? data : [data]);
}

function events(list: unknown[]): ParsedFrame {
  const { records, skipped } = readEach(list, 'events', event);
  return updatesFrame(records, skipped);
}

export const binance: VenueProtocol = {
  id: 'binance',
  name: 'Binance',
  markets: { spot, perp },
  parseFrame: (text) => readFrame(text, frame),
};
