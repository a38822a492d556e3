// The layout shared by the reference pages (company, project, person, sector, glossary): the record's name and
// description, its scalar fields as facts, each list as its own section, and whatever the page adds.
import { html, type Html } from '../html.js';
import { page, type ShellPage } from '../layout.js';
import { facts, sections } from '../parts.js';

const SHOWN = ['type', 'key', 'label', 'path', 'name', 'description'];

export function entityPage(record: Record<string, unknown>, extra: { before?: Html; after?: Html; scripts?: string[]; kind: string }): ShellPage {
  const title = String(record.name ?? record.label ?? record.term ?? record.key);
  const scalars = Object.fromEntries(Object.entries(record).filter(([k, v]) => !SHOWN.includes(k) && !Array.isArray(v)));
  const description = typeof record.description === 'string' ? html`<p>${record.description}</p>` : '';
  return page({
    title,
    scripts: extra.scripts,
    body: html`<h1>${title} <span class="muted">${extra.kind}</span></h1>${description}${extra.before ?? ''}${facts(scalars)}${sections(record, SHOWN)}${extra.after ?? ''}`,
  });
}
