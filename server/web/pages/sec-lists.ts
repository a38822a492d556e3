// GET /filings?company= and /insider-trades?company=: a company's SEC filings and its insiders' trades in full, newest
// first, a page at a time: the paths a brief cites its fundamentals and insider figures to (/v1 + the path answers
// the same). Without a company, the filings page lists the companies that file and the trades page every issuer's.
import { grouped } from '../../../core/figures.js';
import type { Services } from '../../services/index.js';
import { keyFigures, pageHead } from '../head.js';
import { type Html, html } from '../html.js';
import { page } from '../layout.js';
import type { PageCtx, WebPage } from '../page.js';
import { fmtUsd, refLink } from '../parts.js';
import { filingTable, insiderTable } from './sec-tables.js';

const PAGE = 50;
/** The longest company key the API takes (slug or ticker). */
const MAX_KEY = 80;

const offsetOf = (query: Record<string, string>) =>
  /^\d{1,6}$/.test(query.offset ?? '') ? Math.min(Number(query.offset), 100_000) : 0;

/** The link to the next page of a list, when there is one. */
function older(path: string, company: string | undefined, next: number | null): Html | '' {
  if (next === null) return '';
  return html`<p><a href="${path}?${new URLSearchParams({ ...(company ? { company } : {}), offset: String(next) }).toString()}">Older</a></p>`;
}

/** The company the list is of, with its price: the header every company's list carries. */
async function companyHead(services: Services, key: string, what: string): Promise<{ title: string; head: Html }> {
  const c = await services.companies.detail(key.slice(0, MAX_KEY));
  return {
    title: `${what} of ${c.name}`,
    head: pageHead(html`${what} of ${refLink(c)}`, c.tickers.join(', '), c.primaryInstrument),
  };
}

export const filingsPage: WebPage = {
  path: '/filings',
  async render({ query, services, caller }: PageCtx) {
    if (!query.company) {
      const companies = await Promise.all(
        (await services.companies.list()).map((c) => services.companies.detail(c.slug)),
      );
      const filers = companies.filter((c) => c.cik);
      return page({
        title: 'SEC filings',
        body: html`${pageHead('SEC filings', 'by company')}<p class="muted">The filings of each covered company that files with the SEC.</p>
${filers.length ? html`<ul class="stories">${filers.map((c) => html`<li><a href="/filings?company=${encodeURIComponent(c.slug)}">${c.name}</a></li>`)}</ul>` : html`<p class="muted">No covered company files with the SEC.</p>`}`,
      });
    }
    const { title, head } = await companyHead(services, query.company, 'SEC filings');
    const filings = await services.filings.list(
      { company: query.company.slice(0, MAX_KEY), limit: PAGE, offset: offsetOf(query) },
      caller,
    );
    return page({
      title,
      body: html`${head}<p class="muted">Newest first; each form links the filing on EDGAR, and the story the service wrote about it where there is one.</p>
${filingTable(filings.data)}${older('/filings', query.company, filings.page.nextOffset)}`,
    });
  },
};

export const insiderTradesPage: WebPage = {
  path: '/insider-trades',
  async render({ query, services, caller }: PageCtx) {
    const company = query.company?.slice(0, MAX_KEY);
    const [top, trades] = await Promise.all([
      company
        ? companyHead(services, company, 'Insider trades')
        : { title: 'Insider trades', head: pageHead('Insider trades', 'every covered issuer') },
      services.insiders.list({ ...(company ? { company } : {}), limit: PAGE, offset: offsetOf(query) }, caller),
    ]);
    const { buys, sells } = trades.summary;
    const side = (s: typeof buys) =>
      s.count
        ? `${s.count} by ${s.insiders} insider${s.insiders === 1 ? '' : 's'}, ${grouped(Math.round(s.shares))} shares`
        : 'none';
    return page({
      title: top.title,
      body: html`${top.head}
${keyFigures([
  ['Open-market buys', fmtUsd(buys.value), side(buys)],
  ['Open-market sales', fmtUsd(sells.value), side(sells)],
])}
<p class="muted">Trades reported on Forms 3, 4 and 5, newest first; each links its form on EDGAR.</p>
${insiderTable(trades.data, !company)}${older('/insider-trades', company, trades.page.nextOffset)}`,
    });
  },
};
