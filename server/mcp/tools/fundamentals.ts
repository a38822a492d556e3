// get_fundamentals: a company's fundamentals and valuation at the live price, as /v1/companies/{company}/fundamentals.
import { FinancialsParams, Fundamentals } from '../../../core/schemas/sec.js';
import { defineTool, ToolSingle } from '../tool.js';

export const getFundamentals = defineTool({
  name: 'get_fundamentals',
  title: 'Company fundamentals and valuation',
  description:
    'Key numbers of a company (slug or ticker) from its SEC XBRL filings: TTM revenue, profits, cash flows and EBITDA; ' +
    'margins; growth; balance sheet; ROE; valuation at the live pooled price (market cap, EV, P/E, P/S, P/B, ' +
    'EV/EBITDA, FCF, dividend and buyback yields). Each value shows its derivation and inputs (periods, filing ' +
    'accessions); a null says why. Label ratios with price.label. Per quarter and year: get_financials.',
  input: FinancialsParams,
  output: ToolSingle(Fundamentals),
  run: async ({ company }, { services, caller }) => ({ data: await services.financials.fundamentals(company, caller) }),
});
