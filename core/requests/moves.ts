// Move queries resolved into what a move service reads: the list's filter in days, and the day an explanation is about.
import { validationError } from '../errors.js';
import type { PageRequest } from '../paging.js';
import type { ExplainQuery, MoveListQuery } from '../schemas/moves.js';
import { parseInstant, parseWindow, utcDate } from '../time.js';

/** What a list of moves asks for: days as YYYY-MM-DD, `toDate` excluded. */
export interface MoveFilter extends PageRequest {
  symbol: string | null;
  date: string | null;
  fromDate: string | null;
  toDate: string | null;
  minPct: number | null;
  minZ: number | null;
  /** Attach candidate stories to the moves without a cause. */
  candidates: boolean;
}

/** The filter of a /v1/moves query: a date that does not exist or `from` after `to` is a 422. */
export function moveFilter(query: MoveListQuery): MoveFilter {
  // Days, `to` included: parseWindow reads a date as `to` as its whole day.
  const window = parseWindow(query);
  const date = query.date === undefined ? null : parseInstant(query.date);
  if (query.date !== undefined && !date)
    window.problems.push({ in: 'query', param: 'date', message: 'is not a valid date' });
  if (window.fromMs !== null && window.toMs !== null && window.fromMs >= window.toMs)
    window.problems.push({ in: 'query', param: 'from', message: 'is after `to`' });
  if (window.problems.length) throw validationError(window.problems);
  return {
    symbol: query.symbol ?? null,
    date: date ? utcDate(date.ms) : null,
    fromDate: window.fromMs === null ? null : utcDate(window.fromMs),
    toDate: window.toMs === null ? null : utcDate(window.toMs),
    minPct: query.minPct ?? null,
    minZ: query.minZ ?? null,
    candidates: query.candidates ?? true,
    limit: query.limit ?? 30,
    offset: query.offset ?? 0,
  };
}

/** The day an explanation is asked about; null for the latest move. A date that does not exist is a 422. */
export function explainDate(query: ExplainQuery): string | null {
  if (query.date === undefined) return null;
  const given = parseInstant(query.date);
  if (!given) throw validationError([{ in: 'query', param: 'date', message: 'is not a valid date' }]);
  return utcDate(given.ms);
}
