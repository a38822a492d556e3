// GET /v1/events/{id}: one story with the moves it caused, the filing behind it, and related stories.
import { Single } from '../../../core/schemas/common.js';
import { EventDetail } from '../../../core/schemas/event-detail.js';
import { EventParams } from '../../../core/schemas/events.js';
import { defineRoute } from '../../api-route.js';

export const eventDetailRoute = defineRoute({
  path: '/v1/events/:id',
  summary: 'One story: its summary, key points and entities, the moves it caused, the filing behind it, related stories',
  tags: ['events'],
  auth: true,
  errors: ['not_found'],
  params: EventParams,
  response: Single(EventDetail),
  handler: ({ params, serialize, caller }, { events }) => events.detailJson(params.id, serialize, caller),
});
