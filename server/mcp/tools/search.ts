// search: typed references for a name or symbol, as /v1/search.
import { onlyPage } from '../../../core/paging.js';
import { searchFilter } from '../../../core/requests/search.js';
import { EntityRef } from '../../../core/schemas/common.js';
import { SearchQuery } from '../../../core/schemas/search.js';
import { defineTool, ToolList } from '../tool.js';

export const search = defineTool({
  name: 'search',
  title: 'Search',
  description:
    'Find the key of an instrument, company, person, project, sector, glossary term or story by name, ticker or ' +
    'words (close spellings match too). Returns references {type, key, label, path}, best first; pass type and key ' +
    'to get_brief, or the key to the matching get_* tool. `type` narrows it (comma-separated).',
  input: SearchQuery,
  output: ToolList(EntityRef),
  run: async (args, { services, caller }) => {
    const filter = searchFilter(args);
    return onlyPage(await services.search.find(filter, caller), filter.limit);
  },
});
