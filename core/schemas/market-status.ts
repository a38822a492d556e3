// The US stock market's regular sessions as the API answers them: open or not at an instant, that New York day's
// session or why there is none, and the sessions ahead.
import { type Static, Type } from '@sinclair/typebox';
import { DATE_OR_TIMESTAMP_PATTERN } from '../time.js';
import { Nullable } from './common.js';

export const STATUS_SESSIONS = { default: 5, max: 30 } as const;

export const MarketSession = Type.Object({
  date: Type.String({ format: 'date', description: 'the New York trading date' }),
  open: Type.String({ format: 'date-time', description: '09:30 New York' }),
  close: Type.String({ format: 'date-time', description: '16:00 New York, or 13:00 on an early close' }),
  earlyClose: Nullable(
    Type.String({
      description: 'why it closes early (Day after Thanksgiving, Christmas Eve, ...); null on a full day',
    }),
  ),
});
export type MarketSession = Static<typeof MarketSession>;

export const MarketStatus = Type.Object(
  {
    at: Type.String({ format: 'date-time', description: 'the instant the status is for' }),
    open: Type.Boolean({ description: 'whether a regular session is in progress' }),
    today: Type.Object(
      {
        date: Type.String({ format: 'date' }),
        session: Nullable(MarketSession),
        closed: Nullable(
          Type.String({
            description: 'why the market is closed all day: weekend, or the holiday or closure; null on a trading day',
          }),
        ),
      },
      { description: 'the New York calendar day of `at`' },
    ),
    current: Nullable(MarketSession),
    next: Type.Array(MarketSession, { description: 'the sessions that open after `at`, soonest first' }),
  },
  {
    description:
      'NYSE/Nasdaq regular sessions (09:30-16:00 New York): holidays, one-off closures and early closes from 1990 to 2100; extended hours are not covered',
  },
);
export type MarketStatus = Static<typeof MarketStatus>;

export const MarketStatusQuery = Type.Object({
  at: Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: DATE_OR_TIMESTAMP_PATTERN,
      description: 'ISO timestamp, or a date (its New York midnight); 1990 to 2100; default now',
    }),
  ),
  sessions: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: STATUS_SESSIONS.max,
      default: STATUS_SESSIONS.default,
      description: 'how many next sessions to list',
    }),
  ),
});
export type MarketStatusQuery = Static<typeof MarketStatusQuery>;
