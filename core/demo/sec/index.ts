// The demo's EDGAR documents, generated from its world: per listed company, its companyfacts JSON and submissions
// JSON, and the Form 4 XML of each insider story. They are written as EDGAR serves them, so the demo loads them
// through the same parsers and import path as downloaded files; what they say is what the stories say. They cite the
// demo's own EDGAR under the reserved .example domain: the invented filings of real CIKs are not in sec.gov's folders.
import type { EdgarSite } from '../../sources/sec/urls.js';
import type { DemoWorld } from '../world.js';
import { demoCompanyFacts } from './companyfacts.js';
import { DEMO_FILERS, type DemoFiler } from './filers.js';
import { type DemoFiling, ownFilings } from './filings.js';
import { type DemoOwnershipFiling, demoOwnershipFilings } from './ownership.js';
import { type DemoQuarter, demoQuarters } from './quarters.js';
import { demoSubmissions } from './submissions.js';

export const DEMO_EDGAR: EdgarSite = { url: 'https://edgar.sec.example', dataUrl: 'https://data.sec.example' };

export interface DemoSecCompany {
  filer: DemoFiler;
  quarters: DemoQuarter[];
  /** Its own filings and the Form 4s about it, in the order filed. */
  filings: DemoFiling[];
  /** CIK##########.json of data.sec.gov's companyfacts and submissions APIs. */
  companyFacts: string;
  submissions: string;
  ownership: DemoOwnershipFiling[];
}

/** Every listed demo company's EDGAR documents for `world` (drawn from `seed`, its history ending at `anchorMs`). */
export function demoSecDocuments(seed: number, world: DemoWorld, anchorMs: number): DemoSecCompany[] {
  return DEMO_FILERS.map((filer) => {
    const quarters = demoQuarters(seed, filer, world.story.results);
    const own = ownFilings(filer, quarters, anchorMs);
    const ownership = demoOwnershipFilings(filer, world.story.insiders, world.histories.get(filer.symbol)!);
    const filings = [...own, ...ownership.map((o) => o.filing)].sort((a, b) => a.acceptedAt - b.acceptedAt);
    return {
      filer,
      quarters,
      filings,
      companyFacts: JSON.stringify(demoCompanyFacts(filer, quarters, own)),
      submissions: JSON.stringify(demoSubmissions(filer, filings)),
      ownership,
    };
  });
}
