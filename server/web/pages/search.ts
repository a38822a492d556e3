// GET /search?q=: what /v1/search finds, as links; without a query, the directory of instruments, companies,
// people, sectors and macro series.
import { searchFilter } from '../../../core/requests/search.js';
import { refTypeLabel } from '../../../core/vocabulary-labels.js';
import { html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtNum, fmtPct, refLink } from '../parts.js';

const MAX_Q = 200;

export const searchPage: WebPage = {
  path: '/search',
  async render({ query, services, caller }) {
    const q = (query.q ?? '').trim().slice(0, MAX_Q);
    const form = html`<form action="/search" method="get"><input name="q" type="search" value="${q}" maxlength="${MAX_Q}" aria-label="Search"> <button type="submit">Search</button></form>`;
    if (q) {
      const found = await services.search.find(searchFilter({ q, limit: 60 }), caller);
      return page({
        title: `Search: ${q}`,
        body: html`<h1>Search</h1>${form}${found.length ? html`<ul class="stories">${found.map((r) => html`<li><span class="pill">${refTypeLabel(r.type)}</span> ${refLink(r)}</li>`)}</ul>` : html`<p class="muted">Nothing matches ${q}.</p>`}`,
      });
    }
    const [companies, people, sectors, macro] = await Promise.all([
      services.companies.list(),
      services.people.list(),
      services.sectors.list(),
      services.macro.listKept(caller),
    ]);
    const links = (refs: readonly { type: string; key: string; label: string; path: string | null }[]) =>
      html`<p>${refs.map((r, i) => html`${i ? ' · ' : ''}${refLink(r)}`)}</p>`;
    return page({
      title: 'Search',
      body: html`<h1>Search</h1>${form}
<h2>Instruments</h2><table><tbody>${services.instruments.list().map((s) => html`<tr><td>${refLink(s, s.symbol)}</td><td>${s.name}</td><td>${s.kind}</td><td class="num">${fmtNum(s.price)}</td><td class="num">${fmtPct(s.changePct)}</td></tr>`)}</tbody></table>
<h2>Companies</h2>${links(companies)}<h2>People</h2>${links(people)}<h2>Sectors</h2>${links(sectors)}<h2>Macro series</h2>${links(macro)}`,
    });
  },
};
