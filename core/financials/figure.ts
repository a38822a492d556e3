// A fundamental as people read it, by what it measures: dollars scaled ($391.04B), margins and yields in percent,
// growth with its sign, share counts scaled, ratios to the cent. The numbers themselves stay exact in JSON.
import { amount, compact, pct, signedPct, usdCompact } from '../figures.js';

/** `usd` scales dollar amounts: two decimals in prose (usdCompact), one on a page's figures. */
export function fundamentalFigure(
  group: string,
  field: string,
  value: number,
  usd: (x: number) => string = usdCompact,
): string {
  if (field.endsWith('Pct')) return group === 'growth' ? signedPct(value) : pct(value);
  if (field === 'sharesOutstanding') return compact(value);
  if (group === 'ttm' || group === 'balanceSheet' || field === 'marketCap' || field === 'enterpriseValue')
    return usd(value);
  return amount(value);
}
