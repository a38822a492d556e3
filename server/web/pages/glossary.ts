// GET /glossary/{slug}: a term of the service, defined in its own words, with the terms it relates to. A definition
// may name the API's fields (changePct, listingId): they are set as code, so they read as names, not as words.

import { pageHead } from '../head.js';
import { type Html, html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { refLink } from '../parts.js';

/** A field name as the API spells it: camelCase or snake_case. */
const FIELD = /\b[a-z]+(?:[A-Z][a-z0-9]*)+\b|\b[a-z]+(?:_[a-z0-9]+)+\b/g;

function withCode(text: string): Html {
  const parts: (string | Html)[] = [];
  let from = 0;
  for (const m of text.matchAll(FIELD)) {
    parts.push(text.slice(from, m.index), html`<code>${m[0]}</code>`);
    from = m.index! + m[0].length;
  }
  parts.push(text.slice(from));
  return html`${parts}`;
}

export const glossaryPage: WebPage = {
  path: '/glossary/:slug',
  render({ params, services }) {
    const g = services.glossary.entry(params[0]!);
    return page({
      title: g.term,
      body: html`${pageHead(withCode(g.term), 'glossary')}<p><strong>${withCode(g.short)}</strong></p><p>${withCode(g.body)}</p>
${g.related.length ? html`<h2>Related terms</h2><p>${g.related.map((r, i) => html`${i ? ' · ' : ''}${refLink(r, withCode(r.label))}`)}</p>` : ''}`,
    });
  },
};
