// GET /v1/events: sourced stories, filtered by entity, kind, time, importance and full text (web-search syntax).
import { List } from '../../../core/schemas/common.js';
import { Event, EventListQuery } from '../../../core/schemas/events.js';
import { defineRoute } from '../../api-route.js';

export const eventListRoute = defineRoute({
  path: '/v1/events',
  summary: 'Sourced stories, newest or most important first',
  description:
    '`entity` takes comma-separated `type:key` pairs (instrument:BTC, company:apple, macro:us-cpi, sector:technology, ' +
    'project:company/project, person:slug); a story matches when it is linked to any of them, and `symbol` and `company` ' +
    'add one more. `q` is full text over headline and summary in web-search syntax: "quoted phrase", OR, -word.',
  tags: ['events'],
  auth: true,
  errors: ['bad_request', 'not_found'],
  query: EventListQuery,
  response: List(Event),
  handler: ({ query, kept, caller }, { events }) => events.listKept(query, caller).then((page) => kept(page)),
});
