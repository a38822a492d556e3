// A company's filings and insider trades as tables, shared by its page and the full lists the brief cites
// (/filings?company=, /insider-trades?company=): each filing links its document on EDGAR and the story about it.
import { grouped, perShare } from '../../../core/figures.js';
import type { Filing, InsiderTrade } from '../../../core/schemas/sec.js';
import { type Html, html } from '../html.js';
import { fmtDay, fmtUsd, refLink, sourceLink } from '../parts.js';
import { table } from '../table.js';

/** What the common forms are, for a reader who does not know them by number. */
const FORMS: Record<string, string> = {
  '10-K': 'annual report',
  '10-Q': 'quarterly report',
  '8-K': 'current report',
  '4': 'insider trade',
  '3': 'insider holdings',
  '5': 'insider trades, yearly',
  'DEF 14A': 'proxy statement',
  'S-1': 'registration',
  '20-F': 'annual report (foreign issuer)',
  '6-K': 'current report (foreign issuer)',
  'SC 13G': 'large holding',
  'SC 13D': 'large holding, active',
};

/** A filing's kind in words, its 8-K items, and its own description when it says more than its form. */
function whatItIs(f: Filing): Html {
  const own =
    f.description &&
    f.description.toUpperCase() !== f.form.toUpperCase() &&
    f.description.toUpperCase() !== `FORM ${f.form}`.toUpperCase()
      ? f.description
      : null;
  return html`${FORMS[f.form.toUpperCase()] ?? ''}${f.items.length ? html` <span class="muted">items ${f.items.join(', ')}</span>` : ''}${own ? html` <span class="muted">${own}</span>` : ''}`;
}

export function filingTable(filings: readonly Filing[], empty = 'No filings stored.'): Html {
  return table(
    filings,
    [
      { head: 'Filed', cell: (f) => fmtDay(f.filingDate) },
      { head: 'Form', cell: (f) => sourceLink(f.sourceUrl, f.form) },
      { head: 'Period', cell: (f) => fmtDay(f.reportDate) },
      { head: 'What it is', cell: whatItIs },
      { head: 'Accession', cell: (f) => html`<span class="muted">${f.accession}</span>` },
      { head: 'Story', cell: (f) => (f.eventId ? html`<a href="/events/${f.eventId}">read</a>` : '') },
    ],
    empty,
  );
}

export function insiderTable(
  trades: readonly InsiderTrade[],
  withCompany: boolean,
  empty = 'No insider trades stored.',
): Html {
  return table(
    trades,
    [
      { head: 'Date', cell: (x) => fmtDay(x.date) },
      ...(withCompany ? [{ head: 'Company', cell: (x: InsiderTrade) => refLink(x.company) }] : []),
      { head: 'Insider', cell: (x) => refLink(x.insider) },
      { head: 'Role', cell: (x) => x.role },
      {
        head: 'Trade',
        cell: (x) =>
          html`<span title="Form ${x.form} code ${x.code}">${x.codeMeaning}</span>${x.plan10b5One ? html` <span class="muted">(under a trading plan)</span>` : ''}`,
      },
      { head: 'Shares', num: true, cell: (x) => (x.shares === null ? '—' : grouped(Math.round(x.shares))) },
      { head: 'Price', num: true, cell: (x) => (x.price === null ? '—' : perShare(x.price)) },
      { head: 'Value', num: true, cell: (x) => fmtUsd(x.value) },
      { head: 'Form', cell: (x) => sourceLink(x.sourceUrl, `Form ${x.form}`) },
    ],
    empty,
  );
}
