// GET /v1/search: typed refs for a name or symbol, to feed the detail endpoints.
import { onlyPage } from '../../core/paging.js';
import { searchFilter } from '../../core/requests/search.js';
import { EntityRef, List } from '../../core/schemas/common.js';
import { SearchQuery } from '../../core/schemas/search.js';
import { defineRoute } from '../api-route.js';

export const searchRoute = defineRoute({
  path: '/v1/search',
  summary: 'Find instruments, companies, people, macro series, prediction markets, glossary terms and stories by name',
  description:
    'An exact symbol, key or name comes first, then names that start with the query (or have a word that does), then ' +
    'close spellings (trigram similarity), then stories whose headline or summary match it as full text.',
  tags: ['search'],
  auth: true,
  query: SearchQuery,
  response: List(EntityRef),
  handler: async ({ query, caller }, { search }) => {
    const filter = searchFilter(query);
    return onlyPage(await search.find(filter, caller), filter.limit);
  },
});
