// The market at a glance: the strip of every instrument, and the snapshot built around it.
import { type Static, Type } from '@sinclair/typebox';
import { COVERAGE_DATASETS } from '../datasets.js';
import { Catalyst } from './catalysts.js';
import { Nullable } from './common.js';
import { Event } from './events.js';
import { SummaryFields } from './instruments.js';
import { MacroDashboardRow } from './macro.js';
import { MarketStatus } from './market-status.js';
import { Move } from './moves.js';

/** Points of a strip item's sparkline: one per hour. */
export const SPARKLINE_POINTS = 24;
export const BIGGEST_MOVES = 10;
export const TOP_STORIES = 10;
export const TOP_STORIES_DAYS = 7;
export const CATALYST_DAYS = 7;

export const StripItem = Type.Object({
  ...SummaryFields,
  sparkline: Type.Array(Nullable(Type.Number()), {
    minItems: SPARKLINE_POINTS,
    maxItems: SPARKLINE_POINTS,
    description:
      'pooled close at the end of each of the last 24 UTC hours, oldest first; the last point is the live price',
  }),
});
export type StripItem = Static<typeof StripItem>;

/** How far each dataset runs: its latest date or instant, null when empty (as /v1/meta's coverage). */
export const Coverage = Type.Object(
  Object.fromEntries(COVERAGE_DATASETS.map((d) => [d.key, Nullable(Type.String())])),
  {
    description: 'how far each dataset runs: its latest date or instant, null when empty',
  },
);

export const MarketSnapshot = Type.Object({
  strip: Type.Array(StripItem),
  moves: Type.Object(
    { date: Nullable(Type.String({ format: 'date' })), moves: Type.Array(Move) },
    {
      description: `the latest day with moves and its ${BIGGEST_MOVES} most unusual, with causes and candidate stories`,
    },
  ),
  topStories: Type.Array(Event, {
    description: `stories of the last ${TOP_STORIES_DAYS} days by importance halved per 24 hours of age`,
  }),
  catalysts: Type.Array(Catalyst, {
    description: `catalysts expected in the next ${CATALYST_DAYS} days, soonest first`,
  }),
  macro: Type.Array(MacroDashboardRow, {
    description: "headline macro numbers: the dashboard's series that are stored (as /v1/macro/dashboard)",
  }),
  dataThrough: Coverage,
  marketStatus: Type.Object(MarketStatus.properties, {
    description: 'the US stock market now, as /v1/market/status with the next session',
  }),
});
export type MarketSnapshot = Static<typeof MarketSnapshot>;
