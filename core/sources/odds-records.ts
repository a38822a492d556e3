// The normalized prediction-market records every odds source's parser produces, whatever the source's own shape:
// markets with their outcomes' probabilities (0..1), the events that group markets, and probability history points.
import type { MARKET_KINDS, OddsStatus } from '../vocabulary.js';
import type { Provenance, SkippedItem } from './provenance.js';

export interface OutcomeRecord {
  name: string;
  /** 0..1; null when the source quotes none yet. For a resolved market, what the outcome paid (1, 0, or a split). */
  probability: number | null;
  /** The source's key for this outcome, which its history points carry (a Polymarket token id, `<ticker>/yes`). */
  outcomeKey: string;
}

/** One market; `sourceKey` is the source's market id (Polymarket's condition id, Kalshi's ticker). */
export interface PredictionMarketRecord extends Provenance {
  slug: string;
  question: string;
  /** The source's own category, lower case ("economics", "politics"); null when it gives none. */
  category: string | null;
  /** binary: two outcomes; categorical: more; scalar: pays between `bounds`. */
  kind: (typeof MARKET_KINDS)[number];
  outcomes: OutcomeRecord[];
  bounds: { lower: number; upper: number } | null;
  /** USD traded over the market's life (Kalshi: contracts times their notional value). */
  volume: number | null;
  liquidity: number | null;
  /** USD notional of the contracts held; null when the source does not say. */
  openInterest: number | null;
  openAt: number | null;
  closeAt: number | null;
  status: OddsStatus;
  /** The winning outcome's name once resolved; null before, and when it paid out across outcomes (scalar, 50-50). */
  resolution: string | null;
  /** The event grouping this market (PredictionEventRecord.sourceKey), and this market's label within it. */
  eventKey: string | null;
  label: string | null;
  /** The market's page on the source's site: what a reader cites. */
  sourceUrl: string;
}

/** A group of markets about one thing (a Kalshi event, a Polymarket event); `sourceKey` is the source's event id. */
export interface PredictionEventRecord extends Provenance {
  slug: string;
  title: string;
  category: string | null;
  /** True when at most one of its markets can resolve Yes: its markets are then the outcomes of one question. */
  mutuallyExclusive: boolean;
  /** When the thing it is about happens or its markets close. */
  closeAt: number | null;
  sourceUrl: string;
}

/** An outcome's probability at one time. */
export interface ProbabilityPoint {
  source: string;
  outcomeKey: string;
  ts: number;
  probability: number;
}

/** What an odds parser read from one payload. */
export interface OddsPayload {
  markets: PredictionMarketRecord[];
  events: PredictionEventRecord[];
  history: ProbabilityPoint[];
  skipped: SkippedItem[];
}

/** What the request named that its answer does not repeat. */
export interface OddsOptions {
  /** The outcome or market asked about: a Polymarket token id for prices-history, a Kalshi ticker for an order book. */
  key?: string | null;
  /** When the answer was fetched (epoch ms), for an order book that carries no time. */
  at?: number | null;
  /** The site its records cite: the source's own unless the payload came from another in its format (the demo's). */
  site?: string;
}

export function emptyOddsPayload(): OddsPayload {
  return { markets: [], events: [], history: [], skipped: [] };
}

/** An odds payload as the records every source writes through (a ParsedPayload, spelt out: records.ts builds on this file). */
export function oddsRecords(p: OddsPayload): {
  marketEvents: PredictionEventRecord[];
  markets: PredictionMarketRecord[];
  oddsHistory: ProbabilityPoint[];
  skipped: SkippedItem[];
} {
  return { marketEvents: p.events, markets: p.markets, oddsHistory: p.history, skipped: p.skipped };
}

/** The widest spread at which a quote's midpoint is shown rather than the last trade, as Polymarket shows prices. */
export const MAX_MIDPOINT_SPREAD = 0.1;

/**
 * The probability a market shows, by one rule for every source: the midpoint of the best bid and ask when both are
 * quoted and at most MAX_MIDPOINT_SPREAD apart, else the last trade, else the midpoint, else null.
 */
export function shownProbability(bid: number | null, ask: number | null, last: number | null): number | null {
  const mid = bid !== null && ask !== null && ask >= bid ? roundProbability((bid + ask) / 2) : null;
  // A hair of tolerance: 0.46 - 0.36 is 0.10000000000000003.
  if (mid !== null && ask! - bid! <= MAX_MIDPOINT_SPREAD + 1e-9) return mid;
  return last ?? mid;
}

/** A probability cut to 6 decimals (the sources' finest tick), so 1 - 0.179 reads 0.821. */
export function roundProbability(p: number): number {
  return Math.round(p * 1e6) / 1e6;
}
