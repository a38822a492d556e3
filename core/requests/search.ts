// Search queries resolved into the filter a search service reads: the words, the types of thing asked for, how many.
import { type ValidationDetail, validationError } from '../errors.js';
import { kindList } from '../filters.js';
import type { SearchQuery } from '../schemas/search.js';
import { SEARCH_TYPES } from '../vocabulary.js';

export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchFilter {
  q: string;
  types: Set<SearchType>;
  limit: number;
}

/** The filter of a /v1/search query: types not in the vocabulary are a 422. */
export function searchFilter(query: SearchQuery): SearchFilter {
  const problems: ValidationDetail[] = [];
  const types = new Set(kindList(query.type, SEARCH_TYPES, 'type', problems) ?? SEARCH_TYPES);
  if (problems.length) throw validationError(problems);
  return { q: query.q, types, limit: query.limit ?? 20 };
}
