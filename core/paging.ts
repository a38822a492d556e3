// Paging of lists, in one place: a query asks for one row more than the page, and that row says whether there is a
// next page.
import type { Static } from '@sinclair/typebox';
import type { Page as PageSchema } from './schemas/common.js';

export interface PageRequest {
  limit: number;
  offset: number;
}

/** The `page` of a list answer, as core/schemas/common.ts declares it. */
export type Page = Static<typeof PageSchema>;

/** The `limit` and `offset` to query for page `p`: one row more than it shows. */
export function pageQuery(p: PageRequest): PageRequest {
  return { limit: p.limit + 1, offset: p.offset };
}

/** The page's items of `rows` (read with pageQuery) and where the next page starts. */
export function paged<T>(rows: T[], p: PageRequest): { items: T[]; page: Page } {
  return {
    items: rows.slice(0, p.limit),
    page: { limit: p.limit, offset: p.offset, nextOffset: rows.length > p.limit ? p.offset + p.limit : null },
  };
}

/** A list answer that is the whole list: one page, no next one. */
export function wholeList<T>(data: T[]): { data: T[]; page: Page } {
  return { data, page: { limit: data.length, offset: 0, nextOffset: null } };
}

/** A list that has no further pages: `data` as the first page of `limit`, no next one (search's best matches). */
export function onlyPage<T>(data: T[], limit: number): { data: T[]; page: Page } {
  return { data, page: { limit, offset: 0, nextOffset: null } };
}
