// GET /v1/events: sourced stories, filtered by entity, kind, time, importance and full text (websearch syntax).
import { Type } from '@sinclair/typebox';
import { ApiError, validationError, type ValidationDetail } from '../../core/errors.js';
import { eventRef } from '../../core/refs.js';
import { EntityRef, List, Nullable, StringEnum } from '../../core/schemas/common.js';
import { DATE_OR_TIMESTAMP_PATTERN, parseWindow } from '../../core/time.js';
import { EVENT_KINDS, PRECISIONS } from '../../core/vocabulary.js';
import type { Db } from '../db.js';
import type { AnswerCache } from '../http/answer-cache.js';
import { defineRoute, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';
import { entityKeys, kindList } from './filters.js';

export const Event = Type.Object({
  type: Type.String({ description: 'event' }),
  key: Type.String({ description: 'the id, as text' }),
  label: Type.String({ description: 'the headline' }),
  path: Nullable(Type.String()),
  id: Type.Integer(),
  kind: StringEnum(EVENT_KINDS),
  occurredAt: Type.String({ format: 'date-time' }),
  precision: StringEnum(PRECISIONS, { description: 'how exactly occurredAt is known; a day or hour is given as its start' }),
  headline: Type.String(),
  summary: Type.Optional(Type.String({ description: "in the service's own words" })),
  points: Type.Optional(Type.Array(Type.String(), { description: 'key points' })),
  importance: Type.Integer({ minimum: 0, maximum: 100 }),
  sourceName: Type.String(),
  sourceUrl: Type.String({ description: 'the original source' }),
  entities: Type.Array(EntityRef),
});

export interface EventRow {
  id: string;
  kind: (typeof EVENT_KINDS)[number];
  occurredAt: Date;
  precision: (typeof PRECISIONS)[number];
  headline: string;
  summary: string | null;
  points: string[];
  importance: number;
  sourceName: string;
  sourceUrl: string;
  entities: { type: string; key: string; label: string; path: string | null }[];
}

/** A stored story as the interface shows it: an EntityRef plus its fields (no empty summary or points). */
export function eventView(row: EventRow) {
  const id = Number(row.id);
  return {
    ...eventRef(id, row.headline),
    id,
    kind: row.kind,
    occurredAt: row.occurredAt.toISOString(),
    precision: row.precision,
    headline: row.headline,
    summary: row.summary ?? undefined,
    points: row.points.length ? row.points : undefined,
    importance: row.importance,
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    entities: row.entities,
  };
}

const KindList = (description: string) => Type.Optional(Type.String({ maxLength: 500, description }));

export function eventRoutes(db: () => Db, market: () => MarketState, answers: AnswerCache): Route[] {
  return [
    defineRoute({
      path: '/v1/events',
      summary: 'Sourced stories, newest or most important first',
      description:
        '`entity` takes comma-separated `type:key` pairs (instrument:BTC, company:apple, macro:us-cpi, sector:technology, ' +
        'project:company/project, person:slug); a story matches when it is linked to any of them, and `symbol` and `company` ' +
        'add one more. `q` is full text over headline and summary in web-search syntax: "quoted phrase", OR, -word.',
      tags: ['events'],
      auth: true,
      errors: ['bad_request', 'not_found'],
      query: Type.Object({
        entity: Type.Optional(Type.String({ maxLength: 500, description: 'comma-separated type:key pairs, any match' })),
        symbol: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'shortcut for entity=instrument:<symbol>' })),
        company: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'shortcut for entity=company:<slug>; a ticker names its company' })),
        kind: KindList('comma-separated event kinds'),
        excludeKind: KindList('comma-separated event kinds to leave out'),
        from: Type.Optional(Type.String({ maxLength: 40, pattern: DATE_OR_TIMESTAMP_PATTERN, description: 'YYYY-MM-DD or ISO timestamp' })),
        to: Type.Optional(Type.String({ maxLength: 40, pattern: DATE_OR_TIMESTAMP_PATTERN, description: 'YYYY-MM-DD (the whole day) or ISO timestamp' })),
        q: Type.Optional(Type.String({ maxLength: 200, description: 'full text, web-search syntax' })),
        minImportance: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 100 })),
        order: Type.Optional(StringEnum(['recent', 'important'] as const, { default: 'recent' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
        offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
      }),
      response: List(Event),
      handler: ({ query, serialize }) =>
        answers.answer(`/v1/events ${JSON.stringify(query)}`, serialize, async () => {
          const problems: ValidationDetail[] = [];
          const kind = kindList(query.kind, EVENT_KINDS, 'kind', problems);
          const excludeKind = kindList(query.excludeKind, EVENT_KINDS, 'excludeKind', problems);
          const window = parseWindow(query);
          problems.push(...window.problems);
          if (problems.length) throw validationError(problems);
          if (window.fromMs !== null && window.toMs !== null && window.fromMs >= window.toMs) throw new ApiError('bad_request', '`from` is after `to`');
          const entities = entityKeys([
            query.entity,
            query.symbol === undefined ? undefined : `instrument:${symbolKey(market(), query.symbol)}`,
            query.company === undefined ? undefined : `company:${companyKey(market(), query.company)}`,
          ]);
          const limit = query.limit ?? 30;
          const offset = query.offset ?? 0;
          const q = query.q?.trim() ? query.q : null;
          const rows = await db().rows<EventRow>('listEvents', [
            entities,
            kind,
            excludeKind,
            window.fromMs === null ? null : new Date(window.fromMs),
            window.toMs === null ? null : new Date(window.toMs),
            q,
            query.minImportance ?? null,
            query.order ?? 'recent',
            limit + 1,
            offset,
          ]);
          return { data: rows.slice(0, limit).map(eventView), page: { limit, offset, nextOffset: rows.length > limit ? offset + limit : null } };
        }),
    }),
  ];
}

/** A company slug, or the slug of the company whose ticker this is (`AAPL` names apple). */
function companyKey(state: MarketState, company: string): string {
  const i = state.find(company);
  return (i >= 0 && state.instruments[i]!.company) || company;
}

/** The symbol as stored (whatever its case), or a 404 naming it. */
function symbolKey(state: MarketState, symbol: string): string {
  return state.instruments[state.require(symbol)]!.symbol;
}
