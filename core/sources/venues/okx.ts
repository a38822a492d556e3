// OKX v5: spot and perpetual swaps on one public WebSocket. Every listing has the tickers channel; a swap also the
// funding-rate, mark-price and open-interest channels. Their items and the REST answers of the same names
// (market/ticker, public/mark-price, public/funding-rate, public/open-interest) share one shape, read by one reader.
// OKX drops a connection silent for 30 s: the client sends the text "ping" and OKX answers "pong".
import { ItemError, isObject, readEach } from '../fields.js';
import { type BarRow, collectBars, type HistoryBars, STILL_FORMING } from '../history/bars.js';
import { PayloadError } from '../records.js';
import { collectFunding, collectOpenInterest, type FundingHistory, type OpenInterestHistory } from './derivatives.js';
import { fundingIntervalHours } from './funding.js';
import { jsonPayload, listIn, readFrame } from './payload.js';
import {
  chunks,
  type Keepalive,
  type MarketProtocol,
  query,
  type RestApi,
  type RestRequest,
  type VenueProtocol,
} from './protocol.js';
import {
  amount,
  cells,
  epochMs,
  excerpt,
  list,
  num,
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

const ARGS_PER_FRAME = 100;
/** A swap's channels; a spot pair has only the first. */
const CHANNELS = ['tickers', 'funding-rate', 'mark-price', 'open-interest'];
const isSwap = (instId: string) => instId.endsWith('-SWAP');

/**
 * A candle [ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]: a swap counts vol in contracts and volCcy in the
 * base currency, spot counts vol in the base and volCcy in the quote; volCcyQuote is the quote volume of both.
 * A candle whose confirm is "0" is still forming: it is skipped.
 */
export function okxCandleRow(raw: unknown, swap: boolean): BarRow {
  const c = cells(raw, 'candle', 7);
  if (c[8] === '0') throw new ItemError(STILL_FORMING);
  return {
    ts: epochMs(c[0], 'ts'),
    open: price(c[1], 'open'),
    high: price(c[2], 'high'),
    low: price(c[3], 'low'),
    close: price(c[4], 'close'),
    volumeBase: amount(swap ? c[6] : c[5], swap ? 'volCcy' : 'vol'),
    volumeQuote: c.length > 7 ? amount(c[7], 'volCcyQuote') : swap ? NaN : amount(c[6], 'volCcy'),
  };
}

/** The `data` list of an OKX answer {code: "0", msg, data} (or that list alone, as saved); another code is OKX's error. */
export function okxData(text: string): unknown[] {
  const doc = jsonPayload(text);
  if (Array.isArray(doc)) return doc;
  if (!isObject(doc) || doc.code === undefined)
    throw new PayloadError(`expected {"code": "0", "data": [...]}, got ${excerpt(doc)}`);
  if (doc.code !== '0' && doc.code !== 0) throw new PayloadError(`OKX error ${doc.code}: ${venueMessage(doc.msg)}`);
  return listIn(doc.data, 'a data list');
}

/** Candles of the spot or swap REST API. */
function parseOkxCandles(text: string, swap: boolean): HistoryBars {
  return collectBars(okxData(text), 'candles', (raw) => okxCandleRow(raw, swap));
}

function parseFundingHistory(text: string): FundingHistory {
  return collectFunding(okxData(text), 'funding', (raw) => {
    const o = obj(raw, 'funding rate');
    // realizedRate is what was paid; fundingRate the rate announced before it.
    const paid = num(o.realizedRate, 'realizedRate');
    return {
      ts: epochMs(o.fundingTime, 'fundingTime'),
      rate: Number.isNaN(paid) ? num(o.fundingRate, 'fundingRate') : paid,
    };
  });
}

/** rubik/stat/contracts/open-interest-history [[ts, oi, oiCcy, oiUsd]] or public/open-interest [{oi, oiCcy, oiUsd, ts}]. */
function parseOpenInterest(text: string): OpenInterestHistory {
  return collectOpenInterest(okxData(text), 'openInterest', (raw) => {
    if (Array.isArray(raw)) {
      const c = cells(raw, 'open interest', 3);
      return {
        ts: epochMs(c[0], 'ts'),
        base: amount(c[2], 'oiCcy'),
        quote: NaN,
        usd: c.length > 3 ? amount(c[3], 'oiUsd') : NaN,
      };
    }
    const o = obj(raw, 'open interest');
    return { ts: epochMs(o.ts, 'ts'), base: amount(o.oiCcy, 'oiCcy'), quote: NaN, usd: optAmount(o.oiUsd, 'oiUsd') };
  });
}

/** One item of any of the four channels, or of their REST answers: each field read where it is present. */
function item(raw: unknown): VenueUpdate {
  const o = obj(raw, 'item');
  const instId = text(o.instId, 'instId');
  const u = blankUpdate(instId, optEpochMs(o.ts, 'ts'));
  u.price = optPrice(o.last, 'last');
  if (isSwap(instId)) u.volume24hBase = optAmount(o.volCcy24h, 'volCcy24h');
  else {
    u.volume24hBase = optAmount(o.vol24h, 'vol24h');
    u.volume24hQuote = optAmount(o.volCcy24h, 'volCcy24h');
  }
  u.markPrice = optPrice(o.markPx, 'markPx');
  // A funding-rate item's fundingTime is the coming payment, and nextFundingTime the one after it.
  u.fundingRate = num(o.fundingRate, 'fundingRate');
  u.nextFundingTime = optEpochMs(o.fundingTime, 'fundingTime');
  u.fundingIntervalHours = fundingIntervalHours(u.nextFundingTime, optEpochMs(o.nextFundingTime, 'nextFundingTime'));
  u.openInterestBase = optAmount(o.oiCcy, 'oiCcy');
  u.openInterestUsd = optAmount(o.oiUsd, 'oiUsd');
  const empty =
    Number.isNaN(u.price) &&
    Number.isNaN(u.markPrice) &&
    Number.isNaN(u.fundingRate) &&
    Number.isNaN(u.openInterestBase) &&
    Number.isNaN(u.openInterestUsd);
  if (empty) throw new ItemError(`${instId}: no price, funding or open interest`);
  return u;
}

function parseSnapshot(text: string): ParsedUpdates {
  const { records, skipped } = readEach(okxData(text), 'data', item);
  return { updates: records, skipped };
}

function frame(doc: unknown): ParsedFrame {
  const o = obj(doc, 'frame');
  switch (o.event) {
    case undefined: {
      const arg = obj(o.arg, 'arg');
      if (typeof arg.channel !== 'string' || !CHANNELS.includes(arg.channel))
        return skippedFrame(`unknown channel ${excerpt(arg.channel)}`);
      const { records, skipped } = readEach(list(o.data, 'data'), 'data', item);
      return updatesFrame(records, skipped);
    }
    case 'subscribe':
    case 'unsubscribe':
    case 'channel-conn-count':
      return controlFrame(o.event);
    case 'notice':
      // 64008: the connection is about to close for a service upgrade.
      return controlFrame(`notice ${excerpt(o.code)}: ${venueMessage(o.msg)}`, NaN, true);
    case 'error':
      return skippedFrame(`OKX error ${excerpt(o.code)}: ${venueMessage(o.msg)}`);
    default:
      return skippedFrame(`unknown event ${excerpt(o.event)}`);
  }
}

const KEEPALIVE: Keepalive = { send: { text: 'ping' }, everyMs: 20_000, silenceMs: 30_000, lifetimeMs: null };

function restApi(swap: boolean): RestApi {
  return {
    paging: 'backward',
    // History candles take 20 requests in 2 seconds.
    requestGapMs: 150,
    // `after` and `before` bound the window, both exclusive; newest first, 100 a page.
    klines: (instId, fromMs, toMs) => ({
      method: 'GET',
      path: `/api/v5/market/history-candles?${query({ instId, bar: '1m', after: toMs, before: fromMs - 1, limit: 100 })}`,
    }),
    parseKlines: (text) => parseOkxCandles(text, swap),
    snapshot: (instId) => {
      const ticker: RestRequest = { method: 'GET', path: `/api/v5/market/ticker?${query({ instId })}` };
      if (!swap) return [ticker];
      return [
        ticker,
        { method: 'GET', path: `/api/v5/public/mark-price?${query({ instType: 'SWAP', instId })}` },
        { method: 'GET', path: `/api/v5/public/funding-rate?${query({ instId })}` },
        { method: 'GET', path: `/api/v5/public/open-interest?${query({ instType: 'SWAP', instId })}` },
      ];
    },
    parseSnapshot,
  };
}

function subscribe(symbols: string[], channels: string[]): string[] {
  const args = symbols.flatMap((instId) => channels.map((channel) => ({ channel, instId })));
  return chunks(args, ARGS_PER_FRAME).map((a) => JSON.stringify({ op: 'subscribe', args: a }));
}

const spot: MarketProtocol = {
  wsUrl: 'wss://ws.okx.com:8443/ws/v5/public',
  restUrl: 'https://www.okx.com',
  symbolPattern: /^[A-Z0-9]{1,20}-[A-Z0-9]{2,10}$/,
  perConnection: 200,
  subscribe: (symbols) => subscribe(symbols, ['tickers']),
  // Three subscribe requests a second per connection at most.
  sendGapMs: 350,
  keepalive: KEEPALIVE,
  sequence: null,
  openInterest: null,
  rest: restApi(false),
};

const perp: MarketProtocol = {
  ...spot,
  symbolPattern: /^[A-Z0-9]{1,20}-[A-Z0-9]{2,10}-SWAP$/,
  perConnection: 100,
  subscribe: (symbols) => subscribe(symbols, CHANNELS),
  openInterest: 'ws',
  rest: {
    ...restApi(true),
    fundingHistory: (instId, fromMs, toMs) => ({
      method: 'GET',
      path: `/api/v5/public/funding-rate-history?${query({ instId, after: toMs, before: fromMs - 1, limit: 100 })}`,
    }),
    parseFundingHistory,
    openInterestHistory: (instId, fromMs, toMs) => ({
      method: 'GET',
      path: `/api/v5/rubik/stat/contracts/open-interest-history?${query({ instId, period: '5m', begin: fromMs, end: toMs - 1, limit: 100 })}`,
    }),
    parseOpenInterest,
  },
};

export const okx: VenueProtocol = {
  id: 'okx',
  name: 'OKX',
  markets: { spot, perp },
  parseFrame: (text) => (text === 'pong' ? controlFrame('pong') : readFrame(text, frame)),
};
