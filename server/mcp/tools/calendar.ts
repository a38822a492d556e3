// get_calendar: scheduled catalysts, as /v1/catalysts.
import { catalystFilter } from '../../../core/requests/catalysts.js';
import { Catalyst, CatalystListQuery } from '../../../core/schemas/catalysts.js';
import { defineTool, ToolList } from '../tool.js';

export const getCalendar = defineTool({
  name: 'get_calendar',
  title: 'Catalyst calendar',
  description:
    'Scheduled catalysts (earnings, macro releases, rate decisions, product launches, project milestones, ...), ' +
    'soonest first: upcoming by default, history from a past `from`. Each has expectedAt with its precision, whether ' +
    'the date is confirmed, the consensus when known, its sourceUrl, and outcomeEventId: the story that reported ' +
    'what happened. Filter by entity (type:key, comma-separated), kind, from/to. Paged.',
  input: CatalystListQuery,
  output: ToolList(Catalyst),
  run: async (args, { services, caller, nowMs }) => await services.catalysts.list(catalystFilter(args, nowMs), caller),
});
