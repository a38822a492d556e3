// The company page's regulator data: financials by quarter with TTM and by fiscal year (derived cells marked, with
// how), the fundamentals at the pooled price, filings and insider trades; a section is left out while its data is not
// there.
import { orNotFound } from '../../../core/errors.js';
import { fundamentalFigure } from '../../../core/financials/figure.js';
import { compact, perShare, usdCompact } from '../../../core/figures.js';
import type { Financials, Fundamentals } from '../../../core/schemas/sec.js';
import type { Caller } from '../../db-queue.js';
import type { Services } from '../../services/index.js';
import { html, type Html } from '../html.js';
import { fmtNum, fmtUsd, isUrl } from '../parts.js';

type Cell = Financials['metrics'][number]['ttm'];

/** A figure in its unit: dollars scaled, per-share dollars to the cent, share counts scaled. */
function figure(value: number, unit: string): string {
  if (unit === 'USD') return usdCompact(value);
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
  const years = f.years.length ? html`<h3>Fiscal years</h3>${periodTable(f, f.years.map((y) => y.period), (m) => m.years)}` : '';
  return html`<h2>Financials <span class="muted">(newest first; * derived, hover for how)</span></h2>${quarters}${years}
<p class="muted">From <a href="${f.sourceUrl}" rel="noopener nofollow">the company's XBRL facts</a>.</p>`;
}

const GROUPS = [['TTM', 'ttm'], ['Margins', 'margins'], ['Growth', 'growth'], ['Balance sheet', 'balanceSheet'], ['Returns', 'returns'], ['Valuation', 'valuation']] as const;

function fundamentalsTable(f: Fundamentals): Html {
  return html`<h2>Fundamentals${f.price ? html` <span class="muted">at ${perShare(f.price.value)} (${f.price.label})</span>` : ''}</h2>
<table><tbody>${GROUPS.map(([title, group]) =>
    Object.entries(f[group] as Record<string, { value: number | null; derivation: string }>).map(
      ([name, v]) => html`<tr><td class="muted">${title}</td><td>${name}</td><td class="num" title="${v.derivation}">${v.value === null ? '—' : fundamentalFigure(group, name, v.value)}</td></tr>`,
    ),
  )}</tbody></table>`;
}

export async function companySec(slug: string, services: Services, caller: Caller): Promise<Html> {
  const [financials, fundamentals, filings, insiders] = await Promise.all([
    orNotFound(services.financials.financials(slug, { years: 5, quarters: 4 }, caller)),
    orNotFound(services.financials.fundamentals(slug, caller)),
    orNotFound(services.filings.list({ company: slug, limit: 15, offset: 0 }, caller)),
    orNotFound(services.insiders.list({ company: slug, limit: 15, offset: 0 }, caller)),
  ]);
  return html`${financials?.metrics.length ? financialsTable(financials) : ''}${fundamentals ? fundamentalsTable(fundamentals) : ''}
${filings?.data.length ? html`<h2>Filings</h2><table><tbody>${filings.data.map(
    (f) => html`<tr><td>${f.filingDate}</td><td>${isUrl(f.sourceUrl) ? html`<a href="${f.sourceUrl}" rel="noopener nofollow">${f.form}</a>` : f.form}</td><td>${f.description ?? ''}</td><td>${f.eventId ? html`<a href="/events/${f.eventId}">story</a>` : ''}</td></tr>`,
  )}</tbody></table>` : ''}
${insiders?.data.length ? html`<h2>Insider trades</h2><table><thead><tr><th>Date</th><th>Insider</th><th>Role</th><th>Code</th><th class="num">Shares</th><th class="num">Price</th><th class="num">Value</th></tr></thead><tbody>${insiders.data.map(
    (x) => html`<tr><td>${x.date}</td><td>${x.insider.path ? html`<a href="${x.insider.path}">${x.insider.label}</a>` : x.insider.label}</td><td>${x.role}</td><td title="${x.codeMeaning}">${x.code}</td><td class="num">${fmtNum(x.shares, 0)}</td><td class="num">${x.price === null ? '—' : perShare(x.price)}</td><td class="num">${fmtUsd(x.value)}</td></tr>`,
  )}</tbody></table>` : ''}`;
}

