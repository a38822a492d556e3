// get_insider_trades: Form 3/4/5 transactions with the open-market summary, as /v1/insider-trades.
import { Type } from '@sinclair/typebox';
import { InsiderTradesAnswer, InsiderTradesQuery } from '../../../core/schemas/sec.js';
import { defineTool } from '../tool.js';

export const getInsiderTrades = defineTool({
  name: 'get_insider_trades',
  title: 'Insider trades',
  description:
    'Trades of company insiders (Forms 3, 4, 5), newest first: who (with role), the date, the transaction code (P ' +
    'open-market buy, S sale, M option exercise, A award, F tax withholding, G gift, ...), shares, price, value, shares ' +
    'owned after, whether under a Rule 10b5-1 plan, and the filing on EDGAR (sourceUrl: cite it). `summary` totals the ' +
    'open-market buys and sells over every matching trade. Filter by company (slug or ticker), sinceDays and code ' +
    '(comma-separated). Paged.',
  input: InsiderTradesQuery,
  output: Type.Object({
    ...InsiderTradesAnswer.properties,
    notice: Type.Optional(
      Type.String({ description: 'what was left out to keep the answer small, and how to get it' }),
    ),
  }),
  run: async (args, { services, caller }) => await services.insiders.list(args, caller),
});
