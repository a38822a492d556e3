// Where a page's chart goes: an instrument's candles (read by the chart script from /web/candles) or line series
// carried in the page (a macro series, a market's odds, a sector's members indexed). The chart script draws both.
import { ASSETS } from './assets.js';
import { type Html, html, jsonData } from './html.js';

/** The scripts a page with a chart loads. */
export const CHART_SCRIPTS = [ASSETS.charts.path, ASSETS.chart.path];

/** The candle chart of `symbol` with its interval buttons. */
export function candleChart(symbol: string): Html {
  return html`<div class="tabs" id="intervals"><button type="button" data-interval="1m">1m</button> <button type="button" data-interval="1h">1h</button> <button type="button" data-interval="1d" aria-pressed="true">1d</button></div>
<div id="chart" class="chart" data-symbol="${symbol}" data-interval="1d"></div>`;
}

export interface LineSeries {
  name: string;
  /** [time, value]: time a `YYYY-MM-DD` day or epoch seconds. */
  points: [string | number, number][];
}

/** How the line chart's axis reads its values: percent (odds), an index (members rebased to 100), or as they are. */
export type LineUnit = 'percent' | 'index' | 'plain';

export function lineChart(series: readonly LineSeries[], unit: LineUnit, empty = 'No history stored yet.'): Html {
  if (!series.some((s) => s.points.length)) return html`<p class="muted">${empty}</p>`;
  return html`<div id="line-chart" class="chart" data-kind="line" data-unit="${unit}"></div>
<script type="application/json" id="line-data">${jsonData(series)}</script>`;
}

/** At most `most` items, evenly spaced, the last always kept: a chart needs no more points than pixels. */
export function thin<T>(items: readonly T[], most: number): T[] {
  if (items.length <= most) return [...items];
  const step = items.length / most;
  const out: T[] = [];
  for (let i = 0; i < most; i++) out.push(items[Math.floor(i * step)]!);
  out.push(items[items.length - 1]!);
  return out;
}

/** Funding per 8h and open interest by day (the chart script draws both on two scales). */
export function derivativesChart(
  daily: readonly { date: string; fundingRate8hPct: number | null; openInterestUsd: number | null }[],
): Html {
  return html`<div id="derivatives-chart" class="chart small" data-kind="derivatives"></div>
<script type="application/json" id="derivatives-data">${jsonData(daily.map((x) => [x.date, x.fundingRate8hPct, x.openInterestUsd]))}</script>`;
}
