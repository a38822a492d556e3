// GET /v1/people: the executives, directors, founders and policymakers tracked, with their roles.
import { wholeList } from '../../../core/paging.js';
import { List } from '../../../core/schemas/common.js';
import { PersonSummary } from '../../../core/schemas/people.js';
import { defineRoute } from '../../api-route.js';

export const peopleListRoute = defineRoute({
  path: '/v1/people',
  summary: 'Executives, directors, founders and policymakers tracked, with their roles',
  tags: ['people'],
  auth: true,
  response: List(PersonSummary),
  handler: async (_, { people }) => wholeList(await people.list()),
});
