// GET /sectors/{slug}: the sector's average change today (in percent, signed), its members each with the labelled
// price and change the API gives, a chart of the members' daily closes indexed to 100 at the start of the window (so
// that a $500 share and a $50 one compare), and the sector's most important recent stories.

import { candleSeries } from '../../../core/candle-view.js';
import { price, signedPct } from '../../../core/figures.js';
import { candleRequest } from '../../../core/requests/candles.js';
import type { CompanySummary } from '../../../core/schemas/companies.js';
import { SECTOR_EVENT_DAYS } from '../../../core/schemas/sectors.js';
import { clock } from '../../clock.js';
import type { Caller } from '../../db-queue.js';
import type { Services } from '../../services/index.js';
import { CHART_SCRIPTS, type LineSeries, lineChart } from '../charts.js';
import { keyFigures, pageHead } from '../head.js';
import { html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtPct, fmtTime, refLink, storyList } from '../parts.js';
import { table } from '../table.js';

/** Days of daily closes the members are compared over. */
const INDEX_DAYS = 180;
const DAY_MS = 86_400_000;

/** Each member's daily closes over the window, rebased to 100 at its first close in it. */
async function indexed(members: readonly CompanySummary[], services: Services, caller: Caller): Promise<LineSeries[]> {
  const now = clock.now();
  const from = new Date(now - INDEX_DAYS * DAY_MS).toISOString().slice(0, 10);
  const quoted = members.filter((c) => c.primaryInstrument);
  const views = await Promise.all(
    quoted.map((c) =>
      services.candles.pooled(c.primaryInstrument!.symbol, candleRequest({ interval: '1d', from }, now), caller),
    ),
  );
  return views.map((view, i) => {
    const candles = candleSeries(view).candles.filter((c) => Number.isFinite(c.close) && c.close > 0);
    const base = candles[0]?.close ?? 1;
    return {
      name: quoted[i]!.primaryInstrument!.symbol,
      points: candles.map((c): [string, number] => [c.ts.slice(0, 10), Math.round((c.close / base) * 10_000) / 100]),
    };
  });
}

export const sectorPage: WebPage = {
  path: '/sectors/:slug',
  async render({ params, services, caller }) {
    const s = await services.sectors.detail(params[0]!, caller);
    const lines = await indexed(s.companies, services, caller);
    const changes = s.companies
      .filter((c) => c.primaryInstrument?.changePct != null)
      .sort((a, b) => b.primaryInstrument!.changePct! - a.primaryInstrument!.changePct!);
    const named = (c: CompanySummary | undefined) => c && `${c.name} ${signedPct(c.primaryInstrument!.changePct!)}`;
    return page({
      title: s.name,
      scripts: lines.length ? CHART_SCRIPTS : [],
      body: html`${pageHead(s.name, 'sector')}
${keyFigures([
  [
    'Average change today',
    s.averageChangePct === null ? null : fmtPct(s.averageChangePct),
    'of its companies’ prices since 00:00 UTC',
  ],
  ['Companies covered', String(s.companyCount)],
  ['Best today', changes.length > 1 ? named(changes[0]) : null],
  ['Worst today', changes.length > 1 ? named(changes.at(-1)) : null],
])}
${s.description ? html`<p>${s.description}</p>` : ''}
<h2>Members <span class="muted">daily closes, indexed to 100 ${INDEX_DAYS} days ago</span></h2>${lineChart(lines, 'index', 'No daily closes stored yet.')}
${table(
  s.companies,
  [
    { head: 'Company', cell: (c) => refLink(c) },
    {
      head: 'Symbol',
      cell: (c) => (c.primaryInstrument ? refLink(c.primaryInstrument, c.primaryInstrument.symbol) : '—'),
    },
    { head: 'Industry', cell: (c) => c.industry ?? '' },
    {
      head: 'Price',
      num: true,
      cell: (c) =>
        c.primaryInstrument?.price == null ? '—' : price(c.primaryInstrument.price, c.primaryInstrument.currency),
    },
    { head: 'Today', num: true, cell: (c) => fmtPct(c.primaryInstrument?.changePct) },
    {
      head: 'Price label',
      cell: (c) =>
        c.primaryInstrument
          ? html`<span class="label">${c.primaryInstrument.priceLabel}</span> · ${fmtTime(c.primaryInstrument.priceTs)}`
          : '',
    },
  ],
  'No companies in this sector.',
)}
<h2>Most important stories <span class="muted">last ${SECTOR_EVENT_DAYS} days</span></h2>${storyList(s.events)}`,
    });
  },
};
