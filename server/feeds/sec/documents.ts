// EDGAR documents from anywhere (the demo's generated ones, a test's) into the database the way the import command
// takes them: each parsed by the SEC source's parser and written in its own transaction, a malformed one reported
// with its name and reason and the rest going on.
import { PayloadError } from '../../../core/sources/records.js';
import { parseSecPayload, type OwnershipFilingInfo } from '../../../core/sources/sec/payload.js';
import type { ImportReport, ImportService } from '../../services/imports.js';

export interface SecDocumentInput {
  /** A file name as EDGAR names it (CIK0000320193.json, 0001104659-25-025206.xml): it can carry the CIK or accession. */
  name: string;
  text: string;
  /** For an ownership form: the filing it came in, when known. */
  ownership?: OwnershipFilingInfo;
}

export type SecDocumentReport = { name: string } & (ImportReport | { error: string });

export async function importSecDocuments(imports: ImportService, documents: readonly SecDocumentInput[]): Promise<SecDocumentReport[]> {
  const reports: SecDocumentReport[] = [];
  for (const d of documents) {
    try {
      const parsed = parseSecPayload(d.text, { name: d.name, key: null, at: null }, d.ownership);
      reports.push({ name: d.name, ...(await imports.payload(parsed)) });
    } catch (err) {
      if (!(err instanceof PayloadError)) throw err;
      reports.push({ name: d.name, error: err.message });
    }
  }
  return reports;
}
