// GET /v1/people/{slug}: a person's roles, at companies or institutions, and the recent stories about them.
import { Single } from '../../../core/schemas/common.js';
import { PersonDetail, PersonParams } from '../../../core/schemas/people.js';
import { defineRoute } from '../../api-route.js';

export const personDetailRoute = defineRoute({
  path: '/v1/people/:slug',
  summary: 'One person: roles with their company or institution, and the recent stories about them',
  tags: ['people'],
  auth: true,
  errors: ['not_found'],
  params: PersonParams,
  response: Single(PersonDetail),
  handler: async ({ params, caller }, { people }) => ({ data: await people.detail(params.slug, caller) }),
});
