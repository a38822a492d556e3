// GET /v1/companies: every covered company with its sector and its primary instrument's latest pooled price.
import { wholeList } from '../../../core/paging.js';
import { List } from '../../../core/schemas/common.js';
import { CompanySummary } from '../../../core/schemas/companies.js';
import { defineRoute } from '../../api-route.js';

export const companyListRoute = defineRoute({
  path: '/v1/companies',
  summary: 'Covered companies with their sector, primary instrument and latest pooled price and change',
  tags: ['companies'],
  auth: true,
  response: List(CompanySummary),
  handler: async (_, { companies }) => wholeList(await companies.list()),
});
