// GET /v1/catalysts: scheduled events (earnings, macro releases, rate decisions, ...), upcoming by default.
import { catalystFilter } from '../../../core/requests/catalysts.js';
import { Catalyst, CatalystListQuery } from '../../../core/schemas/catalysts.js';
import { List } from '../../../core/schemas/common.js';
import { defineRoute } from '../../api-route.js';
import { clock } from '../../clock.js';

export const catalystListRoute = defineRoute({
  path: '/v1/catalysts',
  summary: 'Scheduled catalysts, soonest first: upcoming by default, history from a past `from`',
  tags: ['events'],
  auth: true,
  errors: ['bad_request'],
  query: CatalystListQuery,
  response: List(Catalyst),
  handler: ({ query, caller }, { catalysts }) => catalysts.list(catalystFilter(query, clock.now()), caller),
});
