// GET /odds/{slug}: a prediction market under its question with the odds of each outcome, the chart of their
// history, its volume and liquidity in dollars, when it opens and closes, what it is about, the other markets of its
// event and the scheduled events around its close.
import { oddsRequest } from '../../../core/requests/odds.js';
import type { PredictionMarketDetail } from '../../../core/schemas/odds.js';
import { MARKET_KIND_LABELS, ODDS_STATUS_LABELS } from '../../../core/vocabulary-labels.js';
import { CHART_SCRIPTS, lineChart, thin } from '../charts.js';
import { keyFigures, pageHead } from '../head.js';
import { type Html, html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtTime, fmtUsd, refLink, sourceLink } from '../parts.js';
import { catalystTable, marketTable, oddsText } from './series-tables.js';

/** Points of each outcome's line the page carries. */
const CHART_POINTS = 500;
const SOURCES: Record<string, string> = { polymarket: 'Polymarket', kalshi: 'Kalshi' };

function body(m: PredictionMarketDetail): Html {
  const lines = m.history.map((h) => ({
    name: h.outcome,
    points: thin(h.points, CHART_POINTS).map((p): [number, number] => [
      Math.floor(Date.parse(p.ts) / 1000),
      Math.round(p.probability * 1000) / 10,
    ]),
  }));
  const source = SOURCES[m.source] ?? m.source;
  return html`${pageHead(m.question, html`prediction market · ${sourceLink(m.sourceUrl, source)} · ${ODDS_STATUS_LABELS[m.status]}`)}
<p class="quote">${m.outcomes.map((o, i) => html`${i ? html` <span class="muted">·</span> ` : ''}<span class="outcome">${o.name}</span> <span class="price">${oddsText(o.probability)}</span>`)}<br>
<span class="label">${m.status === 'resolved' ? 'what each outcome paid' : 'implied odds: the quote midpoint, else the last trade'}${m.lastUpdate ? html` · ${fmtTime(m.lastUpdate)}` : ''}</span></p>
${lineChart(lines, 'percent', 'No odds history stored yet.')}
${keyFigures([
  ['Traded', m.volume === null ? null : fmtUsd(m.volume), 'over its life'],
  ['Liquidity', m.liquidity === null ? null : fmtUsd(m.liquidity), 'offered in its order book'],
  ['Open interest', m.openInterest === null ? null : fmtUsd(m.openInterest)],
  ['Opened', m.openAt ? fmtTime(m.openAt) : null],
  [m.status === 'open' ? 'Closes' : 'Closed', m.closeAt ? fmtTime(m.closeAt) : null],
  ['Resolved as', m.resolution],
])}
<dl class="facts">
<dt>Kind</dt><dd>${MARKET_KIND_LABELS[m.kind]}${m.bounds ? ` between ${m.bounds.lower} and ${m.bounds.upper}` : ''}</dd>
${m.event ? html`<dt>Part of</dt><dd>${sourceLink(m.event.sourceUrl, m.event.title)}${m.eventLabel ? html` <span class="muted">as “${m.eventLabel}”${m.event.mutuallyExclusive ? '; at most one of its markets resolves yes' : ''}</span>` : ''}</dd>` : ''}
${m.entities.length ? html`<dt>About</dt><dd>${m.entities.map((r, i) => html`${i ? ', ' : ''}${refLink(r)}`)}</dd>` : ''}
</dl>
${m.siblings.length ? html`<h2>Other markets of the event</h2>${marketTable(m.siblings)}` : ''}
<h2>Scheduled events around its close</h2>${catalystTable(m.catalysts)}`;
}

export const oddsPage: WebPage = {
  path: '/odds/:slug',
  async render({ params, services, caller }) {
    const m = await services.odds.detail(params[0]!, oddsRequest({}), caller);
    return page({ title: m.question, scripts: m.history.length ? CHART_SCRIPTS : [], body: body(m) });
  },
};
