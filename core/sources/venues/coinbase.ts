// Coinbase Advanced Trade (spot): the ticker_batch channel (each product's last price and 24h volume every 5
// seconds) and the heartbeats channel, which keeps the connection open and, with every frame's sequence_num
// (counted per connection), shows when a frame was lost.
import { isObject, readEach } from '../fields.js';
import { type BarRow, collectBars, type HistoryBars } from '../history/bars.js';
import { PayloadError } from '../records.js';
import { jsonPayload, readFrame } from './payload.js';
import { type MarketProtocol, query, type VenueProtocol } from './protocol.js';
import { amount, cells, epochSeconds, excerpt, isoMs, num, obj, optAmount, price, text, venueMessage } from './read.js';
import {
  blankUpdate,
  controlFrame,
  type ParsedFrame,
  type ParsedUpdates,
  skippedFrame,
  updatesFrame,
  type VenueUpdate,
} from './update.js';

/** Candles a request may ask for (the API refuses a wider window). */
const CANDLES_PER_REQUEST = 350;

/** Advanced Trade's candle {start (epoch s), low, high, open, close, volume (base)}. */
function candleObject(raw: unknown): BarRow {
  const o = obj(raw, 'candle');
  return rowOf(epochSeconds(o.start, 'start'), o.open, o.high, o.low, o.close, o.volume);
}

/** Coinbase Exchange's candle [time (epoch s), low, high, open, close, volume (base)]. */
function candleArray(raw: unknown): BarRow {
  const c = cells(raw, 'candle', 6);
  return rowOf(epochSeconds(c[0], 'time'), c[3], c[2], c[1], c[4], c[5]);
}

function rowOf(ts: number, open: unknown, high: unknown, low: unknown, close: unknown, volume: unknown): BarRow {
  return {
    ts,
    open: price(open, 'open'),
    high: price(high, 'high'),
    low: price(low, 'low'),
    close: price(close, 'close'),
    volumeBase: amount(volume, 'volume'),
    volumeQuote: NaN,
  };
}

/** Candles of either Coinbase API: Advanced Trade's {candles: [{start, ...}]} or Exchange's [[time, low, high, open, close, volume]]. */
export function parseCoinbaseCandles(text: string): HistoryBars {
  const doc = jsonPayload(text);
  if (Array.isArray(doc)) return collectBars(doc, 'candles', candleArray);
  if (isObject(doc) && Array.isArray(doc.candles)) return collectBars(doc.candles, 'candles', candleObject);
  if (isObject(doc) && typeof doc.message === 'string')
    throw new PayloadError(`Coinbase error: ${venueMessage(doc.message)}`);
  throw new PayloadError(`expected {"candles": [...]} or a list of candles, got ${excerpt(doc)}`);
}

/** The REST ticker {trades: [{price, time, ...}], best_bid, best_ask}: the latest trade's price and time. */
function parseSnapshot(text: string, symbol: string): ParsedUpdates {
  const doc = jsonPayload(text);
  if (!isObject(doc) || !Array.isArray(doc.trades))
    throw new PayloadError(`expected {"trades": [...]}, got ${excerpt(doc)}`);
  const { records, skipped } = readEach(doc.trades, 'trades', (raw) => {
    const o = obj(raw, 'trade');
    const u = blankUpdate(symbol, isoMs(o.time, 'time'));
    u.price = price(o.price, 'price');
    return u;
  });
  return { updates: records.sort((a, b) => b.ts - a.ts).slice(0, 1), skipped };
}

const spot: MarketProtocol = {
  wsUrl: 'wss://advanced-trade-ws.coinbase.com',
  restUrl: 'https://api.coinbase.com',
  symbolPattern: /^[A-Z0-9]{1,20}-[A-Z0-9]{2,10}$/,
  perConnection: 100,
  subscribe: (symbols) => [
    JSON.stringify({ type: 'subscribe', product_ids: symbols, channel: 'ticker_batch' }),
    JSON.stringify({ type: 'subscribe', channel: 'heartbeats' }),
  ],
  sendGapMs: 150,
  // No ping: the heartbeats channel beats every second, and most channels close after 60-90 s without one.
  keepalive: { send: null, everyMs: 0, silenceMs: 15_000, lifetimeMs: null },
  sequence: 'connection',
  openInterest: null,
  rest: {
    paging: 'forward',
    // Public endpoints take 10 requests a second.
    requestGapMs: 150,
    klines: (symbol, fromMs, toMs) => {
      const start = Math.floor(fromMs / 1000);
      const end = Math.min(Math.floor(toMs / 1000), start + CANDLES_PER_REQUEST * 60) - 1;
      return {
        method: 'GET',
        path: `/api/v3/brokerage/market/products/${symbol}/candles?${query({ start, end, granularity: 'ONE_MINUTE', limit: CANDLES_PER_REQUEST })}`,
      };
    },
    parseKlines: parseCoinbaseCandles,
    snapshot: (symbol) => [
      { method: 'GET', path: `/api/v3/brokerage/market/products/${symbol}/ticker?${query({ limit: 1 })}` },
    ],
    parseSnapshot,
  },
};

function ticker(ts: number, raw: unknown): VenueUpdate {
  const o = obj(raw, 'ticker');
  const u = blankUpdate(text(o.product_id, 'product_id'), ts);
  u.price = price(o.price, 'price');
  u.volume24hBase = optAmount(o.volume_24_h, 'volume_24_h');
  return u;
}

function frame(doc: unknown): ParsedFrame {
  const o = obj(doc, 'frame');
  if (o.type === 'error') return skippedFrame(`Coinbase error: ${venueMessage(o.message)}`);
  const seq = num(o.sequence_num, 'sequence_num');
  switch (o.channel) {
    case 'subscriptions':
      return controlFrame('subscriptions', seq);
    case 'heartbeats':
      return controlFrame('heartbeat', seq);
    case 'ticker':
    case 'ticker_batch': {
      const ts = isoMs(o.timestamp, 'timestamp');
      const events = Array.isArray(o.events) ? o.events : [];
      const tickers = events.flatMap((e) => (isObject(e) && Array.isArray(e.tickers) ? e.tickers : []));
      const { records, skipped } = readEach(tickers, 'tickers', (t) => ticker(ts, t));
      return updatesFrame(records, skipped, seq);
    }
    default:
      return skippedFrame(`unknown channel ${excerpt(o.channel)}`, seq);
  }
}

export const coinbase: VenueProtocol = {
  id: 'coinbase',
  name: 'Coinbase',
  markets: { spot },
  parseFrame: (text) => readFrame(text, frame),
};
