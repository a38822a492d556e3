// GET /v1/events/{id}: one story with the moves it caused, the filing behind it, and related stories.
import { Single } from '../../../core/schemas/common.js';
import { EventDetail } from '../../../core/schemas/event-detail.js';
import { EventParams } from '../../../core/schemas/events.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const eventDetailRoute = defineRoute({
  path: '/v1/events/:id',
  summary:
    'One story: its summary, key points and entities, the moves it caused, the filing behind it, related stories',
  tags: ['events'],
  auth: true,
  errors: ['not_found'],
  params: EventParams,
  response: Single(EventDetail),
  handler: ({ params, kept, caller }, { events }) => events.detailKept(params.id, caller).then((x) => kept(x, inData)),
});
