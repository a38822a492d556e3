// The records the SEC EDGAR source delivers, in plain JSON (they cross the import command's control socket): the
// company a submissions file describes, the filings companies list, the XBRL facts of one company as columns, and
// ownership forms with the filing they came in.
import type { Provenance } from '../provenance.js';
import type { OwnershipDocument } from './ownership.js';

/** A filer as EDGAR describes it: added as a covered company when no company has its CIK yet. */
export interface SecCompanyRecord extends Provenance {
  cik: string;
  name: string;
  tickers: string[];
  sic: string | null;
  sicDescription: string | null;
  /** MMDD. */
  fiscalYearEnd: string | null;
  sourceUrl: string;
}

export interface SecFilingRecord {
  /** The filer whose list holds it (for a Form 4, the issuer's and each owner's). */
  cik: string;
  companyName: string;
  accession: string;
  form: string;
  /** YYYY-MM-DD. */
  filingDate: string;
  reportDate: string | null;
  /** Epoch ms. */
  acceptedAt: number | null;
  items: string[];
  primaryDocument: string | null;
  description: string | null;
  size: number | null;
  isXbrl: boolean;
  /** The primary document on EDGAR, or the filing's index page when that is not known. */
  sourceUrl: string;
}

/** A company's XBRL facts, one entry per fact in each column; days are day numbers, `starts` null for an instant. */
export interface SecFactsRecord {
  cik: string;
  entityName: string;
  /** The companyfacts document on EDGAR. */
  sourceUrl: string;
  concepts: string[];
  units: string[];
  starts: (number | null)[];
  ends: number[];
  values: number[];
  filed: number[];
  fiscalYears: (number | null)[];
  fiscalPeriods: (string | null)[];
  forms: string[];
  accessions: string[];
  frames: (string | null)[];
}

export interface OwnershipFilingRecord {
  /** EDGAR's accession number, or `sha256:<hash>` for a file that names none. */
  accession: string;
  /** YYYY-MM-DD: EDGAR's filing date, or the period of report when the file alone does not say. */
  filingDate: string;
  sourceUrl: string;
  document: OwnershipDocument;
}
