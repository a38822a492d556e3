// GET /people/{slug}: who the person is, the roles they hold and held (dated, linked to the company), their insider
// trades and the stories about them; above them the labelled price of the company they work at now.
import type { PersonDetail } from '../../../core/schemas/people.js';
import { PERSON_KIND_LABELS } from '../../../core/vocabulary-labels.js';
import { pageHead } from '../head.js';
import { html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtDay, refLink, sourceLink, storyList } from '../parts.js';
import { table } from '../table.js';
import { insiderTable } from './sec-tables.js';

type Role = PersonDetail['roles'][number];

export const personPage: WebPage = {
  path: '/people/:slug',
  async render({ params, services, caller }) {
    const p = await services.people.detail(params[0]!, caller);
    const at = (r: Role) => (r.company ? refLink(r.company) : (r.institution ?? ''));
    // The price a reader of an executive's page looks for: that of the company they now work at.
    const company = p.roles.find((r) => r.current && r.company)?.company;
    const quoted = company ? await services.companies.primaryInstrument(company.key) : null;
    return page({
      title: p.name,
      body: html`${pageHead(p.name, html`${PERSON_KIND_LABELS[p.kind]}${company ? html` · ${refLink(company)}` : ''}`, quoted)}
${p.summary ? html`<p>${p.summary}</p>` : ''}
<h2>Roles</h2>${table(
        p.roles,
        [
          { head: 'Title', cell: (r) => sourceLink(r.sourceUrl, r.title) },
          { head: 'At', cell: at },
          { head: 'Since', cell: (r) => fmtDay(r.since) },
          { head: 'Until', cell: (r) => (r.current ? html`<span class="muted">now</span>` : fmtDay(r.until)) },
        ],
        'No roles recorded.',
      )}
${p.insiderTrades.length ? html`<h2>Insider trades <span class="muted">newest first</span></h2>${insiderTable(p.insiderTrades, true)}` : ''}
<h2>Stories</h2>${storyList(p.events)}`,
    });
  },
};
