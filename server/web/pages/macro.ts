// GET /macro/{slug}: the series under its name with its headline number as its display mode means it, a line chart of
// its observations, the latest value in its units and its changes (a rate's in basis points, any other's in percent),
// when it is next released, what it is and why it matters, its revisions, release stories, catalysts and markets.
import { decimals, grouped, signedPct, usdShort } from '../../../core/figures.js';
import { macroRequest } from '../../../core/requests/macro.js';
import type { MacroSeries } from '../../../core/schemas/macro.js';
import { bpText } from '../../../core/units.js';
import {
  MACRO_CATEGORY_LABELS,
  MACRO_DISPLAY_LABELS,
  MACRO_FREQUENCY_LABELS,
  SEASONAL_ADJUSTMENT_LABELS,
} from '../../../core/vocabulary-labels.js';
import { CHART_SCRIPTS, lineChart } from '../charts.js';
import { keyFigures, pageHead } from '../head.js';
import { type Html, html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtDay, fmtTime, fmtWhen, macroHeadline, macroHeadlineUnit, sourceLink, storyList } from '../parts.js';
import { table } from '../table.js';
import { catalystTable, marketTable } from './series-tables.js';

/** Points the line chart carries: the service downsamples to it. */
const CHART_POINTS = 500;

/** Dollars in FRED's scaled units ("Billions of Chained 2017 Dollars"): the scale, and what follows the amount. */
const DOLLAR_UNITS = /^(Billions|Millions|Thousands) of (Chained \d{4} )?Dollars$/;
const SCALE: Record<string, number> = { Billions: 1e9, Millions: 1e6, Thousands: 1e3 };

/** A value in its units as a reader says it: 4.22%, $23.77T, 159.5M persons, 327.55 (an index). */
export function macroValue(value: number | null, units: string | null): string {
  if (value === null) return '—';
  if (units === 'Percent') return `${decimals(value, 2)}%`;
  const dollars = units ? DOLLAR_UNITS.exec(units) : null;
  if (dollars)
    return `${usdShort(value * SCALE[dollars[1]!]!)}${dollars[2] ? ` (${dollars[2].trim().toLowerCase()} dollars)` : ''}`;
  if (units === 'Thousands of Persons') return `${decimals(value / 1000, 1)}M people`;
  if (units === 'Dollars per Barrel') return `$${decimals(value, 2)} a barrel`;
  if (units === 'Number') return grouped(Math.round(value));
  return decimals(value, 2);
}

/** A change from an earlier period: a rate's in basis points, any other's in percent, with its sign. */
function changeText(points: number | null, percent: number | null, units: string | null): string | null {
  if (units === 'Percent') return points === null ? null : bpText(Math.round(points * 1000) / 10);
  return percent === null ? null : signedPct(percent);
}

/** How the series' period is named at its frequency: a month for a monthly series, a quarter for a quarterly one. */
const periodOf = (m: MacroSeries, date: string) =>
  fmtWhen(
    date,
    m.frequency === 'monthly'
      ? 'month'
      : m.frequency === 'quarterly'
        ? 'quarter'
        : m.frequency === 'annual'
          ? 'year'
          : 'day',
  );

function body(m: MacroSeries): Html {
  const points = m.observations.flatMap((o): [string, number][] => (o.value === null ? [] : [[o.date, o.value]]));
  const unitNote =
    m.units && m.units !== 'Percent' && !DOLLAR_UNITS.test(m.units) && m.units !== 'Thousands of Persons'
      ? m.units
      : '';
  const adjusted = m.seasonalAdjustment
    ? (SEASONAL_ADJUSTMENT_LABELS[m.seasonalAdjustment] ?? m.seasonalAdjustment)
    : null;
  return html`${pageHead(m.name, `macro series · ${MACRO_CATEGORY_LABELS[m.category]} · ${MACRO_FREQUENCY_LABELS[m.frequency]}`)}
<p class="quote"><span class="price">${macroHeadline(m)}</span> <span class="muted">${macroHeadlineUnit(m) || MACRO_DISPLAY_LABELS[m.displayMode]}</span>${m.latest ? html`<br><span class="label">for ${periodOf(m, m.latest.date)}, from ${sourceLink(m.sourceUrl, m.source.toUpperCase())}</span>` : ''}</p>
${lineChart([{ name: m.name, points }], 'plain')}
${keyFigures([
  ['Latest value', m.latest ? macroValue(m.latest.value, m.units) : null, unitNote],
  ['From the period before', changeText(m.change, m.changePct, m.units)],
  ['From a year before', changeText(m.yoyChange, m.yoyPct, m.units)],
  [
    'Next release',
    m.nextRelease ? (m.nextRelease.expectedAt ? fmtTime(m.nextRelease.expectedAt) : fmtDay(m.nextRelease.date)) : null,
    m.nextRelease?.name,
  ],
])}
${m.whyItMatters ? html`<p>${m.whyItMatters}</p>` : ''}
<dl class="facts">
<dt>Source</dt><dd>${sourceLink(m.sourceUrl, m.sourceTitle ?? m.name)} <span class="muted">(${m.source.toUpperCase()} ${m.sourceId})</span></dd>
${m.units ? html`<dt>Units</dt><dd>${m.units}${adjusted ? `, ${adjusted}` : ''}</dd>` : ''}
${m.release ? html`<dt>Released in</dt><dd>${m.release.name ?? ''}${m.release.schedule ? html` <span class="muted">· ${m.release.schedule}</span>` : ''}</dd>` : ''}
<dt>History</dt><dd>${m.observationCount} observations from ${fmtDay(m.availableFrom)}${m.downsampled ? ` (the chart shows ${points.length})` : ''}${m.lastUpdated ? html`; last changed ${fmtTime(m.lastUpdated)}` : ''}</dd>
</dl>
<h2>Release stories</h2>${storyList(m.releaseStories, 'No release stories stored.')}
<h2>Scheduled releases</h2>${catalystTable(m.catalysts)}
<h2>Prediction markets on it</h2>${marketTable(m.markets)}
${
  m.revisions.length
    ? html`<h2>Revisions <span class="muted">periods whose first print was revised, newest first</span></h2>${table(
        m.revisions,
        [
          { head: 'Period', cell: (r) => periodOf(m, r.date) },
          { head: 'First print', num: true, cell: (r) => macroValue(r.firstPrint, m.units) },
          { head: 'Published', cell: (r) => fmtDay(r.firstPrintedOn) },
          { head: 'Now', num: true, cell: (r) => macroValue(r.value, m.units) },
          { head: 'Revised', cell: (r) => fmtDay(r.revisedOn) },
        ],
      )}`
    : ''
}`;
}

export const macroPage: WebPage = {
  path: '/macro/:slug',
  async render({ params, services, caller }) {
    const m = await services.macro.detail(params[0]!, macroRequest({ maxPoints: CHART_POINTS }), caller);
    return page({ title: m.name, scripts: CHART_SCRIPTS, body: body(m) });
  },
};
