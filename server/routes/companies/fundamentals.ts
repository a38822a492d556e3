// GET /v1/companies/{company}/fundamentals: TTM results, margins, growth, balance sheet, ROE and valuation ratios at
// the live pooled price, each with the inputs and periods it came from.
import { Single } from '../../../core/schemas/common.js';
import { FinancialsParams, Fundamentals } from '../../../core/schemas/sec.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const companyFundamentalsRoute = defineRoute({
  path: '/v1/companies/:company/fundamentals',
  summary:
    "A company's fundamentals: TTM revenue, earnings, cash flow; margins; growth; balance sheet; ROE; P/E, P/S, P/B, EV/EBITDA, FCF, dividend and buyback yields",
  description:
    "Valuation ratios are at the instrument's price, labelled as `price.label` says (`<SYMBOL> · 24/7 (venues)` when pooled, " +
    'the source of an official close otherwise); null with ' +
    'the reason where an input is missing or a base is not positive (P/E of a loss). Every value lists its inputs with ' +
    'the period and filings each came from.',
  tags: ['companies'],
  auth: true,
  errors: ['not_found'],
  params: FinancialsParams,
  response: Single(Fundamentals),
  handler: ({ params, kept, caller }, { financials }) =>
    financials.fundamentals(params.company, caller).then((x) => kept(x, inData)),
});
