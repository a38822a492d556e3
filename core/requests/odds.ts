// Prediction market queries resolved into what an odds service reads: the list's filter, and one market's history.
import { type ValidationDetail, validationError } from '../errors.js';
import { entityKeys, kindList } from '../filters.js';
import type { PageRequest } from '../paging.js';
import type { OddsDetailQuery, OddsListQuery } from '../schemas/odds.js';
import { parseWindow } from '../time.js';
import { ODDS_STATUSES, type OddsInterval, type OddsStatus } from '../vocabulary.js';

export interface OddsFilter extends PageRequest {
  words: string[];
  entities: string[] | null;
  statuses: OddsStatus[] | null;
  category: string | null;
}

/** The filter of a /v1/odds query: statuses not in the vocabulary are a 422, a malformed entity a 400. */
export function oddsFilter(query: OddsListQuery): OddsFilter {
  const problems: ValidationDetail[] = [];
  const statuses = kindList(query.status, ODDS_STATUSES, 'status', problems);
  if (problems.length) throw validationError(problems);
  return {
    words: (query.q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [],
    entities: entityKeys([query.entity]),
    statuses,
    category: query.category?.trim().toLowerCase() || null,
    limit: query.limit ?? 50,
    offset: query.offset ?? 0,
  };
}

export interface OddsRequest {
  interval: OddsInterval;
  /** Null: the interval's default. */
  fromMs: number | null;
}

/** The request of a /v1/odds/{slug} query: a `from` that is not a date is a 422. */
export function oddsRequest(query: OddsDetailQuery): OddsRequest {
  const window = parseWindow({ from: query.from });
  if (window.problems.length) throw validationError(window.problems);
  return { interval: query.interval ?? '1h', fromMs: window.fromMs };
}
