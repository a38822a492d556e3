// GET /v1/events/{id}: one story with the moves it caused, the filing behind it, and related stories.
import { Type } from '@sinclair/typebox';
import { notFound } from '../../core/errors.js';
import { Nullable, Single } from '../../core/schemas/common.js';
import type { Db } from '../db.js';
import type { AnswerCache } from '../http/answer-cache.js';
import { defineRoute, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';
import { Event, eventView, type EventRow } from './events.js';
import { Move, moveViews, type MoveRow } from './moves.js';

/** Related stories shown with a story: those sharing an entity with it within 45 days, most important first. */
const RELATED = 10;

const EventDetail = Type.Object({
  ...Event.properties,
  causedMoves: Type.Array(Move, { description: 'the unusual moves this story is a confirmed cause of, newest first' }),
  filing: Nullable(Type.Object({}, { additionalProperties: true, description: 'the regulator filing behind the story; null until filings are loaded' })),
  relatedStories: Type.Array(Event, { description: `stories sharing an entity with it within 45 days, most important first (at most ${RELATED})` }),
});

export function eventDetailRoutes(db: () => Db, market: () => MarketState, answers: AnswerCache): Route[] {
  return [
    defineRoute({
      path: '/v1/events/:id',
      summary: 'One story: its summary, key points and entities, the moves it caused, the filing behind it, related stories',
      tags: ['events'],
      auth: true,
      errors: ['not_found'],
      params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
      response: Single(EventDetail),
      handler: ({ params, serialize }) =>
        answers.answer(`/v1/events/${params.id}`, serialize, async () => {
          const [row] = await db().rows<EventRow>('eventsByIds', [[params.id]]);
          if (!row) throw notFound(`Event ${params.id}`);
          const [moves, related] = await Promise.all([
            db().rows<MoveRow>('movesOfEvent', [params.id]),
            db().rows<{ id: string }>('relatedEvents', [params.id, RELATED]),
          ]);
          const relatedRows = related.length ? await db().rows<EventRow>('eventsByIds', [related.map((r) => r.id)]) : [];
          const byId = new Map(relatedRows.map((r) => [r.id, eventView(r)]));
          return {
            data: {
              ...eventView(row),
              causedMoves: await moveViews(db(), market(), moves, false),
              filing: null,
              relatedStories: related.map((r) => byId.get(r.id)!),
            },
          };
        }),
    }),
  ];
}
