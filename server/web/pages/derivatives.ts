// GET /instruments/{symbol}/derivatives: funding and open interest of the instrument's perpetuals by day, the path a
// brief cites its perpetuals figure to (/v1 + the path answers the same): now, the chart, and the days as a table.
import { derivativesRequest } from '../../../core/requests/derivatives.js';
import type { DerivativesDay } from '../../../core/schemas/derivatives.js';
import { CHART_SCRIPTS, derivativesChart } from '../charts.js';
import { keyFigures, pageHead } from '../head.js';
import { html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtDay, fmtUsd, refLink } from '../parts.js';
import { table } from '../table.js';

/** Days listed under the chart, newest first. */
const LISTED_DAYS = 60;

const funding = (x: number | null) => (x === null ? '—' : `${x >= 0 ? '+' : ''}${x.toFixed(4)}%`);

export const derivativesPage: WebPage = {
  path: '/instruments/:symbol/derivatives',
  async render({ params, services, caller }) {
    const d = services.instruments.detail(params[0]!);
    const x = await services.derivatives.get(d.symbol, derivativesRequest({}), caller);
    const days = x.daily.slice(-LISTED_DAYS).reverse();
    return page({
      title: `${d.name} funding and open interest`,
      scripts: x.daily.length ? CHART_SCRIPTS : [],
      body: html`${pageHead(html`${refLink(d, d.name)} funding and open interest`, `${d.symbol} · perpetual futures`, d)}
${keyFigures([
  ['Funding per 8 hours', funding(x.current.fundingRate8hPct), 'weighted by open interest'],
  ['Open interest', fmtUsd(x.current.openInterestUsd)],
  ['Perpetual venues', String(x.current.venues), 'with a fresh quote'],
])}
${x.daily.length ? derivativesChart(x.daily) : html`<p class="muted">No funding or open interest stored: ${d.symbol} has no perpetual listing with history.</p>`}
<h2>By day <span class="muted">newest first${x.availableFrom ? html`; held from ${fmtDay(x.availableFrom)}` : ''}</span></h2>
${table(
  days,
  [
    { head: 'Day (UTC)', cell: (r: DerivativesDay) => fmtDay(r.date) },
    { head: 'Funding per 8 hours', num: true, cell: (r) => funding(r.fundingRate8hPct) },
    { head: 'Open interest', num: true, cell: (r) => fmtUsd(r.openInterestUsd) },
    { head: 'Venues', num: true, cell: (r) => String(r.venues) },
  ],
  'No days stored.',
)}`,
    });
  },
};
