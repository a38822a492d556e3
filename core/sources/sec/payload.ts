// Any recorded EDGAR document as the SEC source's records: submissions give the company and its filings (an
// older-filings page names its company only in its file name), companyfacts its XBRL facts, an ownership form itself
// with the filing it came in (its accession number from the caller or the file's name), the latest-filings feed and
// the form index the filings they list. The reference files (company_tickers.json, a filing's index.json) carry no
// records of their own.
import { hash } from 'node:crypto';
import { type ParsedPayload, type PayloadContext, PayloadError } from '../records.js';
import { type CompanyFacts, NO_DAY } from './companyfacts.js';
import { isAccession, padCik } from './ids.js';
import { parseSecDocument, SEC_SOURCE, type SecDocument } from './index.js';
import type { OwnershipDocument } from './ownership.js';
import type { OwnershipFilingRecord, SecFactsRecord, SecFilingRecord } from './records.js';
import type { SecFiling, Submissions } from './submissions.js';
import {
  companyFactsUrl,
  companyFilingsUrl,
  type EdgarSite,
  filingIndexUrl,
  filingUrl,
  ownershipXmlUrl,
  SEC_GOV,
} from './urls.js';

/** What a caller may know of an ownership form that its XML does not say: the filing it came in. */
export interface OwnershipFilingInfo {
  accession: string;
  filingDate: string;
  primaryDocument: string | null;
  /** The CIK whose archive folder holds it (any filer of it). */
  filerCik: string;
}

export interface SecPayloadOptions {
  /** For an ownership form: the filing it came in, when known. */
  ownership?: OwnershipFilingInfo;
  /** The site the records cite (sec.gov unless told: the demo's documents cite its own). */
  site?: EdgarSite;
}

export function parseSecPayload(text: string, context: PayloadContext, options: SecPayloadOptions = {}): ParsedPayload {
  return secRecords(parseSecDocument(text), text, context, options);
}

export function secRecords(
  doc: SecDocument,
  text: string,
  context: PayloadContext,
  { ownership, site = SEC_GOV }: SecPayloadOptions = {},
): ParsedPayload {
  switch (doc.format) {
    case 'submissions':
      return submissionsRecords(doc.submissions, site);
    case 'submissions-page': {
      const cik = cikFromName(context.name);
      if (!cik)
        throw new PayloadError(
          'an older-filings page does not name its company: name the file CIK##########-submissions-NNN.json as EDGAR does',
        );
      return { secFilings: doc.filings.map((f) => filingRecord(cik, null, f, site)), skipped: doc.skipped };
    }
    case 'companyfacts':
      return { secFacts: [factsRecord(doc.companyFacts, site)], skipped: doc.companyFacts.skipped };
    case 'ownership':
      return {
        ownershipFilings: [ownershipRecord(doc.ownership, text, context, site, ownership)],
        skipped: doc.ownership.skipped,
      };
    case 'latest-filings':
      return { secFilings: doc.filings.map((f) => listedFiling(f, f.items, f.indexUrl)), skipped: doc.skipped };
    case 'form-index':
      return {
        secFilings: doc.entries.map((e) => listedFiling(e, [], filingIndexUrl(e.cik, e.accession, site))),
        skipped: doc.skipped,
      };
    case 'company-tickers':
      return { skipped: doc.skipped };
    case 'filing-index':
      return { skipped: [] };
  }
}

type Listed = Pick<SecFilingRecord, 'cik' | 'companyName' | 'accession' | 'form' | 'filingDate'>;

/** A filing known only from a list (the latest-filings feed, a form index): what the list says, the rest unknown. */
function listedFiling(f: Listed, items: string[], sourceUrl: string): SecFilingRecord {
  const { cik, companyName, accession, form, filingDate } = f;
  return {
    cik,
    companyName,
    accession,
    form,
    filingDate,
    reportDate: null,
    acceptedAt: null,
    items,
    primaryDocument: null,
    description: null,
    size: null,
    isXbrl: false,
    sourceUrl,
  };
}

function submissionsRecords(s: Submissions, site: EdgarSite): ParsedPayload {
  const c = s.company;
  return {
    secCompanies: [
      {
        source: SEC_SOURCE,
        sourceKey: c.cik,
        cik: c.cik,
        name: c.name,
        tickers: c.tickers,
        sic: c.sic,
        sicDescription: c.sicDescription,
        fiscalYearEnd: c.fiscalYearEnd,
        sourceUrl: companyFilingsUrl(c.cik, site),
      },
    ],
    secFilings: s.filings.map((f) => filingRecord(c.cik, c.name, f, site)),
    skipped: s.skipped,
  };
}

function filingRecord(cik: string, companyName: string | null, f: SecFiling, site: EdgarSite): SecFilingRecord {
  return {
    cik,
    companyName: companyName ?? cik,
    accession: f.accession,
    form: f.form,
    filingDate: f.filingDate,
    reportDate: f.reportDate,
    acceptedAt: f.acceptedAt,
    items: f.items,
    primaryDocument: f.primaryDocument,
    description: f.primaryDocDescription,
    size: f.size,
    isXbrl: f.isXBRL || f.isInlineXBRL,
    sourceUrl: f.primaryDocument
      ? filingUrl(cik, f.accession, f.primaryDocument, site)
      : filingIndexUrl(cik, f.accession, site),
  };
}

function factsRecord(cf: CompanyFacts, site: EdgarSite): SecFactsRecord {
  const out: SecFactsRecord = {
    cik: cf.cik,
    entityName: cf.entityName,
    sourceUrl: companyFactsUrl(cf.cik, site),
    concepts: [],
    units: [],
    starts: [],
    ends: [],
    values: [],
    filed: [],
    fiscalYears: [],
    fiscalPeriods: [],
    forms: [],
    accessions: [],
    frames: [],
  };
  const f = cf.facts;
  const str = (k: number) => cf.strings[k] || null;
  for (const s of cf.series) {
    const concept = `${s.taxonomy}:${s.concept}`;
    for (let i = s.from; i < s.to; i++) {
      out.concepts.push(concept);
      out.units.push(s.unit);
      out.starts.push(f.start[i] === NO_DAY ? null : f.start[i]!);
      out.ends.push(f.end[i]!);
      out.values.push(f.value[i]!);
      out.filed.push(f.filed[i]!);
      out.fiscalYears.push(f.fiscalYear[i] || null);
      out.fiscalPeriods.push(str(f.fiscalPeriod[i]!));
      out.forms.push(str(f.form[i]!) ?? '');
      out.accessions.push(str(f.accession[i]!) ?? '');
      out.frames.push(str(f.frame[i]!));
    }
  }
  return out;
}

function ownershipRecord(
  doc: OwnershipDocument,
  text: string,
  context: PayloadContext,
  site: EdgarSite,
  info?: OwnershipFilingInfo,
): OwnershipFilingRecord {
  if (info) {
    return {
      accession: info.accession,
      filingDate: info.filingDate,
      sourceUrl: info.primaryDocument
        ? ownershipXmlUrl(info.filerCik, info.accession, info.primaryDocument, site)
        : filingIndexUrl(info.filerCik, info.accession, site),
      document: doc,
    };
  }
  const named = context.key && isAccession(context.key) ? context.key : accessionInName(context.name);
  return {
    accession: named ?? `sha256:${hash('sha256', text, 'hex')}`,
    filingDate: doc.periodOfReport,
    // Without the filing's number, the issuer's list of ownership filings on EDGAR is the address to cite.
    sourceUrl: named ? filingIndexUrl(doc.issuer.cik, named, site) : companyFilingsUrl(doc.issuer.cik, site, '4'),
    document: doc,
  };
}

function baseName(name: string | null): string {
  return name?.split(/[\\/]/).at(-1) ?? '';
}

function cikFromName(name: string | null): string | null {
  const m = /^CIK(\d{10})(?:-submissions-\d+)?\.json$/i.exec(baseName(name));
  return m ? padCik(m[1]!) : null;
}

function accessionInName(name: string | null): string | null {
  const m = /(\d{10}-\d{2}-\d{6})/.exec(baseName(name));
  return m ? m[1]! : null;
}
