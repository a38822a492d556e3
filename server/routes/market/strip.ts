// GET /v1/market/strip: every instrument's pooled price, change since the previous UTC close and a 24-point hourly
// sparkline, from hot state, for dashboards that poll it.
import { List } from '../../../core/schemas/common.js';
import { StripItem } from '../../../core/schemas/market.js';
import { defineRoute } from '../../api-route.js';

export const stripRoute = defineRoute({
  path: '/v1/market/strip',
  summary: "Every instrument's pooled price, change since the previous UTC close, and a 24-point hourly sparkline",
  tags: ['market'],
  auth: true,
  response: List(StripItem),
  handler: ({ kept }, { market }) => kept(market.stripKept()),
});
