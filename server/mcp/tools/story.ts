// get_story: one story with the moves it caused and related stories, as /v1/events/{id}.
import { cutTail } from '../../../core/fit.js';
import { EventDetail } from '../../../core/schemas/event-detail.js';
import { EventParams } from '../../../core/schemas/events.js';
import { defineTool, ToolSingle } from '../tool.js';

export const getStory = defineTool({
  name: 'get_story',
  title: 'One story',
  description:
    'One story by its id: headline, summary, key points, importance, the entities it is about, its sourceUrl (cite ' +
    'it), the unusual moves it is a confirmed cause of, and related stories (same subjects within 45 days).',
  input: EventParams,
  output: ToolSingle(EventDetail),
  run: async ({ id }, { services, caller }) => ({ data: await services.events.detail(id, caller) }),
  trims: [
    cutTail<EventDetail>('relatedStories', 'relatedStories', 'get_news with the same entity'),
    cutTail<EventDetail>('causedMoves', 'causedMoves', 'get_moves with the symbol and date'),
  ],
});
