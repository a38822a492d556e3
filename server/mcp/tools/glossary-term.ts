// get_glossary_term: one term the service uses, as /v1/glossary/{slug}.
import { GlossaryEntry, GlossaryParams } from '../../../core/schemas/glossary.js';
import { defineTool, ToolSingle } from '../tool.js';

export const getGlossaryTerm = defineTool({
  name: 'get_glossary_term',
  title: 'Glossary term',
  description:
    'What a term means as this service uses it (pooled-price, z-score, cause, funding-rate, open-interest, ttm, ' +
    'pe-ratio, ...): a one-sentence definition, an explanation and related terms. search with type=glossary finds a slug.',
  input: GlossaryParams,
  output: ToolSingle(GlossaryEntry),
  run: ({ slug }, { services }) => ({ data: services.glossary.entry(slug) }),
});
