// The SEC EDGAR source's parser for any recorded file: which of EDGAR's formats it is, told from the document itself
// (an import names files, not formats), read by that format's parser.
import { isObject } from '../fields.js';
import { PayloadError, type SkippedItem } from '../records.js';
import { type CompanyTicker, readCompanyTickers } from './company-tickers.js';
import { type CompanyFacts, readCompanyFacts } from './companyfacts.js';
import { type FilingIndex, readFilingIndex } from './filing-index.js';
import { type FormIndexEntry, parseFormIndex } from './form-index.js';
import { parseJson } from './json.js';
import { type LatestFiling, parseLatestFilings } from './latest-filings.js';
import { type OwnershipDocument, parseOwnership } from './ownership.js';
import { readSubmissions, readSubmissionsPage, type SecFiling, type Submissions } from './submissions.js';

export const SEC_SOURCE = 'sec';

export type SecDocument =
  | { format: 'companyfacts'; companyFacts: CompanyFacts }
  | { format: 'submissions'; submissions: Submissions }
  | { format: 'submissions-page'; filings: SecFiling[]; skipped: SkippedItem[] }
  | { format: 'ownership'; ownership: OwnershipDocument }
  | { format: 'latest-filings'; filings: LatestFiling[]; skipped: SkippedItem[] }
  | { format: 'form-index'; entries: FormIndexEntry[]; skipped: SkippedItem[] }
  | { format: 'company-tickers'; tickers: CompanyTicker[]; skipped: SkippedItem[] }
  | { format: 'filing-index'; index: FilingIndex };

export function parseSecDocument(text: string): SecDocument {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{') || head.startsWith('[')) return readJsonDocument(parseJson(head));
  if (head.startsWith('<')) {
    if (/<ownershipDocument[\s>]/.test(head)) return { format: 'ownership', ownership: parseOwnership(head) };
    if (/<feed[\s>]/.test(head)) return { format: 'latest-filings', ...parseLatestFilings(head) };
    throw new PayloadError('not an EDGAR XML document: expected <ownershipDocument> or an Atom <feed>');
  }
  if (/^Form Type\s+Company Name/m.test(head.slice(0, 4096))) return { format: 'form-index', ...parseFormIndex(head) };
  throw new PayloadError(
    'not an EDGAR document this source reads (companyfacts, submissions, ownership XML, latest-filings Atom, form index, company_tickers.json, filing index.json)',
  );
}

function readJsonDocument(doc: unknown): SecDocument {
  if (!isObject(doc)) throw new PayloadError('not an EDGAR JSON document: expected an object');
  if ('facts' in doc && 'entityName' in doc) return { format: 'companyfacts', companyFacts: readCompanyFacts(doc) };
  if ('filings' in doc) return { format: 'submissions', submissions: readSubmissions(doc) };
  if ('accessionNumber' in doc) return { format: 'submissions-page', ...readSubmissionsPage(doc) };
  if ('directory' in doc) return { format: 'filing-index', index: readFilingIndex(doc) };
  if ('0' in doc) return { format: 'company-tickers', ...readCompanyTickers(doc) };
  throw new PayloadError(
    'not an EDGAR JSON document: expected companyfacts, submissions, a submissions page, company_tickers.json or a filing index.json',
  );
}
