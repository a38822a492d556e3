// Kraken: spot over the v2 WebSocket (the ticker channel: last price, 24h volume and VWAP) and perpetuals over the
// futures WebSocket (the ticker feed: last and mark price, 24h volume, open interest, and the funding rate, which
// Kraken states per hour). Two protocols on two hosts; one venue.
import { ItemError, isObject, readEach } from '../fields.js';
import { type BarRow, barsBefore, collectBars, type HistoryBars, STILL_FORMING } from '../history/bars.js';
import { PayloadError } from '../records.js';
import { collectFunding, type FundingHistory } from './derivatives.js';
import { jsonPayload, listIn, readFrame } from './payload.js';
import { type MarketProtocol, query, type VenueProtocol } from './protocol.js';
import {
  amount,
  cells,
  epochMs,
  epochSeconds,
  excerpt,
  isoMs,
  list,
  num,
  type Obj,
  obj,
  optAmount,
  optEpochMs,
  optPrice,
  price,
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

/** Kraken's futures funding rates are per hour, whatever the spacing of the history's points. */
const FUTURES_FUNDING_HOURS = 1;

/** An OHLC row of the spot REST API: [time (epoch s), open, high, low, close, vwap, volume, count]. */
function krakenOhlcRow(raw: unknown): BarRow {
  const c = cells(raw, 'ohlc', 7);
  const volume = amount(c[6], 'volume');
  return {
    ts: epochSeconds(c[0], 'time'),
    open: price(c[1], 'open'),
    high: price(c[2], 'high'),
    low: price(c[3], 'low'),
    close: price(c[4], 'close'),
    volumeBase: volume,
    // The VWAP times the volume is the bar's quote turnover, exactly; a bar without trades has a VWAP of 0.
    volumeQuote: volume > 0 ? optAmount(c[5], 'vwap') * volume : 0,
  };
}

/**
 * The spot REST answer {error: [...], result: {<pair>: [[...], ...], last}}, and the pair it names. Its last bar is
 * the one still forming (Kraken always sends it), so it is left out.
 */
export function krakenOhlcAnswer(text: string): { pair: string; bars: HistoryBars } {
  const result = spotResult(text);
  const pair = Object.keys(result).find((k) => k !== 'last');
  if (pair === undefined) throw new PayloadError("expected the OHLC rows under the pair's name in the result");
  const bars = collectBars(listIn(result[pair], `a list of OHLC rows under ${pair}`), 'ohlc', krakenOhlcRow);
  return { pair, bars: bars.length ? barsBefore(bars, bars.ts[bars.length - 1]!, STILL_FORMING) : bars };
}

/** The `result` of a spot REST answer {error: [...], result: {...}}; a non-empty error list is Kraken's error. */
function spotResult(text: string): Obj {
  const doc = jsonPayload(text);
  if (!isObject(doc) || !isObject(doc.result))
    throw new PayloadError(`expected {"error": [], "result": {...}}, got ${excerpt(doc)}`);
  const errors = Array.isArray(doc.error) ? doc.error : [];
  if (errors.length) throw new PayloadError(`Kraken error: ${errors.join('; ')}`);
  return doc.result;
}

/** The futures charts answer {candles: [{time (ms), open, high, low, close, volume}], more_candles}. */
function parseFuturesCandles(text: string): HistoryBars {
  const doc = jsonPayload(text);
  if (!isObject(doc)) throw new PayloadError(`expected {"candles": [...]}, got ${excerpt(doc)}`);
  return collectBars(listIn(doc.candles, 'a list of candles'), 'candles', (raw) => {
    const o = obj(raw, 'candle');
    return {
      ts: epochMs(o.time, 'time'),
      open: price(o.open, 'open'),
      high: price(o.high, 'high'),
      low: price(o.low, 'low'),
      close: price(o.close, 'close'),
      volumeBase: amount(o.volume, 'volume'),
      volumeQuote: NaN,
    };
  });
}

function parseFuturesFunding(text: string): FundingHistory {
  const doc = jsonPayload(text);
  if (!isObject(doc) || doc.result !== 'success')
    throw new PayloadError(`expected {"result": "success", "rates": [...]}, got ${excerpt(doc)}`);
  return collectFunding(
    listIn(doc.rates, 'a list of rates'),
    'rates',
    (raw) => {
      const o = obj(raw, 'rate');
      return { ts: isoMs(o.timestamp, 'timestamp'), rate: num(o.relativeFundingRate, 'relativeFundingRate') };
    },
    FUTURES_FUNDING_HOURS,
  );
}

/** The spot REST ticker {result: {<pair>: {c: [last, lot], v: [today, 24h], p: [vwap today, vwap 24h]}}}. */
function parseSpotSnapshot(text: string, symbol: string): ParsedUpdates {
  const { records, skipped } = readEach(Object.values(spotResult(text)), 'result', (raw) => {
    const o = obj(raw, 'ticker');
    const u = blankUpdate(symbol, NaN);
    u.price = price(list(o.c, 'c')[0], 'c[0]');
    u.volume24hBase = optAmount(list(o.v, 'v')[1], 'v[1]');
    u.volume24hQuote = u.volume24hBase * optAmount(list(o.p, 'p')[1], 'p[1]');
    return u;
  });
  return { updates: records, skipped };
}

/** The futures REST tickers {result: "success", tickers: [...]}: last and mark price, volume and open interest. */
function parseFuturesSnapshot(text: string, symbol: string): ParsedUpdates {
  const doc = jsonPayload(text);
  if (!isObject(doc) || doc.result !== 'success')
    throw new PayloadError(`expected {"result": "success", ...}, got ${excerpt(doc)}`);
  const tickers = Array.isArray(doc.tickers) ? doc.tickers : [doc.ticker];
  const { records, skipped } = readEach(
    tickers.filter((t) => isObject(t) && t.symbol === symbol),
    'tickers',
    (raw) => {
      const o = obj(raw, 'ticker');
      // Its fundingRate is absolute (currency per contract), unlike the WebSocket's relative rate: left to the WebSocket.
      return contract(o, symbol, o.lastTime === undefined ? NaN : isoMs(o.lastTime, 'lastTime'), 'vol24h');
    },
  );
  return { updates: records, skipped };
}

const spot: MarketProtocol = {
  wsUrl: 'wss://ws.kraken.com/v2',
  restUrl: 'https://api.kraken.com',
  symbolPattern: /^[A-Z0-9]{1,20}\/[A-Z0-9]{2,10}$/,
  perConnection: 200,
  subscribe: (symbols) => [
    JSON.stringify({ method: 'subscribe', params: { channel: 'ticker', symbol: symbols }, req_id: 1 }),
  ],
  sendGapMs: 100,
  // Kraken beats once a second on a subscribed connection; the application ping keeps proxies from closing it.
  keepalive: {
    send: { text: JSON.stringify({ method: 'ping' }) },
    everyMs: 30_000,
    silenceMs: 15_000,
    lifetimeMs: null,
  },
  sequence: null,
  openInterest: null,
  rest: {
    paging: 'forward',
    // Public calls take about one a second.
    requestGapMs: 1000,
    // The REST API names pairs without the slash (BTCUSD for BTC/USD); it serves the latest 720 bars at most.
    klines: (symbol, fromMs) => ({
      method: 'GET',
      path: `/0/public/OHLC?${query({ pair: symbol.replace('/', ''), interval: 1, since: Math.floor(fromMs / 1000) - 1 })}`,
    }),
    parseKlines: (text) => krakenOhlcAnswer(text).bars,
    snapshot: (symbol) => [{ method: 'GET', path: `/0/public/Ticker?${query({ pair: symbol.replace('/', '') })}` }],
    parseSnapshot: parseSpotSnapshot,
  },
};

const perp: MarketProtocol = {
  wsUrl: 'wss://futures.kraken.com/ws/v1',
  restUrl: 'https://futures.kraken.com',
  // PF_: multi-collateral (linear) perpetuals, PI_: inverse ones.
  symbolPattern: /^P[FI]_[A-Z0-9]{2,20}$/,
  perConnection: 200,
  subscribe: (symbols) => [
    JSON.stringify({ event: 'subscribe', feed: 'ticker', product_ids: symbols }),
    JSON.stringify({ event: 'subscribe', feed: 'heartbeat' }),
  ],
  sendGapMs: 100,
  // The futures socket closes after a minute without a ping from the client.
  keepalive: { send: 'ws-ping', everyMs: 30_000, silenceMs: 60_000, lifetimeMs: null },
  sequence: null,
  openInterest: 'ws',
  rest: {
    paging: 'forward',
    requestGapMs: 500,
    klines: (symbol, fromMs, toMs) => ({
      method: 'GET',
      path: `/api/charts/v1/trade/${symbol}/1m?${query({ from: Math.floor(fromMs / 1000), to: Math.floor(toMs / 1000) - 1 })}`,
    }),
    parseKlines: parseFuturesCandles,
    // The whole history in one answer.
    fundingHistory: (symbol) => ({
      method: 'GET',
      path: `/derivatives/api/v4/historicalfundingrates?${query({ symbol })}`,
    }),
    parseFundingHistory: parseFuturesFunding,
    snapshot: (symbol) => [{ method: 'GET', path: `/derivatives/api/v3/tickers/${symbol}` }],
    parseSnapshot: parseFuturesSnapshot,
  },
};

function spotTicker(raw: unknown): VenueUpdate {
  const o = obj(raw, 'ticker');
  const u = blankUpdate(text(o.symbol, 'symbol'), o.timestamp === undefined ? NaN : isoMs(o.timestamp, 'timestamp'));
  u.price = price(o.last, 'last');
  u.volume24hBase = optAmount(o.volume, 'volume');
  u.volume24hQuote = u.volume24hBase * optAmount(o.vwap, 'vwap');
  return u;
}

function spotFrame(doc: unknown): ParsedFrame {
  const o = obj(doc, 'frame');
  if (o.method !== undefined) {
    if (o.success === false) return skippedFrame(`Kraken refused ${excerpt(o.method)}: ${venueMessage(o.error)}`);
    return controlFrame(typeof o.method === 'string' ? o.method : excerpt(o.method));
  }
  switch (o.channel) {
    case 'heartbeat':
    case 'status':
      return controlFrame(o.channel);
    case 'ticker': {
      const { records, skipped } = readEach(list(o.data, 'data'), 'data', spotTicker);
      return updatesFrame(records, skipped);
    }
    default:
      return skippedFrame(`unknown channel ${excerpt(o.channel)}`);
  }
}

/**
 * A futures ticker's prices, volume and open interest (the WebSocket's and the REST answer's, whose volume fields are
 * named apart). An inverse contract (PI_) is worth one USD: its volume and open interest count dollars; a linear one
 * (PF_) counts coins, with its volume in USD as well.
 */
function contract(o: Obj, symbol: string, ts: number, volumeField: 'volume' | 'vol24h'): VenueUpdate {
  if (o.suspended === true) throw new ItemError(`${symbol} is suspended`);
  const u = blankUpdate(symbol, ts);
  u.price = price(o.last, 'last');
  u.markPrice = optPrice(o.markPrice, 'markPrice');
  const volume = optAmount(o[volumeField], volumeField);
  const openInterest = optAmount(o.openInterest, 'openInterest');
  if (symbol.startsWith('PI_')) {
    u.volume24hUsd = volume;
    u.openInterestUsd = openInterest;
  } else {
    u.volume24hBase = volume;
    u.volume24hUsd = optAmount(o.volumeQuote, 'volumeQuote');
    u.openInterestBase = openInterest;
  }
  return u;
}

function futuresTicker(o: Obj): VenueUpdate {
  const u = contract(o, text(o.product_id, 'product_id'), optEpochMs(o.time, 'time'), 'volume');
  u.fundingRate = num(o.relative_funding_rate, 'relative_funding_rate');
  u.fundingIntervalHours = FUTURES_FUNDING_HOURS;
  u.nextFundingTime = optEpochMs(o.next_funding_rate_time, 'next_funding_rate_time');
  return u;
}

function futuresFrame(doc: unknown): ParsedFrame {
  const o = obj(doc, 'frame');
  switch (o.event) {
    case undefined:
      break;
    case 'info':
    case 'subscribed':
    case 'unsubscribed':
      return controlFrame(o.event);
    case 'error':
    case 'alert':
      return skippedFrame(`Kraken ${o.event}: ${venueMessage(o.message)}`);
    default:
      return skippedFrame(`unknown event ${excerpt(o.event)}`);
  }
  if (o.feed === 'heartbeat') return controlFrame('heartbeat');
  if (o.feed === 'ticker' || o.feed === 'ticker_lite') {
    const { records, skipped } = readEach([o], 'ticker', futuresTicker);
    return updatesFrame(records, skipped);
  }
  return skippedFrame(`unknown feed ${excerpt(o.feed)}`);
}

export const kraken: VenueProtocol = {
  id: 'kraken',
  name: 'Kraken',
  markets: { spot, perp },
  parseFrame: (text, market) => readFrame(text, market === 'spot' ? spotFrame : futuresFrame),
};
