// GET /instruments/{symbol}: the pooled price and its label, the venue table (deviation, staleness, place in the pool),
// the candle chart (1m/1h/1d with volume) and funding with open interest, moves with causes and stories. Price, venue
// rows and the open candle then follow the stream (`instrument:<symbol>`), and so does the banner shown while no venue
// of it is live (none in its pool: there is then no current price).
import { derivativesRequest } from '../../../core/requests/derivatives.js';
import type { Derivatives } from '../../../core/schemas/derivatives.js';
import type { Venue } from '../../../core/schemas/instruments.js';
import { instrumentTopic } from '../../../core/stream/topics.js';
import { VENUE_OUT_LABELS } from '../../../core/vocabulary-labels.js';
import { ASSETS } from '../assets.js';
import { candleChart, derivativesChart } from '../charts.js';
import { html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { banner, fmtNum, fmtPct, fmtTime, fmtUsd, moveTable, refLink, storyList } from '../parts.js';
import { liveData } from './live-data.js';

/** Days of funding and open interest drawn under the candles. */
const DERIVATIVE_DAYS = 90;

export function venueRow(v: Venue) {
  return html`<tr data-listing="${v.listingId}" class="${v.inPool ? '' : 'out'}"><td>${v.venue}</td><td>${v.market}</td><td>${v.venueSymbol}</td>
<td class="num" data-field="price">${fmtNum(v.price)}</td><td class="num" data-field="deviationPct">${fmtNum(v.deviationPct, 3)}%</td>
<td class="num" data-field="staleSeconds">${fmtNum(v.staleSeconds, 1)} s</td><td data-field="inPool">${v.inPool ? 'in pool' : `out: ${v.reason ? VENUE_OUT_LABELS[v.reason] : ''}`}</td>
<td class="num">${fmtUsd(v.volume24hUsd)}</td><td class="num">${fmtUsd(v.openInterestUsd)}</td><td class="num">${v.fundingRatePct === null ? '—' : `${v.fundingRatePct.toFixed(4)}%`}</td></tr>`;
}

export const instrumentPage: WebPage = {
  path: '/instruments/:symbol',
  async render(ctx) {
    const { services, caller } = ctx;
    const d = services.instruments.detail(ctx.params[0]!);
    const [moves, stories, derivatives] = await Promise.all([
      services.moves.listKept({ symbol: d.symbol, limit: 10, offset: 0, candidates: true }, caller),
      services.events.listKept({ symbol: d.symbol, limit: 15, offset: 0, order: 'recent' }, caller),
      d.venues.some((v) => v.market === 'perp')
        ? services.derivatives.get(d.symbol, derivativesRequest({}), caller)
        : Promise.resolve(null),
    ]);
    const recent: Derivatives['daily'] = derivatives?.daily.slice(-DERIVATIVE_DAYS) ?? [];
    const derivativesPart = derivatives
      ? html`<h2>Funding and open interest</h2>
<p>Funding per 8h ${derivatives.current.fundingRate8hPct === null ? '—' : `${derivatives.current.fundingRate8hPct.toFixed(4)}%`} · open interest ${fmtUsd(derivatives.current.openInterestUsd)} over ${derivatives.current.venues} perpetual venues</p>
${derivativesChart(recent)}<p><a href="/instruments/${d.symbol}/derivatives">Funding and open interest by day</a></p>`
      : '';
    return page({
      title: `${d.name} (${d.symbol})`,
      scripts: [ASSETS.charts.path, ASSETS.chart.path, ASSETS.live.path],
      data: { ...liveData(ctx, [instrumentTopic(d.symbol)]), symbol: d.symbol },
      body: html`${d.venues.length ? banner('noLiveVenue', html`No venue of ${d.symbol} is live: none of its ${d.venues.length} venues has a fresh quote in the pool, so there is no current price. The venue table says why each is out (down: never connected since the service started); <a href="/v1/meta">/v1/meta</a> lists each source's state.`, d.venuesInPool > 0) : ''}
<h1>${d.name} <span class="muted">${d.symbol} · ${d.kind}${d.company ? html` · ${refLink(d.company)}` : ''}</span></h1>
<p><span class="price" id="price">${fmtNum(d.price)}</span> <span id="changePct">${fmtPct(d.changePct)}</span> <span class="muted">${d.currency}</span><br>
<span class="label" id="priceLabel">${d.priceLabel}</span> · <span id="priceTs">${fmtTime(d.priceTs)}</span> · <span id="venuesInPool">${d.venuesInPool}</span> venues in the pool
· band ${fmtNum(d.confidence.low)}–${fmtNum(d.confidence.high)} · 24h volume ${fmtUsd(d.volume24hUsd)}${d.openInterestUsd === null ? '' : html` · open interest ${fmtUsd(d.openInterestUsd)}`}</p>
${candleChart(d.symbol)}
<h2>Venues</h2><table><thead><tr><th>Venue</th><th>Market</th><th>Symbol</th><th class="num">Price</th><th class="num">Deviation</th><th class="num">Age</th><th>Pool</th><th class="num">24h volume</th><th class="num">Open interest</th><th class="num">Funding</th></tr></thead>
<tbody id="venues">${d.venues.map(venueRow)}</tbody></table>
${derivativesPart}
<h2>Unusual moves</h2>${moveTable(moves.data)}
<h2>Stories</h2>${storyList(stories.data)}`,
    });
  },
};
