// GET /v1/filings: a company's SEC filings, newest first, each citing the filing on EDGAR and the story about it.
import { List } from '../../../core/schemas/common.js';
import { Filing, FilingsQuery } from '../../../core/schemas/sec.js';
import { defineRoute } from '../../api-route.js';

export const filingListRoute = defineRoute({
  path: '/v1/filings',
  summary:
    "A company's SEC filings, newest first; sourceUrl is the filing on EDGAR, eventId the service's story about it",
  description:
    '`company` is a slug or ticker; `form` comma-separated form types (8-K, 10-Q, 10-K, 10-K/A, 4...), any case.',
  tags: ['filings'],
  auth: true,
  errors: ['not_found'],
  query: FilingsQuery,
  response: List(Filing),
  handler: ({ query, caller }, { filings }) => filings.list(query, caller),
});
