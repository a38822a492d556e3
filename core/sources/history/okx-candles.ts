// OKX candles as its REST API answers them ({code, data: [[ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]]}, or
// the data list alone), named after their instrument and bar (BTC-USDT-SWAP_1m.json). A swap's volumes count
// contracts and coins, spot's coins and quote currency: the instrument in the name tells them apart. OKX's daily
// bars open at 16:00 UTC (its 1D is Hong Kong's day) and are refused; its 1Dutc bars are kept.
import { okxCandleRow, okxData } from '../venues/okx.js';
import { collectBars } from './bars.js';
import { keptHistory, type ParsedHistory } from './parsed.js';
import { intervalInName, nameParts, splitPair } from './symbols.js';

export function okxCandlesHistory(text: string, fileName: string): ParsedHistory {
  const rows = okxData(text);
  const parts = nameParts(fileName);
  const instId =
    parts
      .map((p) => /^[A-Za-z0-9]+-[A-Za-z0-9]+(-SWAP)?$/i.exec(p)?.[0])
      .find(Boolean)
      ?.toUpperCase() ?? null;
  const swap = instId?.endsWith('-SWAP') ?? false;
  const pair = instId ? splitPair(instId) : null;
  const bars = collectBars(rows, 'candles', (raw) => okxCandleRow(raw, swap));
  return keptHistory(
    {
      source: 'okx',
      symbol: pair?.base ?? null,
      venueSymbol: instId,
      quoteCurrency: pair?.quote ?? null,
      officialLabel: null,
    },
    bars,
    { hint: intervalInName(parts) },
  );
}
