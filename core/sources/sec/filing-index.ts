// The directory listing of one filing's folder on EDGAR (Archives/edgar/data/<cik>/<accession digits>/index.json):
// the documents it holds, which is how a feed finds a filing's raw XML when it knows only the accession number.
import { isObject } from '../fields.js';
import { PayloadError, type SkippedItem } from '../records.js';
import { accessionFromDigits, padCik } from './ids.js';
import { parseJson } from './json.js';

export interface FilingDocument {
  name: string;
  /** Bytes; null where EDGAR lists none (its generated index pages). */
  size: number | null;
  /** As EDGAR writes it, "2024-01-19 16:21:45" (Eastern time). */
  lastModified: string | null;
}

export interface FilingIndex {
  cik: string;
  accession: string;
  documents: FilingDocument[];
  skipped: SkippedItem[];
}

const FOLDER = /^\/Archives\/edgar\/data\/(\d{1,10})\/(\d{18})$/;

export function parseFilingIndex(text: string): FilingIndex {
  return readFilingIndex(parseJson(text));
}

/** A filing folder's index.json already parsed from JSON. */
export function readFilingIndex(doc: unknown): FilingIndex {
  const dir = isObject(doc) && isObject(doc.directory) ? doc.directory : null;
  const folder = dir && typeof dir.name === 'string' ? FOLDER.exec(dir.name) : null;
  const cik = folder && padCik(folder[1]!);
  const accession = folder && accessionFromDigits(folder[2]!);
  if (!dir || !cik || !accession || !Array.isArray(dir.item))
    throw new PayloadError(
      'not a filing index: expected {"directory": {"name": "/Archives/edgar/data/<cik>/<accession>", "item": [...]}}',
    );
  const documents: FilingDocument[] = [];
  const skipped: SkippedItem[] = [];
  dir.item.forEach((raw, k) => {
    const name = isObject(raw) && typeof raw.name === 'string' ? raw.name.trim() : '';
    if (!name || name.includes('/')) {
      skipped.push({ item: `directory.item[${k}]`, reason: 'name: expected a file name' });
      return;
    }
    const size = isObject(raw) && typeof raw.size === 'string' && /^\d+$/.test(raw.size) ? Number(raw.size) : null;
    const lastModified = isObject(raw) && typeof raw['last-modified'] === 'string' ? raw['last-modified'] : null;
    documents.push({ name, size, lastModified });
  });
  return { cik, accession, documents, skipped };
}
