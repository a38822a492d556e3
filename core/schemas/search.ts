// The search query: its results are EntityRefs, the same refs every resource links with.
import { type Static, Type } from '@sinclair/typebox';
import { SEARCH_TYPES } from '../vocabulary.js';

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 200 }),
  type: Type.Optional(Type.String({ maxLength: 500, description: `comma-separated: ${SEARCH_TYPES.join(', ')}` })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 20 })),
});
export type SearchQuery = Static<typeof SearchQuery>;
