// GET /v1/market/status: whether the US stock market is in a regular session at an instant (now by default), that New
// York day's session or holiday, and the sessions ahead, from the market calendar.
import { marketStatusRequest } from '../../../core/requests/market-status.js';
import { Single } from '../../../core/schemas/common.js';
import { MarketStatus, MarketStatusQuery } from '../../../core/schemas/market-status.js';
import { defineRoute } from '../../api-route.js';
import { clock } from '../../clock.js';

export const marketStatusRoute = defineRoute({
  path: '/v1/market/status',
  summary:
    "Whether NYSE/Nasdaq are in a regular session at an instant (default now), that day's session or holiday, and the next sessions",
  description:
    'Regular sessions are 09:30-16:00 New York, to 13:00 on early closes (the day before Independence Day, the day after ' +
    'Thanksgiving, Christmas Eve). Holidays, one-off closures (national days of mourning, Hurricane Sandy) and early ' +
    'closes follow the NYSE calendar from 1990 to 2100. Prices here stay 24/7 venue prices whatever the session.',
  tags: ['market'],
  auth: true,
  query: MarketStatusQuery,
  response: Single(MarketStatus),
  handler: ({ query }, { market }) => ({ data: market.status(marketStatusRequest(query, clock.now())) }),
});
