// GET /v1/odds: prediction markets by words, entity, status and category, open and most traded first.
import { List } from '../../../core/schemas/common.js';
import { OddsListQuery, PredictionMarket } from '../../../core/schemas/odds.js';
import { defineRoute } from '../../api-route.js';

export const oddsListRoute = defineRoute({
  path: '/v1/odds',
  summary: "Prediction markets with their outcomes' probabilities (0 to 1): open first, then the most traded",
  description:
    '`entity` takes comma-separated `type:key` pairs as /v1/events does (macro:fed-funds-rate); `status` comma-separated ' +
    "statuses; `category` the source's own category; `q` words that must all appear in the question, its label or its event.",
  tags: ['odds'],
  auth: true,
  errors: ['bad_request'],
  query: OddsListQuery,
  response: List(PredictionMarket),
  handler: ({ query, kept, caller }, { odds }) => odds.listKept(query, caller).then((page) => kept(page)),
});
