// The market calendar's status at an instant in the API's shape: dates and instants as ISO strings.
import { type MarketDay, marketStatus, type Session } from '../../../core/calendar/sessions.js';
import type { MarketSession, MarketStatus } from '../../../core/schemas/market-status.js';
import { utcDate } from '../../../core/time.js';

const iso = (ms: number) => new Date(ms).toISOString();

function session(s: Session): MarketSession {
  return { date: utcDate(s.dayMs), open: iso(s.openMs), close: iso(s.closeMs), earlyClose: s.earlyClose };
}

function day(d: MarketDay): MarketStatus['today'] {
  return { date: utcDate(d.dayMs), session: d.session && session(d.session), closed: d.closed };
}

/** The status at `atMs` with `sessions` next sessions, and when it next changes (an open, a close, New York midnight). */
export function statusAt(atMs: number, sessions: number): { status: MarketStatus; changesAtMs: number } {
  const s = marketStatus(atMs, sessions);
  const status = {
    at: iso(atMs),
    open: s.open,
    today: day(s.today),
    current: s.current && session(s.current),
    next: s.next.map(session),
  };
  return { status, changesAtMs: s.changesAtMs };
}
