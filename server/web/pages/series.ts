// GET /macro/{slug} and /odds/{slug}: a line chart of the series (its points in the page, at most a few hundred) over
// the record's facts, release stories and catalysts.
import { macroRequest } from '../../../core/requests/macro.js';
import { oddsRequest } from '../../../core/requests/odds.js';
import { ASSETS } from '../assets.js';
import { html, jsonData } from '../html.js';
import type { WebPage } from '../page.js';
import { entityPage } from './entity.js';

/** Points a page's line chart carries: the series is downsampled by the service (macro) or thinned here (odds). */
const CHART_POINTS = 500;

export interface LineSeries {
  name: string;
  /** [time, value]: time a `YYYY-MM-DD` day or epoch seconds. */
  points: [string | number, number][];
}

function lineChart(series: LineSeries[], percent: boolean) {
  if (!series.some((s) => s.points.length)) return html`<p class="muted">No history stored yet.</p>`;
  return html`<div id="line-chart" class="chart" data-kind="line" data-percent="${percent ? '1' : '0'}"></div>
<script type="application/json" id="line-data">${jsonData(series)}</script>`;
}

function thin<T>(items: T[], most: number): T[] {
  if (items.length <= most) return items;
  const step = items.length / most;
  const out: T[] = [];
  for (let i = 0; i < most; i++) out.push(items[Math.floor(i * step)]!);
  out.push(items[items.length - 1]!);
  return out;
}

export const macroPage: WebPage = {
  path: '/macro/:slug',
  async render({ params, services, caller }) {
    const series = await services.macro.detail(params[0]!, macroRequest({ maxPoints: CHART_POINTS }), caller);
    const points = series.observations.flatMap((o): [string, number][] => (o.value === null ? [] : [[o.date, o.value]]));
    const { observations: _o, ...rest } = series;
    return entityPage(rest as unknown as Record<string, unknown>, {
      kind: `macro · ${series.units}`,
      scripts: [ASSETS.charts.path, ASSETS.chart.path],
      before: lineChart([{ name: series.name, points }], false),
    });
  },
};

export const oddsPage: WebPage = {
  path: '/odds/:slug',
  async render({ params, services, caller }) {
    const market = await services.odds.detail(params[0]!, oddsRequest({}), caller);
    const lines = market.history.map((h) => ({
      name: h.outcome,
      points: thin(h.points, CHART_POINTS).map((p): [number, number] => [Math.floor(Date.parse(p.ts) / 1000), p.probability * 100]),
    }));
    const { history: _h, ...rest } = market;
    return entityPage(rest as unknown as Record<string, unknown>, {
      kind: 'prediction market',
      scripts: [ASSETS.charts.path, ASSETS.chart.path],
      before: lineChart(lines, true),
    });
  },
};
