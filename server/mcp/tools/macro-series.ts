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
    'One macro series (us-cpi, fed-funds-rate, us-unemployment, us-10y-yield; or a FRED id such as CPIAUCSL): why it ' +
    'matters, its latest value, the change from the period before and a year before (a rate in percentage points), ' +
    '`headline` (what its displayMode shows), next release, revisions, release stories, upcoming releases, open markets ' +
    `on it, and observations oldest first (firstPrint when revised). from (YYYY-MM-DD) starts them later; at most ` +
    `maxPoints (default and most ${MAX_POINTS}; min and max per bucket kept). Cite its sourceUrl; search type=macro finds a slug.`,
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
  trims: [
    cutTail<MacroSeries>('markets', 'markets', 'get_prediction_markets with entity=macro:<slug>'),
    cutTail<MacroSeries>('releaseStories', 'releaseStories', 'get_news with entity=macro:<slug>'),
  ],
});
