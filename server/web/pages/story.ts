// GET /events/{id}: the story in the service's words with its source as the citation, its entities, the moves it
// caused, the filing behind it and related stories.
import { ApiError } from '../../../core/errors.js';
import { html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { facts, fmtTime, isUrl, moveTable, refLink, storyList } from '../parts.js';

const ID = /^[1-9]\d{0,15}$/;

export const storyPage: WebPage = {
  path: '/events/:id',
  async render({ params, services, caller }) {
    if (!ID.test(params[0]!)) throw new ApiError('not_found', `No story ${params[0]!.slice(0, 40)}: story ids are positive integers`);
    const e = await services.events.detail(Number(params[0]), caller);
    return page({
      title: e.headline,
      body: html`<p class="muted">${e.kind.replace(/_/g, ' ')} · ${fmtTime(e.occurredAt)} (${e.precision}) · importance ${e.importance}</p>
<h1>${e.headline}</h1>
${e.summary ? html`<p>${e.summary}</p>` : ''}
${e.points?.length ? html`<ul>${e.points.map((p) => html`<li>${p}</li>`)}</ul>` : ''}
<p>Source: ${isUrl(e.sourceUrl) ? html`<a href="${e.sourceUrl}" rel="noopener nofollow">${e.sourceName}</a>` : e.sourceName} <span class="muted">(${e.sourceUrl})</span></p>
<p>${e.entities.map((r) => html`<span class="pill">${r.type} ${refLink(r)}</span>`)}</p>
<h2>Moves it caused</h2>${moveTable(e.causedMoves, 'No unusual move is linked to this story.')}
${e.filing ? html`<h2>Filing</h2>${facts(e.filing)}` : ''}
<h2>Related stories</h2>${storyList(e.relatedStories, 'No related stories within 45 days.')}`,
    });
  },
};
