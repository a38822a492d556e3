// get_person: one executive, director, founder or policymaker, as /v1/people/{slug}.
import { cutTail } from '../../../core/fit.js';
import { PersonDetail, PersonParams } from '../../../core/schemas/people.js';
import { defineTool, ToolSingle } from '../tool.js';

export const getPerson = defineTool({
  name: 'get_person',
  title: 'Person',
  description:
    'An executive, director, founder or policymaker by slug (find it with search): their roles at companies or ' +
    'institutions (current first, each with its sourceUrl), a summary, and the stories about them (newest first).',
  input: PersonParams,
  output: ToolSingle(PersonDetail),
  run: async ({ slug }, { services, caller }) => ({ data: await services.people.detail(slug, caller) }),
  trims: [cutTail<PersonDetail>('events', 'events', 'get_news with entity=person:<slug>')],
});
