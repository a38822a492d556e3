// Kraken's spot OHLC: the REST answer ({error, result: {XXBTZUSD: [[time, o, h, l, c, vwap, volume, count]]}}, its
// forming last bar left out) and the downloadable OHLCVT files (XBTUSD_60.csv: time, open, high, low, close,
// volume, trades, without a header; the number in the name is the interval in minutes).
import { MINUTE_MS } from '../../time.js';
import { krakenOhlcAnswer } from '../venues/kraken.js';
import { amount, epochSeconds, price } from '../venues/read.js';
import { collectBars, type HistoryBars } from './bars.js';
import { csvRows } from './csv.js';
import { keptHistory, type ParsedHistory } from './parsed.js';
import { intervalInName, nameParts, splitPair } from './symbols.js';

function ohlcvt(text: string): HistoryBars {
  return collectBars(csvRows(text), 'rows', (r) => ({
    ts: epochSeconds(r[0], 'time'),
    open: price(r[1], 'open'),
    high: price(r[2], 'high'),
    low: price(r[3], 'low'),
    close: price(r[4], 'close'),
    volumeBase: amount(r[5], 'volume'),
    volumeQuote: NaN,
  }));
}

export function krakenOhlcHistory(text: string, fileName: string): ParsedHistory {
  const parts = nameParts(fileName);
  const json = /^\s*\{/.test(text);
  const { pair, bars } = json ? krakenOhlcAnswer(text) : { pair: parts[0] ?? null, bars: ohlcvt(text) };
  // XBTUSD_60.csv: minutes; a saved answer's name may say 1m or 1h.
  const minutes = !json && parts.length > 1 ? Number(parts.at(-1)) : NaN;
  const hint = Number.isInteger(minutes) && minutes > 0 ? minutes * MINUTE_MS : intervalInName(parts);
  const split = pair ? splitPair(pair) : null;
  return keptHistory(
    {
      source: 'kraken',
      symbol: split?.base ?? null,
      venueSymbol: pair,
      quoteCurrency: split?.quote ?? null,
      officialLabel: null,
    },
    bars,
    { hint },
  );
}
