// GET /companies/{slug}: the company under its name with its primary instrument's labelled price and change and its
// candle chart above the fold, its key figures with their units, then what it is (profile, people, segments,
// projects, peers), its regulator data and its latest stories.
import { grouped, pct, price } from '../../../core/figures.js';
import type { CompanyDetail } from '../../../core/schemas/companies.js';
import type { InstrumentSummary } from '../../../core/schemas/instruments.js';
import { MONTH_NAMES } from '../../../core/time.js';
import { CHART_SCRIPTS, candleChart } from '../charts.js';
import { type Figure, keyFigures, pageHead } from '../head.js';
import { type Html, html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtDay, fmtPct, fmtTime, refLink, sourceLink, storyList } from '../parts.js';
import { table } from '../table.js';
import { companySec } from './company-sec.js';
import { projectTable } from './project.js';

const priced = (i: InstrumentSummary | null) => (i?.price == null ? '—' : price(i.price, i.currency));

function profileFigures(c: CompanyDetail): Figure[] {
  return [
    [
      'Employees',
      c.employees === null ? null : grouped(c.employees),
      c.employeesAsOf && html`as of ${fmtDay(c.employeesAsOf)}`,
    ],
    ['Fiscal year ends', c.fiscalYearEndMonth === null ? null : MONTH_NAMES[c.fiscalYearEndMonth - 1]],
  ];
}

function about(c: CompanyDetail): Html {
  const rows: [string, Html | string | null][] = [
    ['Legal name', c.legalName],
    ['Industry', c.industry],
    ['Headquarters', c.country],
    ['Website', c.website ? sourceLink(c.website, c.website.replace(/^https?:\/\//, '')) : null],
    ['SEC company number (CIK)', c.cik],
    ['Tickers', c.tickers.join(', ') || null],
  ];
  return html`<dl class="facts">${rows.filter(([, v]) => v).map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
<p class="muted">Profile from ${sourceLink(c.sourceUrl, c.source === 'demo' ? 'the demo' : c.source)}, updated ${fmtTime(c.updatedAt)}.</p>`;
}

function body(c: CompanyDetail, sec: { figures: Figure[]; body: Html }, stories: Html): Html {
  const p = c.primaryInstrument;
  return html`${pageHead(c.name, html`company${c.sector ? html` · ${refLink(c.sector)}` : ''}${c.industry ? ` · ${c.industry}` : ''}`, p)}
${p ? candleChart(p.symbol) : ''}
${keyFigures([...sec.figures, ...profileFigures(c)])}
${c.description ? html`<p>${c.description}</p>` : ''}${about(c)}
${
  c.instruments.length > 1
    ? html`<h2>Instruments</h2>${table(c.instruments, [
        { head: 'Symbol', cell: (i) => refLink(i, i.symbol) },
        { head: 'Name', cell: (i) => i.name },
        { head: 'Price', num: true, cell: (i) => priced(i) },
        { head: 'Today', num: true, cell: (i) => fmtPct(i.changePct) },
      ])}`
    : ''
}
<h2>People</h2>${table(
    c.people,
    [
      { head: 'Name', cell: (r) => refLink(r.person) },
      { head: 'Title', cell: (r) => r.title },
      { head: 'Since', cell: (r) => fmtDay(r.since) },
      { head: 'Until', cell: (r) => (r.current ? html`<span class="muted">now</span>` : fmtDay(r.until)) },
    ],
    'No people recorded.',
  )}
${
  c.segments.length
    ? html`<h2>Segments</h2>${table(c.segments, [
        { head: 'Segment', cell: (s) => s.name },
        {
          head: 'Share of revenue',
          num: true,
          cell: (s) => (s.revenueSharePct === null ? '—' : pct(s.revenueSharePct, 0)),
        },
        { head: 'What it sells', cell: (s) => s.description ?? '' },
        { head: 'As of', cell: (s) => sourceLink(s.sourceUrl, fmtDay(s.asOf)) },
      ])}`
    : ''
}
${c.projects.length ? html`<h2>Projects</h2>${projectTable(c.projects)}` : ''}
${
  c.peers.length
    ? html`<h2>Peers</h2>${table(c.peers, [
        { head: 'Company', cell: (x) => refLink(x.company) },
        { head: 'Price', num: true, cell: (x) => priced(x.primaryInstrument) },
        { head: 'Today', num: true, cell: (x) => fmtPct(x.primaryInstrument?.changePct) },
        { head: 'Why they compare', cell: (x) => x.why },
      ])}`
    : ''
}
${sec.body}
<h2>Stories</h2>${stories}`;
}

export const companyPage: WebPage = {
  path: '/companies/:slug',
  async render({ params, services, caller }) {
    const company = await services.companies.detail(params[0]!);
    const [stories, sec] = await Promise.all([
      services.events.listKept({ company: company.slug, limit: 15, offset: 0, order: 'recent' }, caller),
      companySec(company.slug, services, caller),
    ]);
    return page({
      title: company.name,
      scripts: company.primaryInstrument ? CHART_SCRIPTS : [],
      body: body(company, sec, storyList(stories.data)),
    });
  },
};
