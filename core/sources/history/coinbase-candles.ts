// Coinbase candles as its APIs answer them (Advanced Trade's {candles: [...]}, Exchange's [[time, low, high, open,
// close, volume]]), named after the product and granularity (BTC-USD_1h.json); volumes are in the base currency.
import { parseCoinbaseCandles } from '../venues/coinbase.js';
import { keptHistory, type ParsedHistory } from './parsed.js';
import { intervalInName, nameParts, splitPair } from './symbols.js';

export function coinbaseCandlesHistory(text: string, fileName: string): ParsedHistory {
  const parts = nameParts(fileName);
  const product =
    parts
      .map((p) => /^[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9]+$/.exec(p)?.[0])
      .find(Boolean)
      ?.toUpperCase() ?? null;
  const pair = product ? splitPair(product) : null;
  return keptHistory(
    {
      source: 'coinbase',
      symbol: pair?.base ?? null,
      venueSymbol: product,
      quoteCurrency: pair?.quote ?? null,
      officialLabel: null,
    },
    parseCoinbaseCandles(text),
    { hint: intervalInName(parts) },
  );
}
