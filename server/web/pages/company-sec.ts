// The company page's regulator data: its key figures (market cap, revenue, margins, P/E), financials by quarter with
// TTM and by fiscal year (derived cells marked, with how), every fundamental under its name at the pooled price, the
// latest filings and insider trades with links to all of them; a section is left out while its data is not there.
import { orNotFound } from '../../../core/errors.js';
import { compact, perShare, usdShort } from '../../../core/figures.js';
import { fundamentalFigure } from '../../../core/financials/figure.js';
import {
  type Financials,
  FUNDAMENTAL_GROUP_LABELS,
  FUNDAMENTAL_LABELS,
  type Fundamentals,
} from '../../../core/schemas/sec.js';
import type { Caller } from '../../db-queue.js';
import type { Services } from '../../services/index.js';
import type { Figure } from '../head.js';
import { type Html, html } from '../html.js';
import { fmtNum, sourceLink } from '../parts.js';
import { filingTable, insiderTable } from './sec-tables.js';

type Cell = Financials['metrics'][number]['ttm'];
type Group = keyof typeof FUNDAMENTAL_LABELS;
type Value = Fundamentals['ttm']['revenue'];

/** Filings and insider trades shown on the page; the rest are a link away. */
const LATEST = 10;

/** A figure in its unit: dollars scaled, per-share dollars to the cent, share counts scaled. */
function figure(value: number, unit: string): string {
  if (unit === 'USD') return usdShort(value);
  if (unit === 'USD/shares') return perShare(value);
  if (unit === 'shares') return compact(value);
  return fmtNum(value);
}

function cellValue(cell: Cell, unit: string): Html {
  if (!cell) return html`<span class="muted">—</span>`;
  const text = figure(cell.value, unit);
  return cell.derivation ? html`<span class="derived" title="${cell.derivation}">${text}*</span>` : html`${text}`;
}

/** One table of the metrics over some columns: the quarters with the TTM, or the fiscal years. */
function periodTable(f: Financials, columns: string[], cells: (m: Financials['metrics'][number]) => Cell[]): Html {
  return html`<table><thead><tr><th>Metric</th>${columns.map((c) => html`<th class="num">${c}</th>`)}</tr></thead><tbody>${f.metrics.map(
    (m) => html`<tr><td>${m.label}</td>${cells(m).map((c) => html`<td class="num">${cellValue(c, m.unit)}</td>`)}</tr>`,
  )}</tbody></table>`;
}

function financialsTable(f: Financials): Html {
  const quarters = f.quarters.length
    ? html`<h3>Quarters</h3>${periodTable(f, ['TTM', ...f.quarters.map((q) => q.period)], (m) => [m.ttm, ...m.quarters])}`
    : '';
  const years = f.years.length
    ? html`<h3>Fiscal years</h3>${periodTable(
        f,
        f.years.map((y) => y.period),
        (m) => m.years,
      )}`
    : '';
  return html`<h2>Financials <span class="muted">(newest first; * derived, hover for how)</span></h2>${quarters}${years}
<p class="muted">From ${sourceLink(f.sourceUrl, "the company's XBRL facts")}.</p>`;
}

const value = (f: Fundamentals, group: Group, field: string): Value | undefined =>
  (f[group] as Record<string, Value>)[field];

/** A fundamental formatted with its unit, or null when there is none. */
function shown(f: Fundamentals, group: Group, field: string): string | null {
  const v = value(f, group, field)?.value;
  return v === null || v === undefined ? null : fundamentalFigure(group, field, v, usdShort);
}

/** The groups side by side, each field under its name; its derivation on hover. */
function fundamentalsTable(f: Fundamentals): Html {
  const groups = Object.keys(FUNDAMENTAL_LABELS) as Group[];
  return html`<h2>Fundamentals${f.price ? html` <span class="muted">at ${perShare(f.price.value)} (${f.price.label})${f.asOfQuarter ? html`, reported through ${f.asOfQuarter.period}` : ''}</span>` : ''}</h2>
<div class="groups">${groups.map(
    (group) =>
      html`<table><thead><tr><th colspan="2">${FUNDAMENTAL_GROUP_LABELS[group]}</th></tr></thead><tbody>${Object.entries(
        FUNDAMENTAL_LABELS[group],
      ).map(
        ([field, label]) =>
          html`<tr><td>${label}</td><td class="num" title="${value(f, group, field)?.derivation ?? ''}">${shown(f, group, field) ?? '—'}</td></tr>`,
      )}</tbody></table>`,
  )}</div>`;
}

/** The figures a reader looks for first, each formatted with its unit. */
function keyFigures(f: Fundamentals | null): Figure[] {
  if (!f) return [];
  return [
    ['Market capitalisation', shown(f, 'valuation', 'marketCap')],
    [
      'Revenue, last 12 months',
      shown(f, 'ttm', 'revenue'),
      shown(f, 'growth', 'revenueTtmPct') && `${shown(f, 'growth', 'revenueTtmPct')} on the year before`,
    ],
    ['Net income, last 12 months', shown(f, 'ttm', 'netIncome')],
    ['Gross margin', shown(f, 'margins', 'grossPct')],
    ['Price / earnings', shown(f, 'valuation', 'pe')],
    ['Dividend yield', shown(f, 'valuation', 'dividendYieldPct')],
  ];
}

export async function companySec(
  slug: string,
  services: Services,
  caller: Caller,
): Promise<{ figures: Figure[]; body: Html }> {
  const [financials, fundamentals, filings, insiders] = await Promise.all([
    orNotFound(services.financials.financials(slug, { years: 5, quarters: 4 }, caller)),
    orNotFound(services.financials.fundamentals(slug, caller)),
    orNotFound(services.filings.list({ company: slug, limit: LATEST, offset: 0 }, caller)),
    orNotFound(services.insiders.list({ company: slug, limit: LATEST, offset: 0 }, caller)),
  ]);
  const more = (path: string, what: string) =>
    html`<p><a href="${path}?company=${encodeURIComponent(slug)}">All ${what}</a></p>`;
  return {
    figures: keyFigures(fundamentals),
    body: html`${fundamentals ? fundamentalsTable(fundamentals) : ''}${financials?.metrics.length ? financialsTable(financials) : ''}
${filings?.data.length ? html`<h2>Filings <span class="muted">newest first</span></h2>${filingTable(filings.data)}${more('/filings', 'filings')}` : ''}
${insiders?.data.length ? html`<h2>Insider trades <span class="muted">newest first</span></h2>${insiderTable(insiders.data, false)}${more('/insider-trades', 'insider trades')}` : ''}`,
  };
}
