// EDGAR's submissions JSON (data.sec.gov/submissions/CIK##########.json): the company (name, tickers, SIC industry,
// fiscal year end...) and its filings, the most recent under `filings.recent` as parallel arrays, the older ones in
// separate pages named under `filings.files` (CIK##########-submissions-001.json), which hold only those arrays.
import { parseDay } from '../../days.js';
import { isObject } from '../fields.js';
import { PayloadError, type SkippedItem } from '../records.js';
import { easternToEpochMs } from './eastern-time.js';
import { isAccession, padCik } from './ids.js';
import { parseJson } from './json.js';

export interface SecCompany {
  cik: string;
  name: string;
  tickers: string[];
  /** Per ticker, in the same order (null where EDGAR gives none). */
  exchanges: (string | null)[];
  sic: string | null;
  sicDescription: string | null;
  /** MMDD, e.g. 0926: the month and day the company's fiscal year ends (approximately, for 52/53-week years). */
  fiscalYearEnd: string | null;
  stateOfIncorporation: string | null;
  entityType: string | null;
  category: string | null;
  ein: string | null;
  formerNames: { name: string; from: string | null; to: string | null }[];
}

export interface SecFiling {
  accession: string;
  form: string;
  /** YYYY-MM-DD. */
  filingDate: string;
  reportDate: string | null;
  /** When EDGAR accepted it (epoch ms), read from its Eastern wall-clock time. */
  acceptedAt: number | null;
  act: string | null;
  fileNumber: string | null;
  filmNumber: string | null;
  /** 8-K items, e.g. ['2.02', '9.01']. */
  items: string[];
  size: number | null;
  isXBRL: boolean;
  isInlineXBRL: boolean;
  primaryDocument: string | null;
  primaryDocDescription: string | null;
}

/** An older-filings page named by `filings.files`. */
export interface SubmissionsPageRef {
  name: string;
  filingCount: number | null;
  filingFrom: string | null;
  filingTo: string | null;
}

export interface Submissions {
  company: SecCompany;
  filings: SecFiling[];
  olderPages: SubmissionsPageRef[];
  skipped: SkippedItem[];
}

type Obj = Record<string, unknown>;

export function parseSubmissions(text: string): Submissions {
  return readSubmissions(parseJson(text));
}

/** A submissions document already parsed from JSON. */
export function readSubmissions(doc: unknown): Submissions {
  if (!isObject(doc)) throw new PayloadError('not a submissions document: expected an object');
  const filingsRoot = isObject(doc.filings) ? doc.filings : null;
  if (!filingsRoot || !isObject(filingsRoot.recent))
    throw new PayloadError('not a submissions document: expected {"cik", "name", "filings": {"recent": {...}}}');
  const company = readCompany(doc);
  const { filings, skipped } = readFilingColumns(filingsRoot.recent, 'filings.recent');
  const files = Array.isArray(filingsRoot.files) ? filingsRoot.files : [];
  const olderPages: SubmissionsPageRef[] = [];
  files.forEach((raw, k) => {
    if (!isObject(raw) || typeof raw.name !== 'string' || !/^[\w.-]+\.json$/.test(raw.name)) {
      skipped.push({ item: `filings.files[${k}]`, reason: 'name: expected a JSON file name' });
      return;
    }
    olderPages.push({
      name: raw.name,
      filingCount: integerOrNull(raw.filingCount),
      filingFrom: dateOrNull(raw.filingFrom),
      filingTo: dateOrNull(raw.filingTo),
    });
  });
  return { company, filings, olderPages, skipped };
}

/** An older-filings page: the parallel arrays alone, at the top level. */
export function parseSubmissionsPage(text: string): { filings: SecFiling[]; skipped: SkippedItem[] } {
  return readSubmissionsPage(parseJson(text));
}

/** An older-filings page already parsed from JSON. */
export function readSubmissionsPage(doc: unknown): { filings: SecFiling[]; skipped: SkippedItem[] } {
  if (!isObject(doc) || !Array.isArray(doc.accessionNumber))
    throw new PayloadError('not a submissions page: expected {"accessionNumber": [...], "form": [...], ...}');
  return readFilingColumns(doc, 'page');
}

function readCompany(doc: Obj): SecCompany {
  const cik = padCik(typeof doc.cik === 'string' || typeof doc.cik === 'number' ? doc.cik : '');
  if (!cik) throw new PayloadError('cik: expected a CIK');
  const name = textOrNull(doc.name);
  if (!name) throw new PayloadError('name: expected a non-empty string');
  const tickers = Array.isArray(doc.tickers)
    ? doc.tickers.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim())
    : [];
  const exchanges = Array.isArray(doc.exchanges) ? doc.exchanges : [];
  const fye = textOrNull(doc.fiscalYearEnd);
  return {
    cik,
    name,
    tickers,
    exchanges: tickers.map((_, k) => textOrNull(exchanges[k])),
    sic: textOrNull(doc.sic),
    sicDescription: textOrNull(doc.sicDescription),
    fiscalYearEnd: fye && validMonthDay(fye) ? fye : null,
    stateOfIncorporation: textOrNull(doc.stateOfIncorporation),
    entityType: textOrNull(doc.entityType),
    category: textOrNull(doc.category),
    ein: textOrNull(doc.ein),
    formerNames: (Array.isArray(doc.formerNames) ? doc.formerNames : []).flatMap((f) => {
      const formerName = isObject(f) ? textOrNull(f.name) : null;
      return isObject(f) && formerName ? [{ name: formerName, from: dateOrNull(f.from), to: dateOrNull(f.to) }] : [];
    }),
  };
}

/** Whether MMDD is a day of the year; checked against a leap year, where 0229 is one. */
function validMonthDay(mmdd: string): boolean {
  return /^\d{4}$/.test(mmdd) && parseDay(`2024-${mmdd.slice(0, 2)}-${mmdd.slice(2)}`) !== null;
}

/** The filings of EDGAR's parallel arrays: every array must have one entry per accession number. */
function readFilingColumns(cols: Obj, where: string): { filings: SecFiling[]; skipped: SkippedItem[] } {
  const accessions = cols.accessionNumber;
  if (!Array.isArray(accessions)) throw new PayloadError(`${where}.accessionNumber: expected a list`);
  const n = accessions.length;
  for (const [name, column] of Object.entries(cols)) {
    if (!Array.isArray(column) || column.length !== n)
      throw new PayloadError(`${where}.${name}: expected a list of ${n} entries, one per accession number`);
  }
  const filings: SecFiling[] = [];
  const skipped: SkippedItem[] = [];
  for (let k = 0; k < n; k++) {
    const at = (name: string): unknown => (cols[name] as unknown[] | undefined)?.[k];
    const accession = at('accessionNumber');
    const form = textOrNull(at('form'));
    const filingDate = dateOrNull(at('filingDate'));
    if (typeof accession !== 'string' || !isAccession(accession))
      skipped.push({ item: `${where}[${k}]`, reason: 'accessionNumber: expected an accession number' });
    else if (!form) skipped.push({ item: `${where}[${k}]`, reason: 'form: expected a form type' });
    else if (!filingDate) skipped.push({ item: `${where}[${k}]`, reason: 'filingDate: expected a date YYYY-MM-DD' });
    else {
      filings.push({
        accession,
        form,
        filingDate,
        reportDate: dateOrNull(at('reportDate')),
        acceptedAt: acceptanceTime(at('acceptanceDateTime')),
        act: textOrNull(at('act')),
        fileNumber: textOrNull(at('fileNumber')),
        filmNumber: textOrNull(at('filmNumber')),
        items: (textOrNull(at('items')) ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        size: integerOrNull(at('size')),
        isXBRL: at('isXBRL') === 1 || at('isXBRL') === true,
        isInlineXBRL: at('isInlineXBRL') === 1 || at('isInlineXBRL') === true,
        primaryDocument: textOrNull(at('primaryDocument')),
        primaryDocDescription: textOrNull(at('primaryDocDescription')),
      });
    }
  }
  return { filings, skipped };
}

function acceptanceTime(raw: unknown): number | null {
  const m = typeof raw === 'string' ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z?$/.exec(raw) : null;
  if (!m || parseDay(`${m[1]}-${m[2]}-${m[3]}`) === null) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return h < 24 && mi < 60 && s < 60 ? easternToEpochMs(y, mo, d, h, mi, s) : null;
}

function textOrNull(raw: unknown): string | null {
  return typeof raw === 'string' && raw.trim() ? raw.trim() : null;
}

function integerOrNull(raw: unknown): number | null {
  return typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? raw : null;
}

/** The YYYY-MM-DD date at the start of `raw` (EDGAR writes some as full timestamps), or null. */
function dateOrNull(raw: unknown): string | null {
  const date = typeof raw === 'string' ? raw.slice(0, 10) : '';
  return parseDay(date) === null ? null : date;
}
