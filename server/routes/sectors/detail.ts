// GET /v1/sectors/{slug}: a sector's companies with prices, their average change today and its most important recent
// stories.
import { Single } from '../../../core/schemas/common.js';
import { SectorDetail, SectorParams } from '../../../core/schemas/sectors.js';
import { defineRoute } from '../../api-route.js';

export const sectorDetailRoute = defineRoute({
  path: '/v1/sectors/:slug',
  summary: 'One sector: its companies with prices, their average change today, and the most important recent stories',
  tags: ['sectors'],
  auth: true,
  errors: ['not_found'],
  params: SectorParams,
  response: Single(SectorDetail),
  handler: async ({ params, caller }, { sectors }) => ({ data: await sectors.detail(params.slug, caller) }),
});
