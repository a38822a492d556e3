// GET /v1/macro: every macro series with its latest value, change, year-on-year change and headline number.

import { wholeList } from '../../../core/paging.js';
import { List } from '../../../core/schemas/common.js';
import { MacroSeriesSummary } from '../../../core/schemas/macro.js';
import { defineRoute } from '../../api-route.js';

export const macroListRoute = defineRoute({
  path: '/v1/macro',
  summary:
    'Every macro series (rates, inflation, jobs, growth, FX, commodities, liquidity) with its latest value, change, YoY and headline number',
  description:
    'The headline is the number the display mode puts first: the latest value for level and rate, the change from the period ' +
    'before for change, a percent change for pct_change_mom and pct_change_yoy. Numbers are of the latest vintage; a missing ' +
    'period is never bridged (its change is null).',
  tags: ['macro'],
  auth: true,
  response: List(MacroSeriesSummary),
  handler: ({ kept, caller }, { macro }) => macro.listKept(caller).then((list) => kept(list, wholeList)),
});
