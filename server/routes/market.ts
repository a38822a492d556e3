// GET /v1/market/strip: every instrument's pooled price, change since the previous UTC close and a 24-point hourly
// sparkline, all from hot state (the hourly candles in memory), for dashboards that poll it.
import { Type } from '@sinclair/typebox';
import { finiteOrNull } from '../../core/kernels/pool.js';
import { List, Nullable, wholeList } from '../../core/schemas/common.js';
import { HOUR_MS } from '../../core/time.js';
import { defineRoute, type Route } from '../http/router.js';
import type { MarketState } from '../market/state.js';
import { instrumentSummary, SummaryFields } from './instruments.js';

const POINTS = 24;

export const StripItem = Type.Object({
  ...SummaryFields,
  sparkline: Type.Array(Nullable(Type.Number()), {
    minItems: POINTS,
    maxItems: POINTS,
    description: 'pooled close at the end of each of the last 24 UTC hours, oldest first; the last point is the live price',
  }),
});

/** Closes of the last 23 closed hours (null for an hour without a candle), then the live price. */
function sparkline(s: MarketState, i: number, nowMs: number): (number | null)[] {
  const ring = s.candles['1h'].ring;
  const hourStart = nowMs - (nowMs % HOUR_MS);
  const out = new Array<number | null>(POINTS);
  for (let k = 0; k < POINTS - 1; k++) {
    const hour = hourStart - (POINTS - 1 - k) * HOUR_MS;
    const p = ring.lowerBound(i, hour);
    out[k] = p < ring.size(i) && ring.ts[ring.slot(i, p)] === hour ? ring.close[ring.slot(i, p)]! : null;
  }
  out[POINTS - 1] = finiteOrNull(s.pooled.price[i]!);
  return out;
}

/** The strip: every instrument's summary and sparkline at `nowMs`. */
export function stripItems(s: MarketState, nowMs: number) {
  return s.instruments.map((_, i) => ({ ...instrumentSummary(s, i), sparkline: sparkline(s, i, nowMs) }));
}

export function marketRoutes(market: () => MarketState): Route[] {
  return [
    defineRoute({
      path: '/v1/market/strip',
      summary: "Every instrument's pooled price, change since the previous UTC close, and a 24-point hourly sparkline",
      tags: ['market'],
      auth: true,
      response: List(StripItem),
      handler: ({ serialize }) => {
        const s = market();
        return s.cached('strip', () => serialize(wholeList(stripItems(s, Date.now()))));
      },
    }),
  ];
}
