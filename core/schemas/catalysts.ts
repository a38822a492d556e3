// Scheduled catalysts and the query of their list.
import { type Static, Type } from '@sinclair/typebox';
import { DATE_OR_TIMESTAMP_PATTERN } from '../time.js';
import { CATALYST_KINDS, PRECISIONS } from '../vocabulary.js';
import { EntityRef, Nullable, StringEnum } from './common.js';

export const Catalyst = Type.Object({
  type: Type.String({ description: 'catalyst' }),
  key: Type.String({ description: 'the id, as text' }),
  label: Type.String({ description: 'the title' }),
  path: Nullable(Type.String()),
  id: Type.Integer(),
  kind: StringEnum(CATALYST_KINDS),
  title: Type.String(),
  expectedAt: Type.String({ format: 'date-time' }),
  precision: StringEnum(PRECISIONS),
  confirmed: Type.Boolean({ description: 'whether the date is confirmed by the issuer or agency' }),
  description: Nullable(Type.String()),
  consensus: Nullable(
    Type.String({ description: 'what is expected, as the market states it (e.g. "EPS $1.42", "+0.3% m/m")' }),
  ),
  sourceUrl: Nullable(Type.String()),
  outcomeEventId: Nullable(Type.Integer({ description: 'the story that reported the outcome, once there is one' })),
  entities: Type.Array(EntityRef),
});
export type Catalyst = Static<typeof Catalyst>;

export const CatalystListQuery = Type.Object({
  entity: Type.Optional(Type.String({ maxLength: 500, description: 'comma-separated type:key pairs, any match' })),
  kind: Type.Optional(Type.String({ maxLength: 500, description: 'comma-separated catalyst kinds' })),
  from: Type.Optional(
    Type.String({ maxLength: 40, pattern: DATE_OR_TIMESTAMP_PATTERN, description: 'default now: upcoming only' }),
  ),
  to: Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: DATE_OR_TIMESTAMP_PATTERN,
      description: 'YYYY-MM-DD (the whole day) or ISO timestamp',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});
export type CatalystListQuery = Static<typeof CatalystListQuery>;
