// get_news: sourced stories, as /v1/events.
import { eventFilter } from '../../../core/requests/events.js';
import { Event, EventListQuery } from '../../../core/schemas/events.js';
import { defineTool, ToolList } from '../tool.js';

export const getNews = defineTool({
  name: 'get_news',
  title: 'News stories',
  description:
    'Sourced stories, newest first (order=important: most important first). Each has an id (for get_story), ' +
    "headline, summary in the service's own words, importance 0-100, and sourceUrl: cite the sourceUrl. Filter by " +
    'symbol, company (slug or ticker), entity (comma-separated type:key such as sector:technology, person:slug, ' +
    'project:company/project, macro:us-cpi), kind, from/to, minImportance, and q (full text: "phrase", OR, -word). ' +
    'Paged.',
  input: EventListQuery,
  output: ToolList(Event),
  run: async (args, { services, caller }) => await services.events.list(eventFilter(args), caller),
});
