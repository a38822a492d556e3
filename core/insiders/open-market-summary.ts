// The open-market summary of /v1/insider-trades: purchases (P) and sales (S) only, since awards, option exercises,
// tax withholdings and gifts say nothing about what insiders think the shares are worth.
import type { InsiderTrade } from './trades.js';

export interface OpenMarketSide {
  count: number;
  shares: number;
  /** Sum of shares x price over the trades with a price. */
  value: number;
  /** Distinct reporting owners (by CIK) among the trades. */
  insiders: number;
}

export interface OpenMarketSummary {
  buys: OpenMarketSide;
  sells: OpenMarketSide;
}

export function openMarketSummary(trades: readonly InsiderTrade[]): OpenMarketSummary {
  const side = (code: 'P' | 'S'): OpenMarketSide => {
    const own = trades.filter((t) => t.code === code);
    return {
      count: own.length,
      shares: own.reduce((s, t) => s + (t.shares ?? 0), 0),
      value: own.reduce((s, t) => s + (t.value ?? 0), 0),
      insiders: new Set(own.flatMap((t) => t.owners.map((o) => o.cik))).size,
    };
  };
  return { buys: side('P'), sells: side('S') };
}
