// Stooq's daily price files: the download (Date,Open,High,Low,Close,Volume, in English or Polish, named like
// aapl_us_d.csv) and the bulk files (<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,... with AAPL.US in each row). Stooq's
// closes are the exchange's official closes. Weekly and monthly files have no kept interval, and intraday ones are
// refused too: their times are Stooq's local time, not UTC.
import { DAY_MS } from '../../time.js';
import { ItemError } from '../fields.js';
import { PayloadError } from '../records.js';
import { optAmount, price } from '../venues/read.js';
import { collectBars, type HistoryBars } from './bars.js';
import { column, csvRows, isHeader, timeCell } from './csv.js';
import { officialLabel } from './official.js';
import { keptHistory, type ParsedHistory } from './parsed.js';
import { nameParts } from './symbols.js';

/** The currency of a Stooq market suffix. */
const CURRENCIES = new Map([
  ['us', 'USD'],
  ['de', 'EUR'],
  ['jp', 'JPY'],
  ['hk', 'HKD'],
  ['pl', 'PLN'],
]);
const PERIOD_NAMES = new Map([
  ['d', 'daily'],
  ['w', 'weekly'],
  ['m', 'monthly'],
  ['q', 'quarterly'],
  ['y', 'yearly'],
]);

const COLUMNS = {
  date: ['date', 'data'],
  open: ['open', 'otwarcie'],
  high: ['high', 'najwyzszy'],
  low: ['low', 'najnizszy'],
  close: ['close', 'zamkniecie'],
  volume: ['volume', 'wolumen', 'vol'],
};

/**
 * Stooq's index tickers by the symbol the index goes by elsewhere (the demo's, the venues'), so its closes attach to
 * that instrument rather than to a second one; a stock's ticker is its symbol once the market suffix is off.
 */
const INDEX_SYMBOLS = new Map([
  ['^SPX', 'SPX'],
  ['^NDX', 'NDX'],
  ['^DJI', 'DJI'],
]);

/** AAPL.US or aapl_us as the symbol, Stooq's own ticker and its market; ^SPX has no market. */
function tickerOf(ticker: string): { symbol: string; own: string; market: string | null } {
  const [symbol, market] = ticker.split(/[._]/);
  const own = symbol!.toUpperCase();
  return {
    symbol: INDEX_SYMBOLS.get(own) ?? own,
    own: market ? `${own}.${market.toUpperCase()}` : own,
    market: market?.toLowerCase() ?? null,
  };
}

export function stooqHistory(text: string, fileName: string): ParsedHistory {
  if (/^\s*(no data|brak danych)/i.test(text)) throw new PayloadError('Stooq answered "No data"');
  const rows = csvRows(text);
  const header = rows[0];
  if (!header || !isHeader(header))
    throw new PayloadError('expected a header row (Date,Open,High,Low,Close,Volume or <TICKER>,<PER>,<DATE>,...)');
  return header[0] === '<TICKER>' ? bulk(rows) : download(rows, fileName);
}

function download(rows: string[][], fileName: string): ParsedHistory {
  const header = rows[0]!;
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([k, names]) => [k, column(header, names)])) as Record<
    keyof typeof COLUMNS,
    number
  >;
  const missing = (['date', 'open', 'high', 'low', 'close'] as const).filter((k) => at[k] < 0);
  if (missing.length) throw new PayloadError(`the header has no ${missing.join(', ')} column: ${header.join(',')}`);
  // aapl_us_d.csv: the ticker, its market, and the period letter.
  const parts = nameParts(fileName);
  const named = parts.length > 1 && PERIOD_NAMES.has(parts.at(-1)!.toLowerCase()) ? parts.pop()!.toLowerCase() : null;
  const ticker = parts.length ? tickerOf(parts.join('_')) : null;
  const bars = collectBars(rows.slice(1), 'rows', (r) => ({
    ts: timeCell(r[at.date], 'date'),
    open: price(r[at.open], 'open'),
    high: price(r[at.high], 'high'),
    low: price(r[at.low], 'low'),
    close: price(r[at.close], 'close'),
    // Indices have no volume.
    volumeBase: at.volume < 0 ? NaN : optAmount(r[at.volume], 'volume'),
    volumeQuote: NaN,
  }));
  return finish(ticker, bars, named);
}

/** Stooq's bulk rows: <TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>. */
function bulk(rows: string[][]): ParsedHistory {
  const first = rows[1];
  if (!first) throw new PayloadError('no rows under the header');
  const ticker = tickerOf(first[0]!);
  const period = (first[1] ?? '').toLowerCase();
  const bars = collectBars(rows.slice(1), 'rows', (r) => {
    if (r[0] !== first[0] || r[1] !== first[1])
      throw new ItemError(`another ticker or period (${r[0]}, ${r[1]}) than the file's first row`);
    const date = /^(\d{4})(\d{2})(\d{2})$/.exec(r[2] ?? '');
    if (!date) throw new ItemError(`date: expected YYYYMMDD, got ${JSON.stringify(r[2] ?? null)}`);
    return {
      ts: timeCell(`${date[1]}-${date[2]}-${date[3]}`, 'date'),
      open: price(r[4], 'open'),
      high: price(r[5], 'high'),
      low: price(r[6], 'low'),
      close: price(r[7], 'close'),
      volumeBase: optAmount(r[8], 'volume'),
      volumeQuote: NaN,
    };
  });
  return finish(ticker, bars, period);
}

/** The bars of a file of `ticker` whose period is `period` (d, w, m...; null when neither the file nor its name says). */
function finish(ticker: ReturnType<typeof tickerOf> | null, bars: HistoryBars, period: string | null): ParsedHistory {
  if (period !== null && period !== 'd') {
    const name = PERIOD_NAMES.get(period);
    throw new PayloadError(
      `${name ?? `${period}-minute`} bars: only Stooq's daily files are read (${name ? 'no kept interval is coarser than a day' : 'intraday times are local, not UTC'})`,
    );
  }
  const market = ticker?.market ?? null;
  const meta = {
    source: 'stooq',
    symbol: ticker?.symbol ?? null,
    venueSymbol: ticker?.own ?? null,
    quoteCurrency: market ? (CURRENCIES.get(market) ?? null) : null,
    officialLabel: officialLabel('stooq'),
  };
  return keptHistory(meta, bars, period ? { stated: DAY_MS } : { hint: NaN });
}
