// get_derivatives: funding and open interest history, as /v1/instruments/{symbol}/derivatives, the oldest days and
// hours left out first when it would be too large.
import { oldestAcross, type Trim } from '../../../core/fit.js';
import { derivativesRequest } from '../../../core/requests/derivatives.js';
import { Derivatives, DerivativesParams, DerivativesQuery } from '../../../core/schemas/derivatives.js';
import { Args, defineTool, ToolSingle } from '../tool.js';

/** Each venue's hours: the oldest of all venues left out first. */
const oldestHours = oldestAcross<Derivatives>(
  'perVenue hourly series (the latest hours kept)',
  'pass a later from, or leave perVenue out for the daily series',
  (d) => (d.perVenue ?? []).map((v) => v.hourly),
  (d, kept) => ({
    ...d,
    perVenue: d.perVenue?.map((venue, v) => ({ ...venue, hourly: venue.hourly.slice(venue.hourly.length - kept[v]!) })),
  }),
);

const oldestDays: Trim<Derivatives> = {
  what: 'daily series (the latest days kept)',
  more: 'pass a later from',
  items: (d) => [...d.daily].reverse(),
  keep: (d, n) => ({ ...d, daily: d.daily.slice(d.daily.length - n) }),
};

export const getDerivatives = defineTool({
  name: 'get_derivatives',
  title: 'Funding and open interest',
  description:
    'Perpetual futures data of one instrument: the current open-interest-weighted funding per 8 hours and total open ' +
    'interest, and per UTC day since `from` (default 2026-01-01) the funding (in percent: 0.01 = 0.01%) and the ' +
    "open interest in USD. perVenue=true adds each venue's hourly series (large: the oldest hours are left out first " +
    'when it does not fit, as `notice` says). An instrument without perpetuals has empty series.',
  input: Args(DerivativesParams, DerivativesQuery),
  output: ToolSingle(Derivatives),
  run: async ({ symbol, ...query }, { services, caller }) => ({
    data: await services.derivatives.get(symbol, derivativesRequest(query), caller),
  }),
  trims: [oldestHours, oldestDays],
});
