// Bybit v5: spot and linear perpetuals, each on its own public WebSocket, through the tickers topic (last price, 24h
// volume and turnover; for perpetuals also mark price, funding and open interest). A linear ticker comes as a
// snapshot, then as deltas holding only the fields that changed. The client pings every 20 seconds.
import { isObject, readEach } from '../fields.js';
import { collectBars, type HistoryBars } from '../history/bars.js';
import { PayloadError } from '../records.js';
import { collectFunding, collectOpenInterest, type FundingHistory, type OpenInterestHistory } from './derivatives.js';
import { jsonPayload, listIn, readFrame } from './payload.js';
import { chunks, type MarketProtocol, query, type RestApi, type VenueProtocol } from './protocol.js';
import {
  amount,
  cells,
  epochMs,
  excerpt,
  num,
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

/** Topics per subscribe request (the spot stream's limit). */
const TOPICS_PER_FRAME = 10;

/** The `result.list` of a Bybit answer {retCode: 0, result: {list}}; another retCode is Bybit's error. */
function resultList(text: string): unknown[] {
  const doc = jsonPayload(text);
  if (!isObject(doc) || doc.retCode === undefined)
    throw new PayloadError(`expected {"retCode": 0, "result": {...}}, got ${excerpt(doc)}`);
  if (doc.retCode !== 0) throw new PayloadError(`Bybit error ${doc.retCode}: ${venueMessage(doc.retMsg)}`);
  return listIn(isObject(doc.result) ? doc.result.list : undefined, 'result.list');
}

/** A kline [start, open, high, low, close, volume (base), turnover (quote)], newest first. */
function parseKlines(text: string): HistoryBars {
  return collectBars(resultList(text), 'klines', (raw) => {
    const c = cells(raw, 'kline', 7);
    return {
      ts: epochMs(c[0], 'start'),
      open: price(c[1], 'open'),
      high: price(c[2], 'high'),
      low: price(c[3], 'low'),
      close: price(c[4], 'close'),
      volumeBase: amount(c[5], 'volume'),
      volumeQuote: amount(c[6], 'turnover'),
    };
  });
}

function parseFundingHistory(text: string): FundingHistory {
  return collectFunding(resultList(text), 'funding', (raw) => {
    const o = obj(raw, 'funding rate');
    return { ts: epochMs(o.fundingRateTimestamp, 'fundingRateTimestamp'), rate: rate(o.fundingRate, 'fundingRate') };
  });
}

function parseOpenInterest(text: string): OpenInterestHistory {
  return collectOpenInterest(resultList(text), 'openInterest', (raw) => {
    const o = obj(raw, 'open interest');
    return {
      ts: epochMs(o.timestamp, 'timestamp'),
      base: amount(o.openInterest, 'openInterest'),
      quote: NaN,
      usd: NaN,
    };
  });
}

/** A ticker, whole (a snapshot, a REST answer) or a delta: each field read where it is present. */
function ticker(raw: unknown, ts: number, seq: number): VenueUpdate {
  const o = obj(raw, 'ticker');
  const u = blankUpdate(text(o.symbol, 'symbol'), ts);
  u.seq = seq;
  u.price = optPrice(o.lastPrice, 'lastPrice');
  u.volume24hBase = optAmount(o.volume24h, 'volume24h');
  u.volume24hQuote = optAmount(o.turnover24h, 'turnover24h');
  u.markPrice = optPrice(o.markPrice, 'markPrice');
  u.fundingRate = num(o.fundingRate, 'fundingRate');
  u.fundingIntervalHours = num(o.fundingIntervalHour, 'fundingIntervalHour');
  u.nextFundingTime = o.nextFundingTime === '0' ? NaN : optEpochMs(o.nextFundingTime, 'nextFundingTime');
  u.openInterestBase = optAmount(o.openInterest, 'openInterest');
  u.openInterestQuote = optAmount(o.openInterestValue, 'openInterestValue');
  return u;
}

function parseSnapshot(text: string): ParsedUpdates {
  const { records, skipped } = readEach(resultList(text), 'list', (raw) => ticker(raw, NaN, NaN));
  return { updates: records, skipped };
}

function frame(doc: unknown): ParsedFrame {
  const o = obj(doc, 'frame');
  if (o.op === 'pong' || o.ret_msg === 'pong') return controlFrame('pong');
  if (o.op !== undefined) {
    if (o.success === false) return skippedFrame(`Bybit refused ${excerpt(o.op)}: ${venueMessage(o.ret_msg)}`);
    return controlFrame(typeof o.op === 'string' ? o.op : excerpt(o.op));
  }
  if (typeof o.topic !== 'string' || !o.topic.startsWith('tickers.'))
    return skippedFrame(`unknown topic ${excerpt(o.topic)}`);
  const ts = epochMs(o.ts, 'ts');
  const seq = num(o.cs, 'cs');
  const { records, skipped } = readEach([o.data], 'data', (raw) => ticker(raw, ts, seq));
  return updatesFrame(records, skipped);
}

function restApi(category: 'spot' | 'linear'): RestApi {
  return {
    paging: 'backward',
    // 600 requests in 5 seconds per address.
    requestGapMs: 100,
    klines: (symbol, fromMs, toMs) => ({
      method: 'GET',
      path: `/v5/market/kline?${query({ category, symbol, interval: 1, start: fromMs, end: toMs - 1, limit: 1000 })}`,
    }),
    parseKlines,
    snapshot: (symbol) => [{ method: 'GET', path: `/v5/market/tickers?${query({ category, symbol })}` }],
    parseSnapshot,
  };
}

const spot: MarketProtocol = {
  wsUrl: 'wss://stream.bybit.com/v5/public/spot',
  restUrl: 'https://api.bybit.com',
  symbolPattern: /^[A-Z0-9]{2,30}$/,
  perConnection: 200,
  subscribe: (symbols) =>
    chunks(
      symbols.map((s) => `tickers.${s}`),
      TOPICS_PER_FRAME,
    ).map((args, k) => JSON.stringify({ op: 'subscribe', req_id: String(k + 1), args })),
  sendGapMs: 100,
  keepalive: { send: { text: JSON.stringify({ op: 'ping' }) }, everyMs: 20_000, silenceMs: 45_000, lifetimeMs: null },
  // The cross sequence rises with every change of the listing, so it shows repeats, not gaps.
  sequence: 'listing',
  openInterest: null,
  rest: restApi('spot'),
};

const perp: MarketProtocol = {
  ...spot,
  wsUrl: 'wss://stream.bybit.com/v5/public/linear',
  openInterest: 'ws',
  rest: {
    ...restApi('linear'),
    fundingHistory: (symbol, fromMs, toMs) => ({
      method: 'GET',
      path: `/v5/market/funding/history?${query({ category: 'linear', symbol, startTime: fromMs, endTime: toMs - 1, limit: 200 })}`,
    }),
    parseFundingHistory,
    openInterestHistory: (symbol, fromMs, toMs) => ({
      method: 'GET',
      path: `/v5/market/open-interest?${query({ category: 'linear', symbol, intervalTime: '5min', startTime: fromMs, endTime: toMs - 1, limit: 200 })}`,
    }),
    parseOpenInterest,
  },
};

export const bybit: VenueProtocol = {
  id: 'bybit',
  name: 'Bybit',
  markets: { spot, perp },
  parseFrame: (text) => readFrame(text, frame),
};
