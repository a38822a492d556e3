// GET /v1/meta (counts, coverage, loaded dataset) and GET /v1/meta/vocabulary (every enumeration of the interface).
import { Type } from '@sinclair/typebox';
import { COVERAGE_DATASETS } from '../../core/datasets.js';
import { Nullable, Single } from '../../core/schemas/common.js';
import {
  BRIEF_TYPES, CANDLE_INTERVALS, CATALYST_KINDS, EVENT_KINDS, FORM4_CODES, INSTRUMENT_KINDS, MARKETS,
  MILESTONE_STATUSES, PRECISIONS, PROJECT_STAGES, SEARCH_TYPES, VENUE_OUT_REASONS, type InstrumentKind,
} from '../../core/vocabulary.js';
import { defineRoute, type Route } from '../http/router.js';
import type { MetaCache, MetaSnapshot } from '../meta.js';

const Meta = Type.Object({
  stats: Type.Record(Type.String(), Type.Number(), { description: 'row count per data table' }),
  coverage: Type.Object(
    Object.fromEntries(COVERAGE_DATASETS.map((d) => [d.key, Nullable(Type.String())])),
    { description: 'latest date (YYYY-MM-DD) or instant per dataset; null when it has no data' },
  ),
  dataset: Nullable(
    Type.Object(
      { name: Type.String(), description: Type.String(), loadedAt: Type.String({ format: 'date-time' }) },
      { description: 'which dataset is loaded: demo data cites the reserved .example domain, never a real source' },
    ),
  ),
  now: Type.String({ format: 'date-time' }),
  refreshedAt: Type.String({ format: 'date-time', description: 'when stats and coverage were last counted' }),
});

const StringList = Type.Array(Type.String());
const Vocabulary = Type.Object({
  instrumentKinds: StringList,
  eventKinds: StringList,
  catalystKinds: StringList,
  projectStages: StringList,
  milestoneStatuses: StringList,
  form4Codes: Type.Array(Type.Object({ code: Type.String(), meaning: Type.String() })),
  searchTypes: StringList,
  briefTypes: StringList,
  candleIntervals: StringList,
  precisions: StringList,
  markets: StringList,
  venueOutReasons: StringList,
  moveFloors: Type.Record(Type.String(), Type.Number(), {
    description: 'percent per instrument kind: a daily move above the floor is stored even when its z-score is below 2.5',
  }),
});

export function metaRoutes(meta: MetaCache, moveFloors: Record<InstrumentKind, number>): Route[] {
  const vocabulary = {
    data: {
      instrumentKinds: [...INSTRUMENT_KINDS],
      eventKinds: [...EVENT_KINDS],
      catalystKinds: [...CATALYST_KINDS],
      projectStages: [...PROJECT_STAGES],
      milestoneStatuses: [...MILESTONE_STATUSES],
      form4Codes: Object.entries(FORM4_CODES).map(([code, meaning]) => ({ code, meaning })),
      searchTypes: [...SEARCH_TYPES],
      briefTypes: [...BRIEF_TYPES],
      candleIntervals: [...CANDLE_INTERVALS],
      precisions: [...PRECISIONS],
      markets: [...MARKETS],
      venueOutReasons: [...VENUE_OUT_REASONS],
      moveFloors,
    },
  };
  return [
    defineRoute({
      path: '/v1/meta',
      summary: 'Row counts, latest date per dataset, and which dataset is loaded',
      tags: ['meta'],
      auth: true,
      response: Single(Meta),
      handler: () => {
        const answer = (s: MetaSnapshot) => ({ data: { ...s, now: new Date().toISOString() } });
        const s = meta.get();
        return s instanceof Promise ? s.then(answer) : answer(s);
      },
    }),
    defineRoute({
      path: '/v1/meta/vocabulary',
      summary: 'Every enumeration used in filters and fields',
      tags: ['meta'],
      auth: true,
      response: Single(Vocabulary),
      handler: () => vocabulary,
    }),
  ];
}
