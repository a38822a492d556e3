// GET /v1/glossary: the terms the service uses, each in one sentence.

import { wholeList } from '../../../core/paging.js';
import { List } from '../../../core/schemas/common.js';
import { GlossaryTerm } from '../../../core/schemas/glossary.js';
import { defineRoute } from '../../api-route.js';

export const glossaryListRoute = defineRoute({
  path: '/v1/glossary',
  summary: 'Every term the service uses, with a one-sentence definition',
  tags: ['glossary'],
  auth: true,
  response: List(GlossaryTerm),
  handler: (_, { glossary }) => wholeList(glossary.terms()),
});
