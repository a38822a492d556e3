// Where a filing lives on EDGAR: the addresses a reader cites (`sourceUrl`) and the feed fetches.
import { unpaddedCik } from './ids.js';

const ARCHIVES = 'https://www.sec.gov/Archives/edgar/data';
// Ownership forms list a rendering of their XML as primary document (xslF345X05/form4.xml); the raw XML sits beside it.
const RENDERED = /^xsl[A-Za-z0-9]+\//;

function folder(cik: string, accession: string): string {
  return `${ARCHIVES}/${unpaddedCik(cik)}/${accession.replace(/-/g, '')}`;
}

/** The filing's primary document on EDGAR. */
export function filingUrl(cik: string, accession: string, primaryDocument: string): string {
  return `${folder(cik, accession)}/${primaryDocument}`;
}

/** The filing's index page on EDGAR, for a filing whose primary document is not known. */
export function filingIndexUrl(cik: string, accession: string): string {
  return `${folder(cik, accession)}/${accession}-index.htm`;
}

/** The raw ownershipDocument XML of a Form 3/4/5 whose primary document is its XSL rendering. */
export function ownershipXmlUrl(cik: string, accession: string, primaryDocument: string): string {
  return filingUrl(cik, accession, primaryDocument.replace(RENDERED, ''));
}
