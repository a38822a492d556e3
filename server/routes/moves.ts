// GET /v1/moves: unusual daily moves of the pooled price, each with the stories that caused it and candidate stories.
import { Type } from '@sinclair/typebox';
import { validationError } from '../../core/errors.js';
import { instrumentRef, moveRef } from '../../core/refs.js';
import { EntityRef, List, Nullable } from '../../core/schemas/common.js';
import { parseInstant, parseWindow } from '../../core/time.js';
import type { Db } from '../db.js';
import type { AnswerCache } from '../http/answer-cache.js';
import { defineRoute, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';
import { Event, eventView, type EventRow } from './events.js';

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
  zScore: Nullable(Type.Number({ description: '|pct| / standard deviation of the previous 60 daily pcts; null with fewer than 20' })),
  explanation: Nullable(Type.String({ description: 'built from the numbers and the causes (with their event ids) only; null without a cause' })),
  causes: Type.Array(Event, { description: 'confirmed causes' }),
  candidateStories: Type.Optional(Type.Array(Event, { description: 'important stories about it that day or the day before, not confirmed' })),
});

export interface MoveRow {
  id: string;
  instrumentId: number;
  date: string;
  fromPrice: number;
  toPrice: number;
  pct: number;
  zScore: number | null;
  explanation: string | null;
  causes: string[];
  candidates: string[];
}

/** Moves as the interface shows them, their stories read in one query; `candidates` adds candidateStories. */
export async function moveViews(db: Db, state: MarketState, rows: MoveRow[], candidates: boolean) {
  const ids = [...new Set(rows.flatMap((r) => [...r.causes, ...(candidates ? r.candidates : [])]))];
  const events = ids.length ? await db.rows<EventRow>('eventsByIds', [ids]) : [];
  const byId = new Map(events.map((e) => [e.id, eventView(e)]));
  const byInstrument = new Map(state.instruments.map((i) => [i.id, i]));
  return rows.map((r) => {
    const inst = byInstrument.get(r.instrumentId)!;
    return {
      ...moveRef(inst.symbol, r.date, r.pct),
      id: Number(r.id),
      instrument: instrumentRef(inst),
      date: r.date,
      fromPrice: r.fromPrice,
      toPrice: r.toPrice,
      pct: r.pct,
      zScore: r.zScore,
      explanation: r.explanation,
      causes: r.causes.map((id) => byId.get(id)!),
      candidateStories: candidates ? r.candidates.map((id) => byId.get(id)!) : undefined,
    };
  });
}

const DateOnly = (description: string) => Type.Optional(Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}$', description }));

export function moveRoutes(db: () => Db, market: () => MarketState, answers: AnswerCache): Route[] {
  return [
    defineRoute({
      path: '/v1/moves',
      summary: 'Unusual daily moves with their causes: on one date the most unusual first, else the newest first',
      description:
        'A move is a UTC day whose close-to-close change of the pooled price reaches a zScore of 2.5, or the floor of its ' +
        "instrument's kind (see /v1/meta/vocabulary). Causes are stories of that day about the instrument or its company, " +
        'or surprising macro releases and rate decisions for macro-sensitive instruments; candidate stories are the other ' +
        'important stories about it that day or the day before.',
      tags: ['moves'],
      auth: true,
      errors: ['not_found'],
      query: Type.Object({
        symbol: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
        date: DateOnly('one UTC day: its moves, most unusual first'),
        from: DateOnly('first day, YYYY-MM-DD'),
        to: DateOnly('last day (included), YYYY-MM-DD'),
        minPct: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10_000, description: 'least absolute change, percent; null: any' }))),
        minZ: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1000, description: 'least zScore; null or 0: any, including moves whose zScore is null' }))),
        candidates: Type.Optional(Type.Boolean({ default: true, description: 'include candidateStories on moves without a cause' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 30 })),
        offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
      }),
      response: List(Move),
      handler: ({ query, serialize }) =>
        answers.answer(`/v1/moves ${JSON.stringify(query)}`, serialize, async () => {
          const state = market();
          // Days, `to` included: parseWindow reads a date as `to` as its whole day.
          const window = parseWindow(query);
          const date = query.date === undefined ? null : parseInstant(query.date);
          if (query.date !== undefined && !date) window.problems.push({ in: 'query', param: 'date', message: 'is not a valid date' });
          if (window.fromMs !== null && window.toMs !== null && window.fromMs >= window.toMs) window.problems.push({ in: 'query', param: 'from', message: 'is after `to`' });
          if (window.problems.length) throw validationError(window.problems);
          const i = query.symbol === undefined ? null : state.require(query.symbol);
          const limit = query.limit ?? 30;
          const offset = query.offset ?? 0;
          const day = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));
          const rows = await db().rows<MoveRow>('listMoves', [
            i === null ? null : state.instruments[i]!.id,
            day(date && date.ms),
            day(window.fromMs),
            day(window.toMs),
            query.minPct ?? null,
            query.minZ ?? null,
            limit + 1,
            offset,
          ]);
          const data = await moveViews(db(), state, rows.slice(0, limit), query.candidates ?? true);
          return { data, page: { limit, offset, nextOffset: rows.length > limit ? offset + limit : null } };
        }),
    }),
  ];
}
