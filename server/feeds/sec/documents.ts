// EDGAR documents from anywhere (the demo's generated ones, a test's) into the database the way the import command
// takes them: each parsed by the SEC source's parser and written in its own transaction, a malformed one reported
// with its name and reason and the rest going on. The demo's load reads them the same way, inside its own transaction.
import { type ParsedPayload, PayloadError } from '../../../core/sources/records.js';
import { type OwnershipFilingInfo, parseSecPayload } from '../../../core/sources/sec/payload.js';
import type { EdgarSite } from '../../../core/sources/sec/urls.js';
import type { ImportReport, ImportService } from '../../services/write/imports.js';

export interface SecDocumentInput {
  /** A file name as EDGAR names it (CIK0000320193.json, 0001104659-25-025206.xml): it can carry the CIK or accession. */
  name: string;
  text: string;
  /** For an ownership form: the filing it came in, when known. */
  ownership?: OwnershipFilingInfo;
}

export type SecDocumentReport = { name: string } & (ImportReport | { error: string });

export type ReadSecDocument = { name: string } & ({ parsed: ParsedPayload } | { error: string });

/** The document's records as the SEC source's parser reads them (citing `site`, sec.gov unless told), or why not. */
export function readSecDocument(d: SecDocumentInput, site?: EdgarSite): ReadSecDocument {
  try {
    return {
      name: d.name,
      parsed: parseSecPayload(d.text, { name: d.name, key: null, at: null }, { ownership: d.ownership, site }),
    };
  } catch (err) {
    if (!(err instanceof PayloadError)) throw err;
    return { name: d.name, error: err.message };
  }
}

export async function importSecDocuments(
  imports: ImportService,
  documents: readonly SecDocumentInput[],
): Promise<SecDocumentReport[]> {
  const reports: SecDocumentReport[] = [];
  for (const input of documents) {
    const d = readSecDocument(input);
    reports.push('error' in d ? d : { name: d.name, ...(await imports.payload(d.parsed)) });
  }
  return reports;
}
