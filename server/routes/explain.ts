// GET /v1/moves/explain: everything around one instrument's move on one day, for a reader or an LLM to explain it from
// the data: the move and its causes, the stories around it, that day's macro news, the other movers, the closes.
import { Type } from '@sinclair/typebox';
import { notFound, validationError } from '../../core/errors.js';
import { instrumentRef } from '../../core/refs.js';
import { EntityRef, Nullable, Single } from '../../core/schemas/common.js';
import { DAY_MS, parseInstant } from '../../core/time.js';
import type { Db } from '../db.js';
import type { AnswerCache } from '../http/answer-cache.js';
import { defineRoute, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';
import { Event, eventView, type EventRow } from './events.js';
import { Move, moveViews, type MoveRow } from './moves.js';

/** Stories about the instrument or its company from this many days before the move to the day after. */
const STORIES_DAYS_BEFORE = 3;
const STORIES = 20;
const OTHER_MOVERS = 10;
/** Daily closes shown on each side of the date. */
const CLOSES_AROUND = 10;

const Explain = Type.Object({
  instrument: EntityRef,
  date: Type.String({ format: 'date' }),
  move: Nullable(Move),
  storiesAround: Type.Array(Event, { description: `stories about the instrument or its company from ${STORIES_DAYS_BEFORE} days before to the day after, most important first` }),
  macroThatDay: Type.Array(Event, { description: 'macro releases and rate decisions of that UTC day' }),
  otherMovers: Type.Array(Move, { description: `the other instruments' moves that day, most unusual first (at most ${OTHER_MOVERS})` }),
  closes: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), close: Type.Number() }), {
    description: `pooled daily closes from ${CLOSES_AROUND} days before to ${CLOSES_AROUND} days after`,
  }),
});

export function explainRoutes(db: () => Db, market: () => MarketState, answers: AnswerCache): Route[] {
  return [
    defineRoute({
      path: '/v1/moves/explain',
      summary: "One instrument's move on one day with its causes, the stories around it, macro news, other movers and closes",
      tags: ['moves'],
      auth: true,
      errors: ['not_found'],
      query: Type.Object({
        symbol: Type.String({ minLength: 1, maxLength: 20 }),
        date: Type.Optional(Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD; default the latest move' })),
      }),
      response: Single(Explain),
      handler: ({ query, serialize }) =>
        answers.answer(`/v1/moves/explain ${JSON.stringify(query)}`, serialize, async () => {
          const state = market();
          const i = state.require(query.symbol);
          const inst = state.instruments[i]!;
          const given = query.date === undefined ? null : parseInstant(query.date);
          if (query.date !== undefined && !given) throw validationError([{ in: 'query', param: 'date', message: 'is not a valid date' }]);
          const moveOn = (date: string | null, limit: number) => db().rows<MoveRow>('listMoves', [inst.id, date, null, null, null, null, limit, 0]);
          let date = given ? new Date(given.ms).toISOString().slice(0, 10) : null;
          const [found] = await moveOn(date, 1);
          if (!date && !found) throw notFound(`Moves of ${inst.symbol}`);
          date ??= found!.date;
          const dayMs = Date.parse(date);
          const keys = [`instrument:${inst.symbol.toLowerCase()}`, ...(inst.company ? [`company:${inst.company}`] : [])];
          const events = (params: unknown[]) => db().rows<EventRow>('listEvents', params);
          const [stories, macro, others] = await Promise.all([
            events([keys, null, null, new Date(dayMs - STORIES_DAYS_BEFORE * DAY_MS), new Date(dayMs + 2 * DAY_MS), null, null, 'important', STORIES, 0]),
            events([null, ['macro_release', 'policy_decision'], null, new Date(dayMs), new Date(dayMs + DAY_MS), null, null, 'important', 50, 0]),
            db().rows<MoveRow>('listMoves', [null, date, null, null, null, null, OTHER_MOVERS + 1, 0]),
          ]);
          // Null when the day was not unusual for this instrument.
          const move = found && found.date === date ? (await moveViews(db(), state, [found], true))[0]! : null;
          const otherMovers = await moveViews(db(), state, others.filter((m) => m.instrumentId !== inst.id).slice(0, OTHER_MOVERS), false);
          return {
            data: {
              instrument: instrumentRef(inst),
              date,
              move,
              storiesAround: stories.map(eventView),
              macroThatDay: macro.map(eventView),
              otherMovers,
              closes: closesAround(state, i, dayMs),
            },
          };
        }),
    }),
  ];
}

/** The held daily closes of instrument `i` within CLOSES_AROUND days of `dayMs`. */
function closesAround(state: MarketState, i: number, dayMs: number) {
  const ring = state.candles['1d'].ring;
  const out = [];
  for (let p = ring.lowerBound(i, dayMs - CLOSES_AROUND * DAY_MS); p < ring.size(i); p++) {
    const slot = ring.slot(i, p);
    if (ring.ts[slot]! > dayMs + CLOSES_AROUND * DAY_MS) break;
    out.push({ date: new Date(ring.ts[slot]!).toISOString().slice(0, 10), close: ring.close[slot]! });
  }
  return out;
}
