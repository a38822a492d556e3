// Binance klines in every form they are saved: the REST answer (a JSON list of 12-value klines), data.binance.vision's
// CSV files (the same 12 columns, headerless for spot, with a header for futures), and CSVs of named columns
// (timestamp,open,high,low,close,volume) that collectors write. The pair and the interval come from the file's name
// (BTCUSDT-1h-2022-01.csv, binance_spot_BTCUSDT_1h.csv).
import { PayloadError } from '../records.js';
import { binanceKlineRow } from '../venues/binance.js';
import { jsonPayload, listIn } from '../venues/payload.js';
import { amount, optAmount, price } from '../venues/read.js';
import { collectBars, type HistoryBars } from './bars.js';
import { column, csvRows, isHeader, timeCell } from './csv.js';
import { keptHistory, type ParsedHistory } from './parsed.js';
import { intervalInName, nameParts, splitPair } from './symbols.js';

const NAMED = {
  time: ['open time', 'opentime', 'timestamp', 'time', 'date', 'datetime'],
  open: ['open'],
  high: ['high'],
  low: ['low'],
  close: ['close'],
  volume: ['volume'],
  quote: ['quote asset volume', 'quote volume', 'quote_volume'],
};

function fromCsv(text: string): HistoryBars {
  const rows = csvRows(text);
  const header = rows[0];
  if (!header) throw new PayloadError('an empty file');
  if (!isHeader(header)) return collectBars(rows, 'rows', binanceKlineRow);
  const at = Object.fromEntries(Object.entries(NAMED).map(([k, names]) => [k, column(header, names)])) as Record<
    keyof typeof NAMED,
    number
  >;
  const missing = (['time', 'open', 'high', 'low', 'close', 'volume'] as const).filter((k) => at[k] < 0);
  if (missing.length) throw new PayloadError(`the header has no ${missing.join(', ')} column: ${header.join(',')}`);
  return collectBars(rows.slice(1), 'rows', (r) => ({
    ts: timeCell(r[at.time], 'time'),
    open: price(r[at.open], 'open'),
    high: price(r[at.high], 'high'),
    low: price(r[at.low], 'low'),
    close: price(r[at.close], 'close'),
    volumeBase: amount(r[at.volume], 'volume'),
    volumeQuote: at.quote < 0 ? NaN : optAmount(r[at.quote], 'quote volume'),
  }));
}

/** The pair a Binance file's name gives (BTCUSDT), or null. */
function binancePairInName(parts: string[]): string | null {
  return (
    parts
      .flatMap((p) => p.split('-'))
      .find((p) => /^[A-Za-z0-9]{5,}$/.test(p) && /[A-Za-z]/.test(p) && splitPair(p) !== null)
      ?.toUpperCase() ?? null
  );
}

/** A kline's length from its open and close times (the close is the last millisecond, or microsecond, of it); NaN without them. */
function klineSpan(kline: readonly unknown[] | undefined): number {
  const open = Number(kline?.[0]);
  const span = Number(kline?.[6]) - open + 1;
  return open > 1e14 ? span / 1000 : span;
}

export function binanceKlinesHistory(text: string, fileName: string): ParsedHistory {
  const klines = /^\s*\[/.test(text) ? listIn(jsonPayload(text), 'a list of klines') : null;
  const bars = klines ? collectBars(klines, 'klines', binanceKlineRow) : fromCsv(text);
  const parts = nameParts(fileName);
  const venueSymbol = binancePairInName(parts);
  const pair = venueSymbol ? splitPair(venueSymbol) : null;
  // Its klines say their length; else the file's name may.
  const first = klines ? klines[0] : csvRows(text.slice(0, 1000)).find((row) => !isHeader(row));
  const span = klineSpan(Array.isArray(first) ? first : undefined);
  return keptHistory(
    {
      source: 'binance',
      symbol: pair?.base ?? null,
      venueSymbol,
      quoteCurrency: pair?.quote ?? null,
      officialLabel: null,
    },
    bars,
    { hint: Number.isFinite(span) ? span : intervalInName(parts) },
  );
}
