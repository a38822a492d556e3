// GET /v1/meta/vocabulary: every enumeration used in filters and fields, and the move floors in force.
import { Single } from '../../../core/schemas/common.js';
import { Vocabulary } from '../../../core/schemas/meta.js';
import { defineRoute } from '../../api-route.js';

export const vocabularyRoute = defineRoute({
  path: '/v1/meta/vocabulary',
  summary: 'Every enumeration used in filters and fields',
  tags: ['meta'],
  auth: true,
  response: Single(Vocabulary),
  handler: (_, { meta }) => ({ data: meta.vocabulary() }),
});
