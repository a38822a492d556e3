// GET /v1/glossary/{slug}: one term's definition, explanation and related terms.
import { Single } from '../../../core/schemas/common.js';
import { GlossaryEntry, GlossaryParams } from '../../../core/schemas/glossary.js';
import { defineRoute } from '../../api-route.js';

export const glossaryEntryRoute = defineRoute({
  path: '/v1/glossary/:slug',
  summary: 'One term: its definition, explanation and related terms',
  tags: ['glossary'],
  auth: true,
  errors: ['not_found'],
  params: GlossaryParams,
  response: Single(GlossaryEntry),
  handler: ({ params }, { glossary }) => ({ data: glossary.entry(params.slug) }),
});
