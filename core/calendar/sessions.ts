// The NYSE/Nasdaq regular sessions: 09:30-16:00 New York on every weekday the exchange is not closed, to 13:00 (14:00 in
// the early 1990s) on its early-close days. What a client asks of them: is the market open at an instant, is today
// short or a holiday, when do the current and the next sessions open and close. Pure: each function takes its day or
// instant, nothing reads a clock.
import { DAY_MS, parseDay } from '../time.js';
import { newYorkTime, newYorkWallClock } from './new-york-time.js';
import { EARLY_CLOSE_RULES, type EarlyClose, ONE_OFF_EARLY_CLOSES } from './nyse-special-days.js';
import { nyseClosures } from './us-holidays.js';

/** The years the calendar's rules and one-off days are written for, both included. */
export const CALENDAR_YEARS = { from: 1990, to: 2100 } as const;

export interface Session {
  /** The New York calendar date, as a UTC midnight naming it. */
  dayMs: number;
  openMs: number;
  closeMs: number;
  /** Why the session closes early (`Day after Thanksgiving`); null on a full day. */
  earlyClose: string | null;
}

export interface MarketDay {
  dayMs: number;
  /** Null when the market is closed all day. */
  session: Session | null;
  /** Why it is closed: `weekend`, or the holiday or closure's name; null on a day with a session. */
  closed: string | null;
}

export interface MarketStatus {
  atMs: number;
  /** Whether a regular session is in progress at `atMs`. */
  open: boolean;
  /** The New York calendar day of `atMs`. */
  today: MarketDay;
  /** The session in progress, or null. */
  current: Session | null;
  /** The sessions that open after `atMs`, soonest first (the current one is not among them). */
  next: Session[];
  /** When this answer next changes: the current session's close, the next open, or New York midnight if sooner. */
  changesAtMs: number;
}

interface YearBook {
  closed: Map<number, string>;
  early: Map<number, EarlyClose>;
}

const books = new Map<number, YearBook>();

/** The closures and early closes of `year` by day, built once per year asked about. */
function yearBook(year: number): YearBook {
  let book = books.get(year);
  if (book) return book;
  const closed = new Map(nyseClosures(year).map((h) => [h.dayMs, h.name]));
  const early = new Map<number, EarlyClose>();
  for (const rule of EARLY_CLOSE_RULES) {
    const day = year >= rule.from && year <= rule.to ? rule.day(year) : null;
    if (day !== null) early.set(day, rule);
  }
  for (const e of ONE_OFF_EARLY_CLOSES) if (e.date.startsWith(`${year}-`)) early.set(parseDay(e.date)!, e);
  books.set(year, (book = { closed, early }));
  return book;
}

/** The market on the New York calendar day `dayMs` (a UTC midnight naming the date). */
export function marketDay(dayMs: number): MarketDay {
  const weekday = new Date(dayMs).getUTCDay();
  if (weekday === 0 || weekday === 6) return { dayMs, session: null, closed: 'weekend' };
  const book = yearBook(new Date(dayMs).getUTCFullYear());
  const closed = book.closed.get(dayMs);
  if (closed !== undefined) return { dayMs, session: null, closed };
  const early = book.early.get(dayMs);
  const closeMs = early ? newYorkTime(dayMs, early.close.hours, early.close.minutes) : newYorkTime(dayMs, 16);
  return {
    dayMs,
    session: { dayMs, openMs: newYorkTime(dayMs, 9, 30), closeMs, earlyClose: early?.name ?? null },
    closed: null,
  };
}

/** The session on the New York calendar day `dayMs`, or null when the market is closed that day. */
export function sessionOn(dayMs: number): Session | null {
  return marketDay(dayMs).session;
}

/** The `n` sessions that open after the instant `atMs`, soonest first. */
export function nextSessions(atMs: number, n: number): Session[] {
  const out: Session[] = [];
  for (let day = newYorkWallClock(atMs).dayMs; out.length < n; day += DAY_MS) {
    const session = sessionOn(day);
    if (session && session.openMs > atMs) out.push(session);
  }
  return out;
}

/** The market at the instant `atMs`, with the `n` sessions that open after it (at least the next one is computed). */
export function marketStatus(atMs: number, n = 1): MarketStatus {
  const today = marketDay(newYorkWallClock(atMs).dayMs);
  const s = today.session;
  const current = s && s.openMs <= atMs && atMs < s.closeMs ? s : null;
  const upcoming = nextSessions(atMs, Math.max(n, 1));
  const midnight = newYorkTime(today.dayMs + DAY_MS, 0);
  const changesAtMs = Math.min(current ? current.closeMs : upcoming[0]!.openMs, midnight);
  return { atMs, open: current !== null, today, current, next: upcoming.slice(0, n), changesAtMs };
}
