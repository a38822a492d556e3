// get_filings: a company's SEC filings, newest first, as /v1/filings.
import { Filing, FilingsQuery } from '../../../core/schemas/sec.js';
import { defineTool, ToolList } from '../tool.js';

export const getFilings = defineTool({
  name: 'get_filings',
  title: 'SEC filings',
  description:
    "A company's SEC filings (company: slug or ticker), newest first: form (8-K, 10-Q, 10-K, 4, ...), filing and report " +
    "dates, 8-K items (2.02 = results), its sourceUrl on EDGAR (cite it) and eventId, the service's story about it " +
    '(get_story). form filters (comma-separated). Paged.',
  input: FilingsQuery,
  output: ToolList(Filing),
  run: async (args, { services, caller }) => await services.filings.list(args, caller),
});
