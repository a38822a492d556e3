// Story list queries resolved into the filter an event service reads: entities, kinds, window, words and order.
import { ApiError, type ValidationDetail, validationError } from '../errors.js';
import { entityKeys, kindList } from '../filters.js';
import type { PageRequest } from '../paging.js';
import type { EventListQuery } from '../schemas/events.js';
import { webSearchText } from '../search.js';
import { parseWindow } from '../time.js';
import { EVENT_KINDS, type EventKind } from '../vocabulary.js';

/** What a list of stories asks for. Shortcuts for one instrument (a symbol) and one company (slug or ticker) are resolved by the service. */
export interface EventFilter extends PageRequest {
  /** Lower-cased `type:key` pairs, any match; null for any. */
  entities: string[] | null;
  symbol: string | null;
  company: string | null;
  kinds: EventKind[] | null;
  excludeKinds: EventKind[] | null;
  fromMs: number | null;
  toMs: number | null;
  /** Full text in web-search syntax. */
  q: string | null;
  minImportance: number | null;
  order: 'recent' | 'important';
}

/** The filter of a /v1/events query: kinds not in the vocabulary are a 422, a malformed entity or `from` after `to` a 400. */
export function eventFilter(query: EventListQuery): EventFilter {
  const problems: ValidationDetail[] = [];
  const kinds = kindList(query.kind, EVENT_KINDS, 'kind', problems);
  const excludeKinds = kindList(query.excludeKind, EVENT_KINDS, 'excludeKind', problems);
  const window = parseWindow(query);
  problems.push(...window.problems);
  if (problems.length) throw validationError(problems);
  if (window.fromMs !== null && window.toMs !== null && window.fromMs >= window.toMs) {
    throw new ApiError('bad_request', '`from` is after `to`', [{ in: 'query', param: 'from', message: 'is after to' }]);
  }
  return {
    entities: entityKeys([query.entity]),
    symbol: query.symbol ?? null,
    company: query.company ?? null,
    kinds,
    excludeKinds,
    fromMs: window.fromMs,
    toMs: window.toMs,
    q: query.q?.trim() ? webSearchText(query.q) : null,
    minImportance: query.minImportance ?? null,
    order: query.order ?? 'recent',
    limit: query.limit ?? 30,
    offset: query.offset ?? 0,
  };
}
