// The company page's regulator data: financials by fiscal year with TTM (derived cells marked, with how), the
// fundamentals at the pooled price, filings and insider trades; a section is left out while its data is not there.
import { ApiError } from '../../../core/errors.js';
import type { Financials, Fundamentals } from '../../../core/schemas/sec.js';
import type { Caller } from '../../db-queue.js';
import type { Services } from '../../services/index.js';
import { html, type Html } from '../html.js';
import { fmtNum, fmtUsd, isUrl } from '../parts.js';

type Cell = Financials['metrics'][number]['ttm'];

/** Null for a 404 (no data of that kind yet); anything else fails the page. */
async function orNone<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') return null;
    throw err;
  }
}

function cellValue(cell: Cell, unit: string): Html {
  if (!cell) return html`<span class="muted">—</span>`;
  const text = unit === 'USD' ? fmtUsd(cell.value) : fmtNum(cell.value);
  return cell.derivation ? html`<span class="derived" title="${cell.derivation}">${text}*</span>` : html`${text}`;
}

function financialsTable(f: Financials): Html {
  return html`<h2>Financials <span class="muted">(fiscal years, TTM; * derived, hover for how)</span></h2>
<table><thead><tr><th>Metric</th>${f.years.map((y) => html`<th class="num">${y.period}</th>`)}<th class="num">TTM</th></tr></thead><tbody>${f.metrics.map(
    (m) => html`<tr><td>${m.label}</td>${m.years.map((c) => html`<td class="num">${cellValue(c, m.unit)}</td>`)}<td class="num">${cellValue(m.ttm, m.unit)}</td></tr>`,
  )}</tbody></table><p class="muted">From <a href="${f.sourceUrl}" rel="noopener nofollow">the company's XBRL facts</a>.</p>`;
}

function fundamentalsTable(f: Fundamentals): Html {
  const groups = { TTM: f.ttm, Margins: f.margins, Growth: f.growth, 'Balance sheet': f.balanceSheet, Returns: f.returns, Valuation: f.valuation };
  return html`<h2>Fundamentals${f.price ? html` <span class="muted">at ${fmtNum(f.price.value)} (${f.price.label})</span>` : ''}</h2>
<table><tbody>${Object.entries(groups).map(([group, values]) =>
    Object.entries(values as Record<string, { value: number | null; derivation: string }>).map(
      ([name, v]) => html`<tr><td class="muted">${group}</td><td>${name}</td><td class="num" title="${v.derivation}">${fmtNum(v.value)}</td></tr>`,
    ),
  )}</tbody></table>`;
}

export async function companySec(slug: string, services: Services, caller: Caller): Promise<Html> {
  const [financials, fundamentals, filings, insiders] = await Promise.all([
    orNone(services.financials.financials(slug, { years: 5, quarters: 4 }, caller)),
    orNone(services.financials.fundamentals(slug, caller)),
    orNone(services.filings.list({ company: slug, limit: 15, offset: 0 }, caller)),
    orNone(services.insiders.list({ company: slug, limit: 15, offset: 0 }, caller)),
  ]);
  return html`${financials?.metrics.length ? financialsTable(financials) : ''}${fundamentals ? fundamentalsTable(fundamentals) : ''}
${filings?.data.length ? html`<h2>Filings</h2><table><tbody>${filings.data.map(
    (f) => html`<tr><td>${f.filingDate}</td><td>${isUrl(f.sourceUrl) ? html`<a href="${f.sourceUrl}" rel="noopener nofollow">${f.form}</a>` : f.form}</td><td>${f.description ?? ''}</td><td>${f.eventId ? html`<a href="/events/${f.eventId}">story</a>` : ''}</td></tr>`,
  )}</tbody></table>` : ''}
${insiders?.data.length ? html`<h2>Insider trades</h2><table><thead><tr><th>Date</th><th>Insider</th><th>Role</th><th>Code</th><th class="num">Shares</th><th class="num">Price</th><th class="num">Value</th></tr></thead><tbody>${insiders.data.map(
    (x) => html`<tr><td>${x.date}</td><td>${x.insider.path ? html`<a href="${x.insider.path}">${x.insider.label}</a>` : x.insider.label}</td><td>${x.role}</td><td title="${x.codeMeaning}">${x.code}</td><td class="num">${fmtNum(x.shares, 0)}</td><td class="num">${fmtNum(x.price)}</td><td class="num">${fmtUsd(x.value)}</td></tr>`,
  )}</tbody></table>` : ''}`;
}

