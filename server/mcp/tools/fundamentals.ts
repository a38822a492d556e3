// get_fundamentals: a company's fundamentals and valuation at the live price, as /v1/companies/{company}/fundamentals.
import { FinancialsParams, Fundamentals } from '../../../core/schemas/sec.js';
import { defineTool, ToolSingle } from '../tool.js';

export const getFundamentals = defineTool({
  name: 'get_fundamentals',
  title: 'Company fundamentals and valuation',
  description:
    'Key numbers of a company (slug or ticker) from its SEC XBRL filings: trailing-twelve-month revenue, gross profit, ' +
    'operating income, net income, operating and free cash flow, EBITDA; margins; growth; balance sheet; ROE; and ' +
    'valuation at the live pooled price (market cap, EV, P/E, P/S, P/B, EV/EBITDA, FCF, dividend and buyback yields). ' +
    'Each value says how it was derived and lists its inputs with their periods and filing accession numbers; a null ' +
    'value says why (a P/E of a loss). Label ratios with price.label: the price is pooled from 24/7 venues. For the ' +
    'figures per quarter and year use get_financials.',
  input: FinancialsParams,
  output: ToolSingle(Fundamentals),
  run: async ({ company }, { services, caller }) => ({ data: await services.financials.fundamentals(company, caller) }),
});
