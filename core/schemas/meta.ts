// What the service holds (counts, coverage, the dataset loaded) and every enumeration of the interface.
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { Coverage } from './market.js';

export const Dataset = Type.Object(
  { name: Type.String(), description: Type.String(), loadedAt: Type.String({ format: 'date-time' }) },
  { description: 'which dataset is loaded: demo data cites the reserved .example domain, never a real source' },
);
export type Dataset = Static<typeof Dataset>;

export const Meta = Type.Object({
  stats: Type.Record(Type.String(), Type.Number(), { description: 'row count per data table' }),
  coverage: Type.Object(Coverage.properties, { description: 'latest date (YYYY-MM-DD) or instant per dataset; null when it has no data' }),
  dataset: Nullable(Dataset),
  now: Type.String({ format: 'date-time' }),
  refreshedAt: Type.String({ format: 'date-time', description: 'when stats and coverage were last counted' }),
});
export type Meta = Static<typeof Meta>;

const StringList = Type.Array(Type.String());
export const Vocabulary = Type.Object({
  instrumentKinds: StringList,
  eventKinds: StringList,
  catalystKinds: StringList,
  projectStages: StringList,
  projectStatuses: StringList,
  milestoneStatuses: StringList,
  personKinds: StringList,
  form4Codes: Type.Array(Type.Object({ code: Type.String(), meaning: Type.String() })),
  searchTypes: StringList,
  briefTypes: StringList,
  candleIntervals: StringList,
  precisions: StringList,
  markets: StringList,
  venueOutReasons: StringList,
  macroCategories: StringList,
  macroDisplayModes: StringList,
  macroFrequencies: StringList,
  marketKinds: StringList,
  oddsStatuses: StringList,
  oddsIntervals: StringList,
  moveFloors: Type.Record(Type.String(), Type.Number(), {
    description: 'percent per instrument kind: a daily move above the floor is stored even when its z-score is below 2.5',
  }),
});
export type Vocabulary = Static<typeof Vocabulary>;
