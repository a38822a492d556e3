// GET /v1/macro/dashboard: the headline series with their latest value and next release.

import { wholeList } from '../../../core/paging.js';
import { List } from '../../../core/schemas/common.js';
import { MacroDashboardRow } from '../../../core/schemas/macro.js';
import { defineRoute } from '../../api-route.js';

export const macroDashboardRoute = defineRoute({
  path: '/v1/macro/dashboard',
  summary:
    'Headline series (policy rate, CPI, core PCE, payrolls, unemployment, claims, GDP, retail sales, 2y and 10y yields, curve, dollar, oil) with latest value and next release',
  description: 'Only series that are stored are listed, in this order.',
  tags: ['macro'],
  auth: true,
  response: List(MacroDashboardRow),
  handler: ({ kept, caller }, { macro }) => macro.dashboardKept(caller).then((rows) => kept(rows, wholeList)),
});
