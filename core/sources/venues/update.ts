// What a venue's WebSocket frame says about its listings, in one shape for every venue: the parsers of
// core/sources/venues/<venue>.ts produce it, a connector merges it into its listings' quotes (see quotes.ts).
import type { SkippedItem } from '../records.js';

/**
 * One listing's news in one frame. Every number is NaN when the frame does not carry it: venues send partial
 * updates (a mark price alone, a ticker delta with the changed fields only), and the previous value then stands.
 */
export interface VenueUpdate {
  /** The venue's own symbol of the listing, as its frames spell it (BTCUSDT, BTC-USD, PF_XBTUSD...). */
  symbol: string;
  /** The venue's time of the data, epoch ms. */
  ts: number;
  /** Last trade price (or mid where the venue publishes no trade price), in the quote currency. */
  price: number;
  markPrice: number;
  /** Rolling 24h volume in the base asset, in the quote currency, and in USD where the venue states it so. */
  volume24hBase: number;
  volume24hQuote: number;
  volume24hUsd: number;
  /** Per the venue's own funding interval, as a fraction (see funding.ts for the 8h normalization). */
  fundingRate: number;
  /** The interval `fundingRate` is paid over, when the venue says it; else the listing's configured one applies. */
  fundingIntervalHours: number;
  nextFundingTime: number;
  openInterestBase: number;
  openInterestQuote: number;
  openInterestUsd: number;
  /** The venue's sequence number for this listing's stream, where it sends one (see sequence.ts). */
  seq: number;
}

/** An update of `symbol` at `ts` with nothing in it yet; one object shape for every venue keeps the hot path monomorphic. */
export function blankUpdate(symbol: string, ts: number): VenueUpdate {
  return {
    symbol,
    ts,
    price: NaN,
    markPrice: NaN,
    volume24hBase: NaN,
    volume24hQuote: NaN,
    volume24hUsd: NaN,
    fundingRate: NaN,
    fundingIntervalHours: NaN,
    nextFundingTime: NaN,
    openInterestBase: NaN,
    openInterestQuote: NaN,
    openInterestUsd: NaN,
    seq: NaN,
  };
}

/** Updates read from a frame or a REST snapshot, and the items left out with why (as item "frame": all of it). */
export interface ParsedUpdates {
  updates: VenueUpdate[];
  skipped: SkippedItem[];
}

/** What one WebSocket frame held. A frame is never thrown on: what cannot be read is in `skipped`, with why. */
export interface ParsedFrame extends ParsedUpdates {
  /** For a frame that carries no market data by design (an ack, a pong, a heartbeat): what it was. */
  control: string | null;
  /** The venue announced it is about to close the connection (a restart, an upgrade): reconnect now. */
  reconnect: boolean;
  /** The connection-wide sequence number the frame carries (Coinbase), NaN when none. */
  seq: number;
}

export function updatesFrame(updates: VenueUpdate[], skipped: SkippedItem[] = [], seq = NaN): ParsedFrame {
  return { updates, control: null, reconnect: false, skipped, seq };
}

export function controlFrame(what: string, seq = NaN, reconnect = false): ParsedFrame {
  return { updates: [], control: what, reconnect, skipped: [], seq };
}

/** A frame left out whole, and why. */
export function skippedFrame(reason: string, seq = NaN): ParsedFrame {
  return { updates: [], control: null, reconnect: false, skipped: [{ item: 'frame', reason }], seq };
}
