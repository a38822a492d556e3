// Where a filing lives on EDGAR: the addresses a reader cites (`sourceUrl`) and the feed fetches, on a given site:
// sec.gov itself, a mirror or replay the feed reads, or the demo's own under the reserved .example domain.
import { unpaddedCik } from './ids.js';

/** The hosts EDGAR serves from: `url` its archives and company pages, `dataUrl` its JSON APIs. */
export interface EdgarSite {
  url: string;
  dataUrl: string;
}

export const SEC_GOV: EdgarSite = { url: 'https://www.sec.gov', dataUrl: 'https://data.sec.gov' };

// Ownership forms list a rendering of their XML as primary document (xslF345X05/form4.xml); the raw XML sits beside it.
const RENDERED = /^xsl[A-Za-z0-9]+\//;

function folder(cik: string, accession: string, site: EdgarSite): string {
  return `${site.url}/Archives/edgar/data/${unpaddedCik(cik)}/${accession.replace(/-/g, '')}`;
}

/** The filing's primary document on EDGAR. */
export function filingUrl(cik: string, accession: string, primaryDocument: string, site: EdgarSite = SEC_GOV): string {
  return `${folder(cik, accession, site)}/${primaryDocument}`;
}

/** The filing's index page on EDGAR, for a filing whose primary document is not known. */
export function filingIndexUrl(cik: string, accession: string, site: EdgarSite = SEC_GOV): string {
  return `${folder(cik, accession, site)}/${accession}-index.htm`;
}

/** The raw ownershipDocument XML of a Form 3/4/5 whose primary document is its XSL rendering. */
export function ownershipXmlUrl(
  cik: string,
  accession: string,
  primaryDocument: string,
  site: EdgarSite = SEC_GOV,
): string {
  return filingUrl(cik, accession, primaryDocument.replace(RENDERED, ''), site);
}

/** The company's page of filings on EDGAR; with `form`, only the filings of that form (ownership forms included). */
export function companyFilingsUrl(cik: string, site: EdgarSite = SEC_GOV, form?: string): string {
  return `${site.url}/cgi-bin/browse-edgar?action=getcompany&CIK=${cik}${form ? `&type=${form}&owner=include` : ''}`;
}

/** The company's XBRL facts (companyfacts JSON); `cik` zero-padded as the APIs write it. */
export function companyFactsUrl(cik: string, site: EdgarSite = SEC_GOV): string {
  return `${site.dataUrl}/api/xbrl/companyfacts/CIK${cik}.json`;
}
