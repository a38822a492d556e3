// What the service holds (counts, coverage, the dataset loaded) and every enumeration of the interface.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { Coverage } from './market.js';

export const Dataset = Type.Object(
  {
    name: Type.Union([Type.Literal('demo'), Type.Literal('real'), Type.Literal('mixed')], {
      description:
        'demo: the seeded demo universe, citing the reserved .example domain; real: data from real sources, each record citing its own; ' +
        'mixed: both, because the operator asked for both (an import with --mix, or the demo run beside real sources)',
    }),
    description: Type.String(),
    loadedAt: Type.String({
      format: 'date-time',
      description: 'when the first writer of this dataset wrote into the database',
    }),
  },
  {
    description:
      "which world the database holds: a database holds the demo or real data, never both unless asked to. The demo's data is generated, not real, and every address it cites (sourceUrl) is on the reserved .example domain; a demo record's `source` names the format it was generated in (fred, kalshi, polymarket, sec)",
  },
);
export type Dataset = Static<typeof Dataset>;

export const SourceStatus = Type.Object(
  {
    name: Type.String({
      description:
        "the source: a venue market (binance-spot, okx-perp), a polled source (rss: the news feeds; calendar, fred, kalshi, polymarket, sec), or the demo's simulated venue markets (demo-atlas-spot) and its newswire (demo-newswire)",
    }),
    kind: Type.Union([
      Type.Literal('venue'),
      Type.Literal('news'),
      Type.Literal('calendar'),
      Type.Literal('macro'),
      Type.Literal('odds'),
      Type.Literal('filings'),
    ]),
    state: Type.Union([Type.Literal('live'), Type.Literal('stale'), Type.Literal('down'), Type.Literal('off')], {
      description:
        'live: receiving; stale: connected but silent for longer than its limit (a venue: POOL_STALE_S; a polled source: two rounds); down: not connected, never connected since start, or its last round failed (retrying); off: configured but not running (a credential missing)',
    }),
    lastMessageAt: Nullable(Type.String({ format: 'date-time', description: 'when its last message arrived' })),
    lagMs: Nullable(
      Type.Integer({ description: "arrival time minus the source's own time of its last message's data" }),
    ),
    connections: Type.Integer({
      description: 'connections open now (a polled source: 1 while its last round succeeded)',
    }),
    messages: Type.Integer({
      description:
        'messages received since start (a polled source: rounds that succeeded; the demo newswire: stories published)',
    }),
    reconnects: Type.Integer({ description: 'reconnections since start' }),
    errors: Type.Integer({ description: 'malformed messages or items skipped and failed requests since start' }),
  },
  { description: 'how fresh one live source is' },
);
export type SourceStatus = Static<typeof SourceStatus>;

export const ClusterNode = Type.Object(
  {
    id: Type.String({ description: 'the node id (TAPEWIRE_NODE), as in the X-Tapewire-Node header of its answers' }),
    role: Type.Union([Type.Literal('ingest'), Type.Literal('api')]),
    pid: Type.Integer(),
    leader: Type.Boolean({
      description: 'whether this node leads ingest (holds the lease); a standby ingest does not',
    }),
    lastSeen: Type.String({ format: 'date-time', description: "the node's last heartbeat (one a second)" }),
  },
  { description: 'one process of a scale-out' },
);
export type ClusterNode = Static<typeof ClusterNode>;

export const Meta = Type.Object({
  stats: Type.Record(Type.String(), Type.Number(), { description: 'row count per data table' }),
  coverage: Type.Object(Coverage.properties, {
    description: 'latest date (YYYY-MM-DD) or instant per dataset; null when it has no data',
  }),
  dataset: Nullable(Dataset),
  now: Type.String({ format: 'date-time' }),
  refreshedAt: Type.String({ format: 'date-time', description: 'when stats and coverage were last counted' }),
  sources: Type.Array(SourceStatus, {
    description:
      "the live-data health, as of now: every source this server runs or is configured to run, in every mode (the demo's simulated venues and newswire, the venues of TAPEWIRE_SOURCES, each polled source); /ready says only whether the database serves",
  }),
  cluster: Type.Optional(
    Type.Object(
      { nodes: Type.Array(ClusterNode) },
      {
        description:
          'present on a scale-out (TAPEWIRE_ROLE=ingest|api): every node seen in the last 10 s, the one answering included',
      },
    ),
  ),
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
    description:
      'percent per instrument kind: a daily move above the floor is stored even when its z-score is below 2.5',
  }),
});
export type Vocabulary = Static<typeof Vocabulary>;
