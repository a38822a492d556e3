// GET /v1/companies/{company}/financials: XBRL metrics by fiscal quarter and year, newest first, with YoY growth,
// TTM, and how each derived cell was derived.

import { METRIC_KEYS } from '../../../core/financials/metrics.js';
import { Single } from '../../../core/schemas/common.js';
import { Financials, FinancialsParams, FinancialsQuery } from '../../../core/schemas/sec.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const companyFinancialsRoute = defineRoute({
  path: '/v1/companies/:company/financials',
  summary: "A company's XBRL financials by fiscal quarter and year, newest first, with YoY growth per cell and TTM",
  description:
    `Metrics: ${METRIC_KEYS.join(', ')}. Each cell cites the XBRL tags and accession numbers it was read from; a derived ` +
    'cell says how (`q4 = fy - 9m`, `ttm = sum of 4 quarters`, `fcf = ocf - capex`), and a restated one says so (the ' +
    'latest filed value wins). Quarters are derived from year-to-date facts only where their start dates line up; EPS ' +
    'is never subtracted. An unknown metric is a 422 listing the known ones.',
  tags: ['companies'],
  auth: true,
  errors: ['not_found'],
  params: FinancialsParams,
  query: FinancialsQuery,
  response: Single(Financials),
  handler: ({ params, query, kept, caller }, { financials }) =>
    financials.financials(params.company, query, caller).then((x) => kept(x, inData)),
});
