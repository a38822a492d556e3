// The demo's EDGAR documents at its first load: each listed company's submissions, companyfacts and the Form 4s of its
// insider stories (core/demo/sec), read by the SEC source's parser as imported files are, citing the demo's own EDGAR,
// and written by the same writer in the load's transaction: the 8-Ks, 10-Qs and 10-Ks tell their stories as real
// filings do. The documents are the demo's own: anything they do not read whole is a fault.
import { DEMO_EDGAR, demoSecDocuments } from '../../../core/demo/sec/index.js';
import type { DemoWorld } from '../../../core/demo/world.js';
import { mergedPayloads } from '../../../core/sources/records.js';
import type { Writer } from '../../services/write/writer.js';
import { readSecDocument, type SecDocumentInput } from '../sec/documents.js';

export async function writeDemoSec(writer: Writer, world: DemoWorld, seed: number, anchorMs: number): Promise<void> {
  const documents = demoSecDocuments(seed, world, anchorMs).flatMap(
    ({ filer, submissions, companyFacts, ownership }): SecDocumentInput[] => [
      { name: `submissions/CIK${filer.cik}.json`, text: submissions },
      { name: `companyfacts/CIK${filer.cik}.json`, text: companyFacts },
      ...ownership.map(({ filing, xml }) => ({
        name: `${filing.accession}.xml`,
        text: xml,
        ownership: {
          accession: filing.accession,
          filingDate: filing.filingDate,
          primaryDocument: filing.primaryDocument,
          filerCik: filer.cik,
        },
      })),
    ],
  );
  const read = documents.map((d) => readSecDocument(d, DEMO_EDGAR));
  const failed = read.filter((d) => 'error' in d);
  if (failed.length) throw new Error(`the demo's EDGAR documents were not read: ${JSON.stringify(failed.slice(0, 3))}`);
  const parsed = mergedPayloads(read.flatMap((d) => ('parsed' in d ? [d.parsed] : [])));
  const skipped = [...parsed.skipped, ...(await writer.sec(parsed)).skipped];
  if (skipped.length)
    throw new Error(`the demo's EDGAR documents were not read whole: ${JSON.stringify(skipped.slice(0, 3))}`);
}
