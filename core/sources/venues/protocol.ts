// What a connector needs to know of a venue, as pure data and pure functions: where to connect, what to send once
// connected and to stay connected, how to read what comes back, and which REST requests backfill a gap. The
// network side (server/feeds/venues/<venue>.ts) does the sending, the timing and the reconnecting.
import type { MARKETS } from '../../vocabulary.js';
import type { HistoryBars } from '../history/bars.js';
import type { FundingHistory, OpenInterestHistory } from './derivatives.js';
import type { ParsedFrame, ParsedUpdates } from './update.js';

export type Market = (typeof MARKETS)[number];

/** What keeps a connection open, and when to give up on a silent one. */
export interface Keepalive {
  /** A text frame to send every `everyMs`, a WebSocket ping frame, or nothing (the venue pings, or a channel beats). */
  send: { text: string } | 'ws-ping' | null;
  /** 0 when nothing is sent. */
  everyMs: number;
  /** Reconnect when nothing at all has arrived for this long. */
  silenceMs: number;
  /** The venue closes a connection after this long whatever happens (Binance: 24 h); reconnect before. */
  lifetimeMs: number | null;
}

/** One HTTP request of the venue's REST API, relative to the market's `restUrl`. */
export interface RestRequest {
  method: 'GET' | 'POST';
  /** Path and query string. */
  path: string;
  /** A JSON body (Hyperliquid's info requests). */
  body?: string;
}

/**
 * The venue's REST API for one market: backfill after downtime, and open interest where no WebSocket has it. A
 * window request [fromMs, toMs) returns at most a page of it: its start when the venue pages forward, its end when
 * it pages backward; nextWindow says what is left to ask for.
 */
export interface RestApi {
  paging: 'forward' | 'backward';
  /** Least time between two backfill requests of one client: the venue's public request limit, with room to spare. */
  requestGapMs: number;
  /** 1m bars. */
  klines(symbol: string, fromMs: number, toMs: number): RestRequest;
  parseKlines(text: string): HistoryBars;
  fundingHistory?(symbol: string, fromMs: number, toMs: number): RestRequest;
  parseFundingHistory?(text: string): FundingHistory;
  openInterestHistory?(symbol: string, fromMs: number, toMs: number): RestRequest;
  /** The current open interest, to poll every `openInterestPollMs` where the WebSocket does not carry it. */
  openInterestNow?(symbol: string): RestRequest;
  openInterestPollMs?: number;
  /** Reads the answer of openInterestHistory or openInterestNow (one point). */
  parseOpenInterest?(text: string): OpenInterestHistory;
  /**
   * The listing's current quote over REST, in the frames' terms: a first quote before the WebSocket's, or one while
   * it is down. Each request's answer is read by parseSnapshot; its updates are about `symbol`, named so whatever
   * the venue calls it in the answer.
   */
  snapshot?(symbol: string): RestRequest[];
  parseSnapshot?(text: string, symbol: string): ParsedUpdates;
}

/** One market of a venue (its spot market, its perpetuals): URLs, subscriptions, keepalive, limits, REST. */
export interface MarketProtocol {
  wsUrl: string;
  restUrl: string;
  /** What a listing's venue symbol looks like here; the sources file is checked against it. */
  symbolPattern: RegExp;
  /** At most this many listings on one connection. */
  perConnection: number;
  /** The text frames to send once connected, in order, to subscribe to `symbols`' prices, volume and funding. */
  subscribe(symbols: string[]): string[];
  /** Least time between two frames the client sends (the venue's incoming message limit). */
  sendGapMs: number;
  keepalive: Keepalive;
  /**
   * Where the venue numbers its messages: per connection without gaps (a gap is lost data: backfill), per listing
   * increasing only (a number going back is a repeat), or not at all.
   */
  sequence: 'connection' | 'listing' | null;
  /** Whether open interest arrives by WebSocket, must be polled over REST, or does not exist (spot). */
  openInterest: 'ws' | 'rest' | null;
  rest: RestApi;
}

export interface VenueProtocol {
  /** The venue's id as listings name it (lower case). */
  id: string;
  name: string;
  markets: Partial<Record<Market, MarketProtocol>>;
  /** Reads one text frame received on a connection of `market`; never throws. */
  parseFrame(text: string, market: Market): ParsedFrame;
}

/** One connection a client opens: where, for which listings, and the frames that subscribe them. */
export interface ConnectionPlan {
  venue: string;
  market: Market;
  url: string;
  symbols: string[];
  subscribe: string[];
  sendGapMs: number;
  keepalive: Keepalive;
}

/** The connections that carry `symbols` of `market` on `venue`, each within the venue's per-connection limit. */
export function connectionPlans(
  venue: VenueProtocol,
  market: Market,
  symbols: string[],
  wsUrl?: string,
): ConnectionPlan[] {
  const m = venue.markets[market];
  if (!m) throw new Error(`${venue.id} has no ${market} market`);
  return chunks(symbols, m.perConnection).map((chunk) => ({
    venue: venue.id,
    market,
    url: wsUrl ?? m.wsUrl,
    symbols: chunk,
    subscribe: m.subscribe(chunk),
    sendGapMs: m.sendGapMs,
    keepalive: m.keepalive,
  }));
}

/** `items` in consecutive groups of at most `size`: most venues cap the topics of one subscribe frame. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let k = 0; k < items.length; k += size) out.push(items.slice(k, k + size));
  return out;
}

/**
 * What remains of the window [fromMs, toMs) once a page whose points ran from `firstTs` to `lastTs` came back
 * (points `stepMs` apart); null when nothing does, or the page was empty (nothing more in the window).
 */
export function nextWindow(
  paging: RestApi['paging'],
  fromMs: number,
  toMs: number,
  firstTs: number,
  lastTs: number,
  stepMs: number,
): { fromMs: number; toMs: number } | null {
  if (!(lastTs >= firstTs)) return null;
  if (paging === 'forward') return lastTs + stepMs < toMs ? { fromMs: lastTs + stepMs, toMs } : null;
  return firstTs > fromMs ? { fromMs, toMs: firstTs } : null;
}

/** A query string of `params`, in their order. */
export function query(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
}
