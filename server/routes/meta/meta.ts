// GET /v1/meta: row counts, the latest date per dataset, and which dataset is loaded.
import { Single } from '../../../core/schemas/common.js';
import { Meta } from '../../../core/schemas/meta.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const metaRoute = defineRoute({
  path: '/v1/meta',
  summary: 'Row counts, latest date per dataset, and which dataset is loaded',
  tags: ['meta'],
  auth: true,
  response: Single(Meta),
  handler: ({ kept }, { meta }) => {
    const answer = meta.meta();
    return answer instanceof Promise ? answer.then((m) => kept(m, inData)) : kept(answer, inData);
  },
});
