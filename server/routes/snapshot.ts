// GET /v1/market/snapshot: the market in one answer. The strip comes from hot state at every tick; the database part
// (the latest day's biggest moves, top stories, the week's catalysts, how far each dataset runs) is read at most once
// per refresh interval and shared by every request meanwhile.
import { Type } from '@sinclair/typebox';
import { COVERAGE_DATASETS } from '../../core/datasets.js';
import { Nullable, Single } from '../../core/schemas/common.js';
import { DAY_MS } from '../../core/time.js';
import type { Db } from '../db.js';
import { AnswerCache, every } from '../http/answer-cache.js';
import { defineRoute, type RawJson, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';
import type { MetaCache } from '../meta.js';
import { Catalyst, catalystView, type CatalystRow } from './catalysts.js';
import { Event, eventView, type EventRow } from './events.js';
import { StripItem, stripItems } from './market.js';
import { Move, moveViews, type MoveRow } from './moves.js';

const BIGGEST_MOVES = 10;
const TOP_STORIES = 10;
const TOP_STORIES_DAYS = 7;
const CATALYST_DAYS = 7;

const Snapshot = Type.Object({
  strip: Type.Array(StripItem),
  moves: Type.Object(
    { date: Nullable(Type.String({ format: 'date' })), moves: Type.Array(Move) },
    { description: `the latest day with moves and its ${BIGGEST_MOVES} most unusual, with causes and candidate stories` },
  ),
  topStories: Type.Array(Event, { description: `stories of the last ${TOP_STORIES_DAYS} days by importance halved per 24 hours of age` }),
  catalysts: Type.Array(Catalyst, { description: `catalysts expected in the next ${CATALYST_DAYS} days, soonest first` }),
  macro: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'headline macro numbers; empty until macro series are loaded' }),
  dataThrough: Type.Object(Object.fromEntries(COVERAGE_DATASETS.map((d) => [d.key, Nullable(Type.String())])), {
    description: 'how far each dataset runs: its latest date or instant, null when empty',
  }),
});

export function snapshotRoutes(db: () => Db, market: () => MarketState, meta: MetaCache, refreshMs: number): Route[] {
  const stored = new AnswerCache<Awaited<ReturnType<typeof readStored>>>(1, every(refreshMs));
  /** The last answer, valid while neither the hot state nor the stored part has changed. */
  let last: { version: number; part: unknown; body: RawJson } | null = null;
  return [
    defineRoute({
      path: '/v1/market/snapshot',
      summary: "The market at a glance: strip, the latest day's biggest moves with causes, top stories, the week's catalysts, data coverage",
      tags: ['market'],
      auth: true,
      response: Single(Snapshot),
      handler: async ({ serialize }) => {
        const part = await stored.get('snapshot', () => readStored(db(), market()));
        const { coverage } = await meta.get();
        const s = market();
        if (last?.version !== s.version || last.part !== part) {
          const body = serialize({ data: { strip: stripItems(s, Date.now()), ...part, macro: [], dataThrough: coverage } });
          last = { version: s.version, part, body };
        }
        return last.body;
      },
    }),
  ];
}

async function readStored(db: Db, state: MarketState) {
  const now = Date.now();
  const [latest] = await db.rows<{ date: string | null }>('latestMoveDate');
  const date = latest?.date ?? null;
  const [moveRows, stories, catalysts] = await Promise.all([
    date ? db.rows<MoveRow>('listMoves', [null, date, null, null, null, null, BIGGEST_MOVES, 0]) : Promise.resolve([]),
    db.rows<EventRow>('topStories', [TOP_STORIES_DAYS, TOP_STORIES]),
    db.rows<CatalystRow>('listCatalysts', [null, null, new Date(now), new Date(now + CATALYST_DAYS * DAY_MS), 200, 0]),
  ]);
  return {
    moves: { date, moves: await moveViews(db, state, moveRows, true) },
    topStories: stories.map(eventView),
    catalysts: catalysts.map(catalystView),
  };
}
