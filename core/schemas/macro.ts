// Macro series: every series with its numbers, the dashboard's headline rows, one series with its observations (first
// print and revisions visible), and the queries of them.
import { type Static, Type } from '@sinclair/typebox';
import { MACRO_CATEGORIES, MACRO_DISPLAY_MODES, MACRO_FREQUENCIES } from '../vocabulary.js';
import { Catalyst } from './catalysts.js';
import { Nullable, StringEnum } from './common.js';
import { Event } from './events.js';
import { PredictionMarket } from './odds.js';

/** Revised dates shown with a series, the most recent first. */
export const REVISIONS_SHOWN = 12;
/** Release stories shown with a series. */
export const RELEASE_STORIES = 10;
/** Open markets on a series shown with it. */
export const SERIES_MARKETS = 10;

const Text = (description?: string) => Nullable(Type.String(description ? { description } : {}));
const Day = (description?: string) => Type.String({ format: 'date', ...(description ? { description } : {}) });

const DatedValue = Type.Object({ date: Day('the first day of the period'), value: Type.Number() });

export const NextRelease = Type.Object(
  {
    date: Day(),
    expectedAt: Nullable(
      Type.String({ format: 'date-time', description: 'the exact time, when a scheduled catalyst gives it' }),
    ),
    name: Text('the release, or the catalyst that announces it'),
    catalystId: Nullable(
      Type.Integer({ description: 'the catalyst of the release, when there is one (/v1/catalysts)' }),
    ),
  },
  {
    description:
      "the series' next publication: the first date ahead on its release calendar, or its next scheduled catalyst",
  },
);

const SeriesFields = {
  type: Type.Literal('macro'),
  key: Type.String({ description: 'the slug' }),
  label: Type.String({ description: 'the name' }),
  path: Nullable(Type.String()),
  slug: Type.String(),
  name: Type.String(),
  category: StringEnum(MACRO_CATEGORIES),
  source: Type.String({ description: 'where the observations come from (fred)' }),
  sourceId: Type.String({ description: "the source's own id for the series (FRED's CPIAUCSL)" }),
  units: Text(),
  frequency: StringEnum(MACRO_FREQUENCIES),
  seasonalAdjustment: Text('SA, NSA or SAAR'),
  displayMode: StringEnum(MACRO_DISPLAY_MODES, {
    description:
      'which number it is shown by: level or rate (the latest value), change (from the period before), pct_change_mom, pct_change_yoy (percent)',
  }),
};

/** The numbers of a series' latest observation: what every list of series shows. */
const NumberFields = {
  latest: Nullable({ ...DatedValue, description: 'the latest observation with a value, in its latest vintage' }),
  change: Nullable(Type.Number({ description: 'from the period before, in the units (percentage points for a rate)' })),
  changePct: Nullable(
    Type.Number({
      description:
        'percent change from the period before; null for a series in percent (a rate), whose `change` is in percentage points',
    }),
  ),
  yoyChange: Nullable(Type.Number({ description: 'from a year before, in the units (percentage points for a rate)' })),
  yoyPct: Nullable(
    Type.Number({
      description:
        'percent change from a year before; null for a series in percent, whose `yoyChange` is in percentage points',
    }),
  ),
  headline: Nullable(
    Type.Number({
      description: 'the number the display mode shows: the latest value, the change, or a percent change',
    }),
  ),
};

export const MacroSeriesSummary = Type.Object({ ...SeriesFields, ...NumberFields });
export type MacroSeriesSummary = Static<typeof MacroSeriesSummary>;

export const MacroDashboardRow = Type.Object({
  ...SeriesFields,
  latest: NumberFields.latest,
  change: NumberFields.change,
  headline: NumberFields.headline,
  nextRelease: Nullable(NextRelease),
});
export type MacroDashboardRow = Static<typeof MacroDashboardRow>;

export const MacroObservation = Type.Object({
  date: Day('the first day of the period'),
  value: Nullable(Type.Number({ description: 'in its latest vintage; null: missing (never zero)' })),
  firstPrint: Nullable(
    Type.Number({ description: 'the value first published, when a later vintage revised it; null when not revised' }),
  ),
});
export type MacroObservation = Static<typeof MacroObservation>;

export const Revision = Type.Object({
  date: Day('the period revised'),
  firstPrint: Type.Number(),
  firstPrintedOn: Nullable(Day('when the first print was published (its vintage)')),
  value: Nullable(Type.Number({ description: 'the latest value' })),
  revisedOn: Nullable(Day('when the latest value was published')),
});

export const MacroSeries = Type.Object({
  ...SeriesFields,
  ...NumberFields,
  unitsShort: Text('the units, abbreviated by the source (%, Thous. of Persons)'),
  sourceTitle: Text("the source's own title"),
  sourceUrl: Text(
    "the series' page at its source, what to cite: FRED's for a real FRED series; on the demo, the demo's own under the reserved .example domain",
  ),
  whyItMatters: Text("in the service's own words"),
  release: Nullable(
    Type.Object(
      {
        id: Type.String({ description: "the source's release id" }),
        name: Text(),
        schedule: Text('when it usually comes out'),
      },
      { description: 'the release that publishes it' },
    ),
  ),
  nextRelease: Nullable(NextRelease),
  lastUpdated: Nullable(Type.String({ format: 'date-time', description: 'when the source last changed the series' })),
  revisions: Type.Array(Revision, {
    description: `the ${REVISIONS_SHOWN} most recent periods whose first print was revised, newest first`,
  }),
  releaseStories: Type.Array(Event, {
    description: `its ${RELEASE_STORIES} most recent release stories (/v1/events?entity=macro:<slug>)`,
  }),
  catalysts: Type.Array(Catalyst, { description: 'its scheduled releases ahead' }),
  markets: Type.Array(PredictionMarket, {
    description: `open prediction markets on it, most traded first (at most ${SERIES_MARKETS})`,
  }),
  availableFrom: Nullable(
    Type.String({ format: 'date', description: 'the date of the first observation held; null when none is' }),
  ),
  notice: Type.Optional(
    Type.String({
      description: 'present when `from` is before availableFrom: the observations start later than asked',
    }),
  ),
  observationCount: Type.Integer({ description: 'observations from `from` on, before any downsampling' }),
  downsampled: Type.Boolean({
    description: 'true when the observations were cut to maxPoints (min and max of each bucket of time kept)',
  }),
  observations: Type.Array(MacroObservation, { description: 'oldest first' }),
});
export type MacroSeries = Static<typeof MacroSeries>;

export const MacroParams = Type.Object({
  slug: Type.String({
    minLength: 1,
    maxLength: 120,
    description: "the slug, or the source's series id (CPIAUCSL), any case",
  }),
});

export const MacroSeriesQuery = Type.Object({
  from: Type.Optional(
    Type.String({
      maxLength: 10,
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'YYYY-MM-DD: observations from this date on (default all)',
    }),
  ),
  maxPoints: Type.Optional(
    Type.Integer({
      minimum: 10,
      maximum: 100_000,
      description: 'downsample to at most this many observations (default: all of them)',
    }),
  ),
});
export type MacroSeriesQuery = Static<typeof MacroSeriesQuery>;
