// GET /v1/insider-trades: Form 3/4/5 transactions newest first, with the open-market buy and sell summary.
import { InsiderTradesAnswer, InsiderTradesQuery } from '../../../core/schemas/sec.js';
import { defineRoute } from '../../api-route.js';

export const insiderTradesRoute = defineRoute({
  path: '/v1/insider-trades',
  summary:
    'Insider transactions (Forms 3, 4, 5) newest first, with a summary of open-market purchases (P) and sales (S)',
  description:
    "A trade belongs to the issuer, never to the reporting owner's own company; an amendment (4/A) replaces the " +
    "transactions of the form it amends. `plan10b5One` comes from the form's checkbox, else a footnote naming Rule " +
    '10b5-1 (the anti-fraud Rule 10b-5 is not a plan). `code` takes comma-separated transaction codes.',
  tags: ['filings'],
  auth: true,
  errors: ['not_found'],
  query: InsiderTradesQuery,
  response: InsiderTradesAnswer,
  handler: ({ query, caller }, { insiders }) => insiders.list(query, caller),
});
