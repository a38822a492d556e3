// GET /: the market snapshot: the strip with sparklines (live from `quotes`), the latest day's biggest moves with
// their causes, top stories, upcoming catalysts and the headline macro numbers; above them a banner naming the
// instruments that had no live venue when the page was served (a source down, or the network), whose prices are not
// current.
import { QUOTES_TOPIC } from '../../../core/stream/topics.js';
import type { Services } from '../../services/index.js';
import { ASSETS } from '../assets.js';
import { html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import {
  banner,
  fmtNum,
  fmtPct,
  fmtTime,
  macroHeadline,
  macroHeadlineUnit,
  moveTable,
  type RefLike,
  refLink,
  sparkline,
  storyList,
} from '../parts.js';
import { liveData } from './live-data.js';

/** Instruments listed on venues none of which is in their pool now. */
function noLiveVenue(instruments: Services['instruments']) {
  const dark: string[] = [];
  for (let i = 0; i < instruments.count; i++) {
    const { start, end } = instruments.listings(i);
    if (end > start && instruments.venuesInPool(i) === 0) dark.push(instruments.row(i).symbol);
  }
  if (!dark.length) return '';
  const named = dark.length > 12 ? `${dark.slice(0, 12).join(', ')} and ${dark.length - 12} more` : dark.join(', ');
  return banner(
    'noLiveVenue',
    html`No venue is live for ${dark.length} of ${instruments.count} instruments (${named}): their prices are not current. <a href="/v1/meta">/v1/meta</a> lists each source's state.`,
  );
}

export const homePage: WebPage = {
  path: '/',
  async render(ctx) {
    const [snap, series] = await Promise.all([ctx.services.market.snapshot(), ctx.services.macro.listKept(ctx.caller)]);
    // A catalyst names series the service may hold no data of yet: those are named, not linked to a 404.
    const stored = new Set(series.map((s) => s.path));
    const entity = (e: RefLike) =>
      e.type === 'macro' && !stored.has(e.path) ? refLink({ ...e, path: null }) : refLink(e);
    const strip = html`<div class="strip">${snap.strip.map(
      (
        s,
      ) => html`<a href="${s.path ?? '#'}" data-symbol="${s.symbol}"><span class="sym">${s.symbol}</span> <span class="muted">${s.kind}</span><br>
<span data-field="price">${fmtNum(s.price)}</span> <span data-field="changePct">${fmtPct(s.changePct)}</span>${sparkline(s.sparkline, (s.changePct ?? 0) >= 0)}</a>`,
    )}</div>`;
    const catalysts = snap.catalysts.length
      ? html`<table><tbody>${snap.catalysts.map(
          (c) =>
            html`<tr><td>${fmtTime(c.expectedAt)}</td><td>${c.title}${c.consensus ? html` <span class="muted">consensus ${c.consensus}</span>` : ''}</td><td>${c.entities.slice(0, 3).map((e) => html`${entity(e)} `)}</td></tr>`,
        )}</tbody></table>`
      : html`<p class="muted">No catalysts in the next 7 days.</p>`;
    const macro = snap.macro.length
      ? html`<table><tbody>${snap.macro.map(
          (m) =>
            html`<tr><td>${refLink(m)}</td><td class="num">${macroHeadline(m)}</td><td class="muted">${macroHeadlineUnit(m)}</td><td class="muted nowrap">${m.latest?.date ?? ''}</td></tr>`,
        )}</tbody></table>`
      : html`<p class="muted">No macro series stored.</p>`;
    return page({
      title: 'Market',
      scripts: [ASSETS.live.path],
      data: liveData(ctx, [QUOTES_TOPIC]),
      body: html`${noLiveVenue(ctx.services.instruments)}<h1>Market</h1>${strip}
<h2>Biggest moves${snap.moves.date ? html` <span class="muted">on ${snap.moves.date}</span>` : ''}</h2>${moveTable(snap.moves.moves)}
<p><a href="/moves">All moves</a></p>
<div class="grid2"><section><h2>Top stories</h2>${storyList(snap.topStories)}</section>
<section><h2>Upcoming catalysts</h2>${catalysts}<h2>Macro</h2>${macro}</section></div>`,
    });
  },
};
