// Sourced stories: the Event every list shows, and the query of the list.
import { type Static, Type } from '@sinclair/typebox';
import { DATE_OR_TIMESTAMP_PATTERN } from '../time.js';
import { EVENT_KINDS, PRECISIONS } from '../vocabulary.js';
import { EntityRef, Nullable, StringEnum } from './common.js';

export const Event = Type.Object({
  type: Type.String({ description: 'event' }),
  key: Type.String({ description: 'the id, as text' }),
  label: Type.String({ description: 'the headline' }),
  path: Nullable(Type.String()),
  id: Type.Integer(),
  kind: StringEnum(EVENT_KINDS),
  occurredAt: Type.String({ format: 'date-time' }),
  precision: StringEnum(PRECISIONS, {
    description: 'how exactly occurredAt is known; a day or hour is given as its start',
  }),
  headline: Type.String(),
  summary: Type.Optional(Type.String({ description: "in the service's own words" })),
  points: Type.Optional(Type.Array(Type.String(), { description: 'key points' })),
  importance: Type.Integer({ minimum: 0, maximum: 100 }),
  sourceName: Type.String(),
  sourceUrl: Type.String({
    description: "the original source, to cite (a demo story's is on the reserved .example domain)",
  }),
  entities: Type.Array(EntityRef),
});
export type Event = Static<typeof Event>;

const KindList = (description: string) => Type.Optional(Type.String({ maxLength: 500, description }));
const DateParam = (description: string) =>
  Type.Optional(Type.String({ maxLength: 40, pattern: DATE_OR_TIMESTAMP_PATTERN, description }));

export const EventListQuery = Type.Object({
  entity: Type.Optional(Type.String({ maxLength: 500, description: 'comma-separated type:key pairs, any match' })),
  symbol: Type.Optional(
    Type.String({ minLength: 1, maxLength: 20, description: 'shortcut for entity=instrument:<symbol>' }),
  ),
  company: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 80,
      description: 'shortcut for entity=company:<slug>; a ticker names its company',
    }),
  ),
  kind: KindList('comma-separated event kinds'),
  excludeKind: KindList('comma-separated event kinds to leave out'),
  from: DateParam('YYYY-MM-DD or ISO timestamp'),
  to: DateParam('YYYY-MM-DD (the whole day) or ISO timestamp'),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'full text, web-search syntax' })),
  minImportance: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 100 })),
  order: Type.Optional(StringEnum(['recent', 'important'] as const, { default: 'recent' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});
export type EventListQuery = Static<typeof EventListQuery>;

export const EventParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
