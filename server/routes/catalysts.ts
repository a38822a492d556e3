// GET /v1/catalysts: scheduled events (earnings, macro releases, rate decisions, ...), upcoming by default.
import { Type } from '@sinclair/typebox';
import { ApiError, validationError, type ValidationDetail } from '../../core/errors.js';
import { catalystRef } from '../../core/refs.js';
import { EntityRef, List, Nullable, StringEnum } from '../../core/schemas/common.js';
import { DATE_OR_TIMESTAMP_PATTERN, parseWindow } from '../../core/time.js';
import { CATALYST_KINDS, PRECISIONS } from '../../core/vocabulary.js';
import type { Db } from '../db.js';
import { defineRoute, type Route } from '../http/router.js';
import { entityKeys, kindList } from './filters.js';

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
  consensus: Nullable(Type.String({ description: 'what is expected, as the market states it (e.g. "EPS $1.42", "+0.3% m/m")' })),
  sourceUrl: Nullable(Type.String()),
  outcomeEventId: Nullable(Type.Integer({ description: 'the story that reported the outcome, once there is one' })),
  entities: Type.Array(EntityRef),
});

export interface CatalystRow {
  id: string;
  kind: (typeof CATALYST_KINDS)[number];
  title: string;
  expectedAt: Date;
  precision: (typeof PRECISIONS)[number];
  confirmed: boolean;
  description: string | null;
  consensus: string | null;
  sourceUrl: string | null;
  outcomeEventId: string | null;
  entities: { type: string; key: string; label: string; path: string | null }[];
}

/** A stored catalyst as the interface shows it. */
export function catalystView(r: CatalystRow) {
  return {
    ...catalystRef(Number(r.id), r.title),
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    expectedAt: r.expectedAt.toISOString(),
    precision: r.precision,
    confirmed: r.confirmed,
    description: r.description,
    consensus: r.consensus,
    sourceUrl: r.sourceUrl,
    outcomeEventId: r.outcomeEventId === null ? null : Number(r.outcomeEventId),
    entities: r.entities,
  };
}

export function catalystRoutes(db: () => Db): Route[] {
  return [
    defineRoute({
      path: '/v1/catalysts',
      summary: 'Scheduled catalysts, soonest first: upcoming by default, history from a past `from`',
      tags: ['events'],
      auth: true,
      errors: ['bad_request'],
      query: Type.Object({
        entity: Type.Optional(Type.String({ maxLength: 500, description: 'comma-separated type:key pairs, any match' })),
        kind: Type.Optional(Type.String({ maxLength: 500, description: 'comma-separated catalyst kinds' })),
        from: Type.Optional(Type.String({ maxLength: 40, pattern: DATE_OR_TIMESTAMP_PATTERN, description: 'default now: upcoming only' })),
        to: Type.Optional(Type.String({ maxLength: 40, pattern: DATE_OR_TIMESTAMP_PATTERN, description: 'YYYY-MM-DD (the whole day) or ISO timestamp' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
        offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
      }),
      response: List(Catalyst),
      handler: async ({ query }) => {
        const problems: ValidationDetail[] = [];
        const kind = kindList(query.kind, CATALYST_KINDS, 'kind', problems);
        const window = parseWindow(query);
        problems.push(...window.problems);
        if (problems.length) throw validationError(problems);
        const fromMs = window.fromMs ?? Date.now();
        if (window.toMs !== null && fromMs >= window.toMs) throw new ApiError('bad_request', `\`from\` (${query.from ?? 'now'}) is after \`to\``);
        const limit = query.limit ?? 50;
        const offset = query.offset ?? 0;
        const rows = await db().rows<CatalystRow>('listCatalysts', [
          entityKeys([query.entity]),
          kind,
          new Date(fromMs),
          window.toMs === null ? null : new Date(window.toMs),
          limit + 1,
          offset,
        ]);
        const data = rows.slice(0, limit).map(catalystView);
        return { data, page: { limit, offset, nextOffset: rows.length > limit ? offset + limit : null } };
      },
    }),
  ];
}
