// GET /v1/instruments/{symbol}/derivatives: daily funding (per 8 hours, weighted by open interest across the perpetual
// listings) and total open interest since `from`, the current values, and with `perVenue=true` each listing's hours.
import { derivativesRequest } from '../../../core/requests/derivatives.js';
import { Single } from '../../../core/schemas/common.js';
import { Derivatives, DerivativesParams, DerivativesQuery } from '../../../core/schemas/derivatives.js';
import { derivativesAnswer } from '../../answers/derivatives.js';
import { defineRoute } from '../../api-route.js';

export const derivativesRoute = defineRoute({
  path: '/v1/instruments/:symbol/derivatives',
  summary: 'Funding and open interest history across the perpetual listings of an instrument',
  description:
    'Daily funding is the mean of each listing over the UTC day, normalized to 8 hours and weighted by its open ' +
    'interest; open interest is the total at the end of the day. An instrument without perpetuals has empty series.',
  tags: ['instruments'],
  auth: true,
  errors: ['not_found'],
  params: DerivativesParams,
  query: DerivativesQuery,
  response: Single(Derivatives),
  handler: ({ params, query, caller }, { derivatives }) =>
    derivatives.get(params.symbol, derivativesRequest(query), caller).then(derivativesAnswer),
});
