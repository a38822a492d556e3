// GET /v1/sectors: every sector with its number of companies and their average change today.
import { wholeList } from '../../../core/paging.js';
import { List } from '../../../core/schemas/common.js';
import { SectorSummary } from '../../../core/schemas/sectors.js';
import { defineRoute } from '../../api-route.js';

export const sectorListRoute = defineRoute({
  path: '/v1/sectors',
  summary: 'Sectors with their number of companies and the average change of their prices today',
  tags: ['sectors'],
  auth: true,
  response: List(SectorSummary),
  handler: async (_, { sectors }) => wholeList(await sectors.list()),
});
