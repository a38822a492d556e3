// GET /events/{id}: the story in the service's words with its source as the citation, what it is about (with the
// labelled price of the first instrument it names), the moves it caused, the filing behind it and related stories.
import { ApiError } from '../../../core/errors.js';
import type { EventDetail } from '../../../core/schemas/event-detail.js';
import { EVENT_KIND_LABELS, refTypeLabel } from '../../../core/vocabulary-labels.js';
import type { Services } from '../../services/index.js';
import type { Quoted } from '../head.js';
import { quote } from '../head.js';
import { type Html, html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtDay, fmtWhen, moveTable, refLink, sourceLink, storyList } from '../parts.js';

const ID = /^[1-9]\d{0,15}$/;

/** The price of the first instrument the story names, if the service still quotes it. */
function firstQuote(e: EventDetail, services: Services): Quoted | null {
  const ref = e.entities.find((r) => r.type === 'instrument');
  if (!ref) return null;
  try {
    return services.instruments.detail(ref.key);
  } catch {
    return null; // an instrument no longer covered: the story still names it
  }
}

function filingPart(f: NonNullable<EventDetail['filing']>): Html {
  return html`<h2>Filing</h2><dl class="facts">
<dt>Form</dt><dd>${sourceLink(f.sourceUrl, f.form)} of ${refLink(f.company)}${f.items.length ? html` <span class="muted">items ${f.items.join(', ')}</span>` : ''}</dd>
<dt>Filed</dt><dd>${fmtDay(f.filingDate)}</dd>
${f.reportDate ? html`<dt>Period</dt><dd>${fmtDay(f.reportDate)}</dd>` : ''}
<dt>Accession</dt><dd>${f.accession}</dd>
</dl><p><a href="/filings?company=${encodeURIComponent(f.company.key)}">All filings of ${f.company.label}</a></p>`;
}

export const storyPage: WebPage = {
  path: '/events/:id',
  async render({ params, services, caller }) {
    if (!ID.test(params[0]!))
      throw new ApiError('not_found', `No story ${params[0]!.slice(0, 40)}: story ids are positive integers`);
    const e = await services.events.detail(Number(params[0]), caller);
    const quoted = firstQuote(e, services);
    return page({
      title: e.headline,
      body: html`<p class="muted">${EVENT_KIND_LABELS[e.kind]} · ${fmtWhen(e.occurredAt, e.precision)} · importance ${e.importance} of 100</p>
<h1>${e.headline}</h1>
${quoted ? quote(quoted) : ''}
${e.summary ? html`<p>${e.summary}</p>` : ''}
${e.points?.length ? html`<ul>${e.points.map((p) => html`<li>${p}</li>`)}</ul>` : ''}
<p>Source: ${sourceLink(e.sourceUrl, e.sourceName)} <span class="muted">(${e.sourceUrl})</span></p>
<p>${e.entities.map((r) => html`<span class="pill">${refTypeLabel(r.type)} ${refLink(r)}</span>`)}</p>
<h2>Moves it caused</h2>${moveTable(e.causedMoves, 'No unusual move is linked to this story.')}
${e.filing ? filingPart(e.filing) : ''}
<h2>Related stories</h2>${storyList(e.relatedStories, 'No related stories within 45 days.')}`,
    });
  },
};
