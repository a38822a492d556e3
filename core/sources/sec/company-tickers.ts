// SEC's company_tickers.json (www.sec.gov/files/company_tickers.json): ticker to CIK, one object per ticker under
// numbered keys ({"0": {"cik_str": 789019, "ticker": "MSFT", "title": "MICROSOFT CORP"}, ...}). A company with several
// share classes has one entry per ticker.
import { isObject } from '../fields.js';
import { PayloadError, type SkippedItem } from '../records.js';
import { padCik } from './ids.js';
import { parseJson } from './json.js';

export interface CompanyTicker {
  ticker: string;
  /** Zero-padded to 10 digits. */
  cik: string;
  title: string;
}

const TICKER = /^[A-Z0-9][A-Z0-9.-]{0,14}$/;

export function parseCompanyTickers(text: string): { tickers: CompanyTicker[]; skipped: SkippedItem[] } {
  return readCompanyTickers(parseJson(text));
}

/** company_tickers.json already parsed from JSON. */
export function readCompanyTickers(doc: unknown): { tickers: CompanyTicker[]; skipped: SkippedItem[] } {
  const rows = isObject(doc) ? Object.entries(doc) : [];
  if (!rows.length || !rows.every(([key]) => /^\d+$/.test(key)))
    throw new PayloadError('not company_tickers.json: expected {"0": {"cik_str", "ticker", "title"}, ...}');
  const tickers: CompanyTicker[] = [];
  const skipped: SkippedItem[] = [];
  for (const [key, row] of rows) {
    const cik =
      isObject(row) && (typeof row.cik_str === 'number' || typeof row.cik_str === 'string')
        ? padCik(row.cik_str)
        : null;
    const ticker = isObject(row) && typeof row.ticker === 'string' ? row.ticker.trim().toUpperCase() : '';
    const title = isObject(row) && typeof row.title === 'string' ? row.title.trim() : '';
    const reason = !cik
      ? 'cik_str: expected a CIK'
      : !TICKER.test(ticker)
        ? 'ticker: expected a ticker'
        : !title
          ? 'title: expected a name'
          : null;
    if (reason) skipped.push({ item: key, reason });
    else tickers.push({ ticker, cik: cik!, title });
  }
  return { tickers, skipped };
}
