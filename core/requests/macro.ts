// Macro series queries resolved into what a macro service reads: observations from a day, and how many points at most.
import { validationError } from '../errors.js';
import type { MacroSeriesQuery } from '../schemas/macro.js';
import { parseDay } from '../time.js';

export interface MacroRequest {
  /** Observations from this date (epoch ms of its UTC midnight); null: all. */
  fromMs: number | null;
  /** Null: every observation. */
  maxPoints: number | null;
}

/** The request of a /v1/macro/{slug} query: a `from` that is no calendar date is a 422. */
export function macroRequest(query: MacroSeriesQuery): MacroRequest {
  const fromMs = query.from === undefined ? null : parseDay(query.from);
  if (query.from !== undefined && fromMs === null)
    throw validationError([{ in: 'query', param: 'from', message: 'is not a valid date' }]);
  return { fromMs, maxPoints: query.maxPoints ?? null };
}
