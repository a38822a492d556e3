// Unusual daily moves with their causes, the explanation of one instrument's day, and the queries of both.
import { type Static, Type } from '@sinclair/typebox';
import { EntityRef, Nullable } from './common.js';
import { Event } from './events.js';

/** Stories about the instrument or its company from this many days before a move to the day after. */
export const STORIES_DAYS_BEFORE = 3;
/** Stories shown around an explained move. */
export const STORIES_AROUND = 20;
/** The other instruments' moves shown with an explanation. */
export const OTHER_MOVERS = 10;
/** Daily closes shown on each side of an explained date. */
export const CLOSES_AROUND = 10;

export const Move = Type.Object({
  type: Type.String({ description: 'move' }),
  key: Type.String({ description: '<symbol>/<date>' }),
  label: Type.String(),
  path: Nullable(Type.String()),
  id: Type.Integer(),
  instrument: EntityRef,
  date: Type.String({ format: 'date' }),
  fromPrice: Type.Number({ description: 'the pooled daily close of the day before' }),
  toPrice: Type.Number({ description: "the day's pooled daily close" }),
  pct: Type.Number({ description: 'close-to-close change, percent' }),
  changeBp: Nullable(
    Type.Number({
      description:
        'for a rate (a yield quoted in percent): the change in basis points, what to quote rather than pct; null for other kinds',
    }),
  ),
  zScore: Nullable(
    Type.Number({ description: '|pct| / standard deviation of the previous 60 daily pcts; null with fewer than 20' }),
  ),
  explanation: Nullable(
    Type.String({
      description: 'built from the numbers and the causes (with their event ids) only; null without a cause',
    }),
  ),
  causes: Type.Array(Event, { description: 'confirmed causes' }),
  candidateStories: Type.Optional(
    Type.Array(Event, { description: 'important stories about it that day or the day before, not confirmed' }),
  ),
});
export type Move = Static<typeof Move>;

export const MoveExplanation = Type.Object({
  instrument: EntityRef,
  date: Type.String({ format: 'date' }),
  move: Nullable(Move),
  storiesAround: Type.Array(Event, {
    description: `stories about the instrument or its company from ${STORIES_DAYS_BEFORE} days before to the day after, most important first`,
  }),
  macroThatDay: Type.Array(Event, { description: 'macro releases and rate decisions of that UTC day' }),
  otherMovers: Type.Array(Move, {
    description: `the other instruments' moves that day, most unusual first (at most ${OTHER_MOVERS})`,
  }),
  closes: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), close: Type.Number() }), {
    description: `pooled daily closes from ${CLOSES_AROUND} days before to ${CLOSES_AROUND} days after`,
  }),
});
export type MoveExplanation = Static<typeof MoveExplanation>;

const DateOnly = (description: string) =>
  Type.Optional(Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}$', description }));

export const MoveListQuery = Type.Object({
  symbol: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  date: DateOnly('one UTC day: its moves, most unusual first'),
  from: DateOnly('first day, YYYY-MM-DD'),
  to: DateOnly('last day (included), YYYY-MM-DD'),
  minPct: Type.Optional(
    Nullable(Type.Number({ minimum: 0, maximum: 10_000, description: 'least absolute change, percent; null: any' })),
  ),
  minZ: Type.Optional(
    Nullable(
      Type.Number({
        minimum: 0,
        maximum: 1000,
        description: 'least zScore; null or 0: any, including moves whose zScore is null',
      }),
    ),
  ),
  candidates: Type.Optional(
    Type.Boolean({ default: true, description: 'include candidateStories on moves without a cause' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 30 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});
export type MoveListQuery = Static<typeof MoveListQuery>;

export const ExplainQuery = Type.Object({
  symbol: Type.String({ minLength: 1, maxLength: 20 }),
  date: DateOnly('YYYY-MM-DD; default the latest move'),
});
export type ExplainQuery = Static<typeof ExplainQuery>;
