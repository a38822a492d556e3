// get_financials: a company's XBRL metrics by fiscal quarter and year, as /v1/companies/{company}/financials.

import { METRIC_KEYS } from '../../../core/financials/metrics.js';
import { cutTail } from '../../../core/fit.js';
import { Financials, FinancialsParams, FinancialsQuery } from '../../../core/schemas/sec.js';
import { Args, defineTool, ToolSingle } from '../tool.js';

export const getFinancials = defineTool({
  name: 'get_financials',
  title: 'Company financials by period',
  description:
    "A company's reported figures (slug or ticker) by fiscal quarter and fiscal year, newest first, with the trailing " +
    'twelve months: each cell with its value, year-on-year growth, the XBRL tags and filing accession numbers it was ' +
    'read from, and how a derived cell was derived (a Q4 as the year minus nine months). quarters (1-40, default 12) ' +
    `and years (1-20, default 5) set the columns; metrics narrows the rows (comma-separated: ${METRIC_KEYS.join(', ')}). ` +
    'Ask fewer metrics or periods when `notice` says rows were left out. get_fundamentals has the ratios.',
  input: Args(FinancialsParams, FinancialsQuery),
  output: ToolSingle(Financials),
  run: async ({ company, ...query }, { services, caller }) => ({
    data: await services.financials.financials(company, query, caller),
  }),
  trims: [
    cutTail<Financials>('metrics', 'metrics', 'pass metrics with the ones you need, or fewer quarters and years'),
  ],
});
