// The SEC EDGAR source: `npm run import -- sec <files>` reads downloaded submissions, companyfacts, Form 3/4/5 XML,
// the latest-filings Atom feed and form indexes. It has no live feed yet: it runs only as an import.
import { parseSecPayload } from '../../../core/sources/sec/payload.js';
import { SEC_SOURCE } from '../../../core/sources/sec/index.js';
import type { Source } from '../source.js';

export const secSource: Source = {
  name: SEC_SOURCE,
  description: 'SEC EDGAR: submissions, companyfacts, Form 3/4/5 XML, latest-filings Atom, form indexes',
  settings: () => ({ on: false, intervalsMs: {}, credentials: [] }),
  parse: (text, context) => parseSecPayload(text, context),
};
