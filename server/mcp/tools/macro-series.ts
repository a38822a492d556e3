// get_macro_series: one macro series, as /v1/macro/{slug}, its observations downsampled to at most MAX_POINTS (min and
// max per bucket of time, as the route's maxPoints) so that a long daily series stays readable and small.
import { cutTail } from '../../../core/fit.js';
import { macroRequest } from '../../../core/requests/macro.js';
import { MacroParams, MacroSeries, MacroSeriesQuery } from '../../../core/schemas/macro.js';
import { Args, defineTool, ToolSingle } from '../tool.js';

/** Observations an answer holds at most: about 55 characters each, a quarter of the answer size at most. */
const MAX_POINTS = 400;

export const getMacroSeries = defineTool({
  name: 'get_macro_series',
  title: 'Macro series',
  description:
    'One macro series (us-cpi, fed-funds-rate, us-unemployment, us-10y-yield, ...; or its FRED id such as CPIAUCSL): what ' +
    'it measures and why it matters, its latest value with the change from the period before and from a year before ' +
    "(`headline` is the number its displayMode shows), its next release, revised first prints, its recent release " +
    'stories (each with id and sourceUrl), upcoming releases, open prediction markets on it, and observations oldest ' +
    `first (each its latest vintage, with firstPrint when revised). from (YYYY-MM-DD) starts the observations later; ` +
    `they are downsampled to maxPoints, at most ${MAX_POINTS} (default ${MAX_POINTS}; min and max per bucket of time ` +
    'kept, so every peak and trough shows): ask a later from for every point. Cite the series by its sourceUrl. ' +
    'get_macro_dashboard lists the headline series; search with type=macro finds a slug.',
  input: Args(MacroParams, MacroSeriesQuery),
  output: ToolSingle(MacroSeries),
  run: async ({ slug, ...query }, { services, caller }) => {
    const maxPoints = Math.min(query.maxPoints ?? MAX_POINTS, MAX_POINTS);
    const series = await services.macro.detail(slug, macroRequest({ ...query, maxPoints }), caller);
    if (!series.downsampled) return { data: series };
    const notice =
      `${series.observationCount} observations downsampled to ${series.observations.length} (the lowest and highest of each ` +
      'bucket of time kept): pass a later from for every observation of a shorter span.';
    return { data: series, notice };
  },
  trims: [cutTail<MacroSeries>('markets', 'markets', 'get_prediction_markets with entity=macro:<slug>'),
      cutTail<MacroSeries>('releaseStories', 'releaseStories', 'get_news with entity=macro:<slug>')],
});
