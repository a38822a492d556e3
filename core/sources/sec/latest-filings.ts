// EDGAR's "Latest Filings" Atom feed (browse-edgar?action=getcurrent&output=atom): one entry per filing and filer
// role, titled "4 - DAVIS CHARLES A (0001071287) (Reporting)", its summary giving the filing date, accession number,
// size and, for an 8-K, its items. A filing with an issuer and a reporting owner appears once for each.

import { parseDay } from '../../days.js';
import { ItemError, readEach } from '../fields.js';
import { PayloadError, type SkippedItem } from '../records.js';
import { childElements, firstChild, parseXml, textOf, type XmlElement, XmlError } from '../xml.js';
import { isAccession } from './ids.js';

export interface LatestFiling {
  accession: string;
  form: string;
  companyName: string;
  cik: string;
  /** Filer, Issuer, Reporting, Subject, Filed by... */
  role: string;
  /** YYYY-MM-DD. */
  filingDate: string;
  /** When the entry was updated (epoch ms). */
  updatedAt: number;
  /** The filing's index page. */
  indexUrl: string;
  /** 8-K items, e.g. ['2.02', '9.01']. */
  items: string[];
}

const TITLE = /^(.+?) - (.+) \((\d{10})\) \(([^()]+)\)$/;

export function parseLatestFilings(text: string): { filings: LatestFiling[]; skipped: SkippedItem[] } {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (err) {
    if (err instanceof XmlError) throw new PayloadError(`not XML: ${err.message}`);
    throw err;
  }
  if (root.name !== 'feed') throw new PayloadError(`not an Atom feed: the root element is <${root.name}>`);
  const { records, skipped } = readEach(childElements(root, 'entry'), 'entry', readEntry);
  return { filings: records, skipped };
}

function readEntry(entry: XmlElement): LatestFiling {
  const text = (name: string) => {
    const el = firstChild(entry, name);
    return el ? textOf(el).trim() : '';
  };
  const title = TITLE.exec(text('title'));
  if (!title) throw new ItemError('title: expected "FORM - NAME (CIK) (ROLE)"');
  const summary = text('summary');
  const accession = /AccNo:<\/b>\s*(\S+)/.exec(summary)?.[1] ?? '';
  if (!isAccession(accession)) throw new ItemError('summary: expected an accession number after AccNo:');
  const filingDate = /Filed:<\/b>\s*(\S+)/.exec(summary)?.[1] ?? '';
  if (parseDay(filingDate) === null) throw new ItemError('summary: expected a date YYYY-MM-DD after Filed:');
  const updatedAt = Date.parse(text('updated'));
  if (!Number.isFinite(updatedAt) || !/(Z|[+-]\d{2}:\d{2})$/.test(text('updated')))
    throw new ItemError('updated: expected an ISO 8601 timestamp with its offset');
  const indexUrl = firstChild(entry, 'link')?.attributes.href ?? '';
  if (!/^https:\/\/www\.sec\.gov\//.test(indexUrl)) throw new ItemError('link: expected an address on www.sec.gov');
  return {
    accession,
    form: title[1]!,
    companyName: title[2]!,
    cik: title[3]!,
    role: title[4]!,
    filingDate,
    updatedAt,
    indexUrl,
    items: [...summary.matchAll(/Item ([\w.]+):/g)].map((m) => m[1]!),
  };
}
