// Why the demo's shares, indices and ETFs stand where the real ones stood on the anchor date (real-scale.ts), whatever
// the day it is loaded: their start prices are set back from those closes by two years of each level path's growth,
// and once the history is drawn each start is scaled so the history ends exactly at the close. Prices are linear in
// their start (the model's state is a log deviation from it), so the scaled model draws the same path, scaled; the
// valuations of the demo's companies then sit where the real ones did.
import { ANCHOR_CLOSES } from './real-scale.js';
import { STRUCTURE } from './structure.js';

/** The history's length in years: the start prices are set back by this much of each level path's growth. */
const HISTORY_YEARS = 731 / 365.25;

/** An asset's or index's level path's log growth a year; an ETF's is its index's less its fee. */
function growth(symbol: string): number {
  const role = STRUCTURE[symbol]!;
  switch (role.role) {
    case 'asset':
      return role.drift;
    case 'index': {
      const members = Object.entries(role.members);
      const rest = 1 - members.reduce((sum, [, w]) => sum + w, 0);
      return members.reduce((sum, [m, w]) => sum + w * growth(m), 0) + rest * role.drift;
    }
    case 'etf':
      return growth(role.index) - role.feePerYear;
    default:
      throw new Error(`${symbol} has no close to start from`);
  }
}

/** The start price of `symbol` whose level path reaches its anchor close at the end of the history. */
export function startFromClose(symbol: string): number {
  const close = ANCHOR_CLOSES[symbol];
  if (close === undefined) throw new Error(`no anchor close for ${symbol}`);
  return close * Math.exp(-growth(symbol) * HISTORY_YEARS);
}

/**
 * Start prices that make a history drawn from `start` end at the anchor closes: `last` gives each instrument's last
 * price in that history (by position); instruments without a close keep their start.
 */
export function startsPinnedToCloses(
  symbols: readonly string[],
  start: Float64Array,
  last: (position: number) => number,
): Float64Array {
  return Float64Array.from(symbols, (symbol, i) => {
    const close = ANCHOR_CLOSES[symbol];
    return close === undefined ? start[i]! : (start[i]! * close) / last(i);
  });
}
