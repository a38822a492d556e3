// GET /v1/macro/{slug}: one series' definition, why it matters, latest, next release, release stories and observations.
import { Single } from '../../../core/schemas/common.js';
import { MacroParams, MacroSeries, MacroSeriesQuery } from '../../../core/schemas/macro.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const macroDetailRoute = defineRoute({
  path: '/v1/macro/:slug',
  summary:
    'One macro series: definition, why it matters, latest, next release, revisions, release stories, observations',
  description:
    "Named by its slug (us-cpi) or its source's id (CPIAUCSL), in any case. Each observation is its latest vintage, with " +
    'its first print when a later vintage revised it. `maxPoints` downsamples by min and max per bucket of time (the first ' +
    'and last observations and every extreme a chart would draw are kept).',
  tags: ['macro'],
  auth: true,
  errors: ['not_found'],
  params: MacroParams,
  query: MacroSeriesQuery,
  response: Single(MacroSeries),
  handler: ({ params, query, kept, caller }, { macro }) =>
    macro.detailKept(params.slug, query, caller).then((x) => kept(x, inData)),
});
