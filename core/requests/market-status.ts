// Market status queries resolved into the instant and the number of sessions ahead a market service answers for.

import { newYorkTime, newYorkWallClock } from '../calendar/new-york-time.js';
import { CALENDAR_YEARS } from '../calendar/sessions.js';
import { validationError } from '../errors.js';
import { type MarketStatusQuery, STATUS_SESSIONS } from '../schemas/market-status.js';
import { parseInstant } from '../time.js';

export interface MarketStatusRequest {
  atMs: number;
  sessions: number;
}

/**
 * The request of a /v1/market/status query at `nowMs`. A bare date is that day's New York midnight, so that its status
 * is of that day (its UTC midnight is the evening before in New York). A 422 for an instant the calendar does not cover.
 */
export function marketStatusRequest(query: MarketStatusQuery, nowMs: number): MarketStatusRequest {
  const sessions = query.sessions ?? STATUS_SESSIONS.default;
  if (query.at === undefined) return { atMs: nowMs, sessions };
  const at = parseInstant(query.at);
  if (!at) throw validationError([{ in: 'query', param: 'at', message: 'is not a valid date' }]);
  const atMs = at.dateOnly ? newYorkTime(at.ms, 0) : at.ms;
  const year = new Date(newYorkWallClock(atMs).dayMs).getUTCFullYear();
  if (year < CALENDAR_YEARS.from || year > CALENDAR_YEARS.to) {
    throw validationError([
      {
        in: 'query',
        param: 'at',
        message: `is outside the calendar's years ${CALENDAR_YEARS.from} to ${CALENDAR_YEARS.to}`,
      },
    ]);
  }
  return { atMs, sessions };
}
