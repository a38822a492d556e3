// The history file formats `tapewire import` reads, by the name the command takes: each reads one file's text (and
// its name, which may carry the symbol and interval) into bars at a kept interval, or throws a PayloadError.
import { binanceKlinesHistory } from './binance-klines.js';
import { coinbaseCandlesHistory } from './coinbase-candles.js';
import { krakenOhlcHistory } from './kraken-ohlc.js';
import { okxCandlesHistory } from './okx-candles.js';
import type { ParsedHistory } from './parsed.js';
import { stooqHistory } from './stooq.js';

export interface HistoryFormat {
  description: string;
  read(text: string, fileName: string): ParsedHistory;
}

export const HISTORY_FORMATS = {
  stooq: {
    description:
      'Stooq daily CSV (aapl_us_d.csv, or its bulk <TICKER>,<PER>,... files): official exchange closes; ^SPX, ^NDX, ^DJI are SPX, NDX, DJI',
    read: stooqHistory,
  },
  'binance-klines': {
    description: 'Binance klines: REST JSON, data.binance.vision CSV, or timestamp,open,high,low,close,volume CSV',
    read: binanceKlinesHistory,
  },
  'okx-candles': {
    description: 'OKX candles REST JSON, named after the instrument and bar (BTC-USDT_1m.json)',
    read: okxCandlesHistory,
  },
  'kraken-ohlc': { description: 'Kraken OHLC REST JSON or OHLCVT CSV (XBTUSD_60.csv)', read: krakenOhlcHistory },
  'coinbase-candles': {
    description: 'Coinbase candles JSON (Advanced Trade or Exchange), named after the product (BTC-USD_1h.json)',
    read: coinbaseCandlesHistory,
  },
} as const satisfies Record<string, HistoryFormat>;

export type HistoryFormatName = keyof typeof HISTORY_FORMATS;

export function historyFormat(name: string): HistoryFormat | null {
  return Object.hasOwn(HISTORY_FORMATS, name) ? HISTORY_FORMATS[name as HistoryFormatName] : null;
}
