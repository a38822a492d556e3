// /v1/companies/{company}/financials and /fundamentals, /v1/filings, /v1/insider-trades and the filing behind a story,
// over real HTTP on a server filled by `tapewire import sec` alone: the project's own EDGAR fixtures (a fictional
// filer), and Apple's, Alphabet's (covered by a profile) and Berkshire's real files when present; the company page's
// financials by quarter and by year; answers kept until new facts are imported. Bounds and unknown names answer 422 and
// 404.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { usdShort } from '../../../../core/figures.js';
import { REALDATA, realdataSkip } from '../../../../harness/realdata.js';
import { importFiles, ROOT, startServer } from '../../../../harness/server.js';
import { escapeHtml } from '../../../../server/web/html.js';
import { pinnedClock } from '../../../helpers/clock.js';

// The dates written here are fixed: so is the day the test runs on (see test/helpers/clock.ts).
const { env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');

type Json = Record<string, any>;
const fixtureFile = (path: string) => join(ROOT, 'test/fixtures', path);

const server = await startServer({ env: { ...CLOCK, RATE_LIMIT_ANON_RPM: '1000000' } });
t.teardown(() => server.dispose());

async function get(path: string, status = 200): Promise<Json> {
  const res = await server.get(path);
  const body = (await res.json()) as Json;
  if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function load(...files: string[]): Promise<string> {
  const run = await importFiles(server.dataDir, 'sec', ...files);
  if (run.code !== 0) throw new Error(`import: ${run.code} ${run.stdout} ${run.stderr}`);
  return run.stdout;
}

t.test(
  'own fixtures: a filer becomes a company with its filings, stories, financials and insider trades',
  async (t) => {
    const out = await load(
      fixtureFile('sec/submissions-widgets.json'),
      fixtureFile('sec/companyfacts-widgets.json'),
      fixtureFile('sec/form4-amendment.xml'),
    );
    t.match(out, /secCompanies: read 1, written 1/);
    const company = (await get('/v1/companies/WIDG')).data;
    t.equal(company.slug, 'example-widgets');

    const filings = await get('/v1/filings?company=widg&form=10-q,8-k');
    t.same(
      filings.data.map((f: Json) => f.form),
      ['10-Q', '8-K'],
    );
    t.equal(
      filings.data[0].sourceUrl,
      'https://www.sec.gov/Archives/edgar/data/999001/000099900126000001/widg-20251227.htm',
    );
    const earnings = filings.data[1];
    const story = (await get(`/v1/events/${earnings.eventId}`)).data;
    t.equal(story.kind, 'earnings', 'an 8-K under item 2.02 is an earnings story');
    t.equal(story.sourceUrl, earnings.sourceUrl, 'the story cites the filing');
    t.equal(story.filing.accession, earnings.accession, 'and serves the filing behind it');
    const page = await get('/v1/filings?company=widg&limit=1');
    t.same(page.page, { limit: 1, offset: 0, nextOffset: 1 });

    const fin = (await get('/v1/companies/widg/financials?metrics=revenue,eps_diluted&quarters=4&years=2')).data;
    t.same(
      fin.metrics.map((m: Json) => m.metric),
      ['revenue', 'eps_diluted'],
    );
    t.ok(fin.quarters.length <= 4 && fin.years.length <= 2);
    t.ok(
      fin.metrics[0].quarters.some((c: Json) => c !== null),
      'revenue has quarterly figures',
    );

    const trades = await get('/v1/insider-trades?company=WIDG');
    t.ok(trades.data.length > 0);
    t.ok(
      trades.data.every(
        (tr: Json) =>
          tr.company.key === 'example-widgets' &&
          tr.insider.type === 'person' &&
          tr.sourceUrl.startsWith('https://www.sec.gov/'),
      ),
    );
    t.equal(trades.summary.sells.count, trades.data.filter((tr: Json) => tr.code === 'S').length);
    t.ok(trades.summary.sells.count > 0, 'sales to summarize');
    // The summary is of the list as filtered: sales only, no purchase; purchases only, no sale.
    const sales = await get('/v1/insider-trades?company=WIDG&code=S');
    t.same(sales.summary.sells, trades.summary.sells, 'code=S: the same sales');
    t.equal(sales.summary.buys.count, 0, 'code=S: no purchase summarized');
    const grants = await get('/v1/insider-trades?company=WIDG&code=A,M');
    t.equal(grants.summary.sells.count, 0, 'code=A,M: no sale summarized');
  },
);

/** The company page's financials: each figure of the API's table in its column, derived cells marked with how. */
async function financialsOnPage(t: Test, company: string): Promise<Json> {
  const fin = (await get(`/v1/companies/${company}/financials?years=5&quarters=4`)).data;
  const res = await server.get(`/companies/${fin.company.key}`);
  t.equal(res.status, 200);
  const body = await res.text();
  const head = (columns: string[]) =>
    `<tr><th>Metric</th>${columns.map((c) => `<th class="num">${c}</th>`).join('')}</tr>`;
  t.ok(
    body.includes(`<h3>Quarters</h3><table><thead>${head(['TTM', ...fin.quarters.map((q: Json) => q.period)])}`),
    'the quarters, newest first, after the TTM',
  );
  t.ok(
    body.includes(`<h3>Fiscal years</h3><table><thead>${head(fin.years.map((y: Json) => y.period))}`),
    'the fiscal years, newest first',
  );
  const revenue = fin.metrics.find((m: Json) => m.metric === 'revenue');
  const shown = (c: Json) =>
    c.derivation
      ? `<span class="derived" title="${escapeHtml(c.derivation)}">${usdShort(c.value)}*</span>`
      : usdShort(c.value);
  const row = `<tr><td>Revenue</td>${[revenue.ttm, ...revenue.quarters].map((c: Json) => `<td class="num">${c ? shown(c) : '<span class="muted">—</span>'}</td>`).join('')}</tr>`;
  t.ok(body.includes(row), `revenue by quarter as the API has it: ${row.slice(0, 300)}`);
  t.ok(revenue.ttm.derivation, 'the TTM is derived, and marked so');
  return { fin, body };
}

t.test('the company page shows the financials by quarter and by fiscal year, derived cells marked', async (t) => {
  const { body } = await financialsOnPage(t, 'widg');
  t.match(
    body,
    /<td>EPS \(diluted\)<\/td>(<td class="num">(<span class="muted">—<\/span>|(<span class="derived"[^>]*>)?\$\d+\.\d\d\*?(<\/span>)?)<\/td>)+<\/tr>/,
    'earnings per share in dollars to the cent',
  );
});

t.test('bad input: 422 naming the valid values, 404 for an unknown company', async (t) => {
  const bad = await get('/v1/companies/widg/financials?metrics=revenue,ebitdaa', 422);
  t.match(bad.error.details[0].message, /not one of revenue, cost_of_revenue/);
  await get('/v1/companies/widg/financials?quarters=41', 422);
  await get('/v1/companies/widg/financials?years=0', 422);
  await get('/v1/filings?company=widg&limit=201', 422);
  await get('/v1/filings', 422);
  await get('/v1/insider-trades?limit=501', 422);
  await get('/v1/insider-trades?sinceDays=3651', 422);
  const code = await get('/v1/insider-trades?code=P,QQ', 422);
  t.match(code.error.details[0].message, /not one of P, S/);
  t.equal((await get('/v1/companies/nosuchco/financials', 404)).error.code, 'not_found');
  await get('/v1/companies/nosuchco/fundamentals', 404);
  await get('/v1/filings?company=nosuchco', 404);
  await get('/v1/insider-trades?company=nosuchco', 404);
});

t.test(
  'real files: Apple from its own submissions and companyfacts; Berkshire and Buffett buy Lennar',
  { skip: realdataSkip('sec_edgar') },
  async (t) => {
    await load(
      join(REALDATA, 'sec_edgar/submissions/CIK0000320193.json'),
      join(REALDATA, 'sec_edgar/companyfacts/CIK0000320193.json'),
      join(REALDATA, 'sec_edgar/form4/berkshire-buffett_LEN_2026-09-23_form4.xml'),
    );
    const fin = (await get('/v1/companies/AAPL/financials?metrics=revenue,net_income&years=3')).data;
    const fy = (year: number) => fin.years.findIndex((y: Json) => y.period === `FY${year}`);
    const revenue = fin.metrics[0];
    // Apple's 10-K for fiscal 2024 (accession 0000320193-24-000123): net sales $391,035M, net income $93,736M.
    t.equal(revenue.years[fy(2024)].value, 391_035_000_000);
    t.equal(fin.metrics[1].years[fy(2024)].value, 93_736_000_000);
    const tenKs = await get('/v1/filings?company=apple&form=10-K&limit=3');
    t.equal(tenKs.data.length, 3);
    t.ok(
      tenKs.data.every(
        (f: Json) => f.eventId !== null && f.sourceUrl.startsWith('https://www.sec.gov/Archives/edgar/data/320193/'),
      ),
    );
    const fund = (await get('/v1/companies/apple/fundamentals')).data;
    t.ok(
      fund.ttm.revenue.value > 0 && fund.ttm.revenue.inputs[0].accessions.length > 0,
      'TTM revenue with its filings',
    );
    t.equal(fund.price, null, 'no instrument quotes Apple on this server: no price, valuation says why');
    t.match(fund.valuation.pe.derivation, /missing/);

    const { fin: apple } = await financialsOnPage(t, 'apple');
    const q4 = apple.metrics
      .find((m: Json) => m.metric === 'revenue')
      .quarters.find((c: Json) => c?.period.startsWith('Q4'));
    if (q4)
      t.match(q4.derivation, /q4|9m|fy/i, 'Apple files no Q4: it is the year less nine months, marked on the page');

    const lennar = await get('/v1/insider-trades?company=LEN&code=P');
    t.equal(lennar.data.length, 9, 'nine open-market purchases');
    t.ok(lennar.data.every((tr: Json) => tr.price > 0 && tr.company.label.match(/LENNAR/i)));
    t.equal(lennar.summary.buys.count, 9);
    t.equal(lennar.summary.buys.insiders, 2, 'Berkshire Hathaway and Warren Buffett reported jointly');
  },
);

t.test(
  'real files: Alphabet, covered by a profile, from its companyfacts alone: 10-K figures and the fourth quarters derived from them',
  { skip: realdataSkip('sec_edgar/companyfacts') },
  async (t) => {
    const profile = await importFiles(server.dataDir, 'profiles', fixtureFile('profiles/alphabet.json'));
    if (profile.code !== 0) throw new Error(`import: ${profile.code} ${profile.stdout} ${profile.stderr}`);
    await load(join(REALDATA, 'sec_edgar/companyfacts/CIK0001652044.json'));
    const fin = (
      await get('/v1/companies/GOOGL/financials?metrics=revenue,net_income,operating_income&years=2&quarters=8')
    ).data;
    t.same(
      fin.years.map((y: Json) => y.period),
      ['FY2025', 'FY2024'],
    );
    t.equal(fin.sourceUrl, 'https://data.sec.gov/api/xbrl/companyfacts/CIK0001652044.json');
    const column = (periods: Json[], period: string) => periods.findIndex((p) => p.period === period);
    const M = 1_000_000;
    // FY2025: 10-K 0001652044-26-000018 less the nine months of 10-Q 0001652044-25-000091 (to 2025-09-30).
    // FY2024: 10-K 0001652044-25-000014 less 10-Q 0001652044-24-000118; Alphabet's Q4 2024 release: revenues $96.469B,
    // net income $26.536B, operating income $30.972B.
    const expected: [string, number, number, number][] = [
      ['revenue', 2025, 402_836 * M, 113_829 * M],
      ['net_income', 2025, 132_170 * M, 34_455 * M],
      ['operating_income', 2025, 129_039 * M, 35_934 * M],
      ['revenue', 2024, 350_018 * M, 96_469 * M],
      ['net_income', 2024, 100_118 * M, 26_536 * M],
      ['operating_income', 2024, 112_390 * M, 30_972 * M],
    ];
    for (const [metric, year, fy, q4] of expected) {
      const m = fin.metrics.find((x: Json) => x.metric === metric);
      t.match(m.years[column(fin.years, `FY${year}`)], { value: fy, derivation: null }, `${metric} FY${year}`);
      const q = m.quarters[column(fin.quarters, `Q4 FY${year}`)];
      t.match(q, { value: q4, derivation: 'q4 = fy - 9m' }, `${metric} Q4 ${year}: the year less its nine months`);
      t.ok(
        q.accessions.length === 2,
        `${metric} Q4 ${year}: from the 10-K and the third-quarter 10-Q (${q.accessions.join(', ')})`,
      );
    }
    t.ok(
      fin.metrics[0].quarters[column(fin.quarters, 'Q4 FY2025')].accessions.includes('0001652044-26-000018'),
      'Q4 2025 cites the 10-K for 2025',
    );
  },
);

t.test('kept answers: an import of new facts for a company changes its next financials and fundamentals', async (t) => {
  const path = '/v1/companies/widg/financials?metrics=revenue&quarters=1&years=1';
  const before = (await get(path)).data.metrics[0].quarters[0];
  t.match(before, { period: 'Q1 FY2026', value: 180_000_000 });
  t.same((await get(path)).data.metrics[0].quarters[0], before, 'asked again, the same answer');
  const ttmBefore = (await get('/v1/companies/widg/fundamentals')).data.ttm.revenue.value;

  // An amended 10-Q restating the latest quarter's revenue: filed later, so it wins.
  const doc = JSON.parse(readFileSync(fixtureFile('sec/companyfacts-widgets.json'), 'utf8'));
  doc.facts['us-gaap'].Revenues.units.USD.push({
    start: '2025-09-28',
    end: '2025-12-27',
    val: 181_000_000,
    accn: '0000999001-26-000009',
    fy: 2026,
    fp: 'Q1',
    form: '10-Q/A',
    filed: '2026-02-20',
  });
  const dir = mkdtempSync(join(tmpdir(), 'tapewire-sec-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'companyfacts-widgets.json');
  writeFileSync(file, JSON.stringify(doc));
  await load(file);

  const after = (await get(path)).data.metrics[0].quarters[0];
  t.match(after, { period: 'Q1 FY2026', value: 181_000_000, restated: true }, 'the restated figure, not the kept one');
  t.ok(after.accessions.includes('0000999001-26-000009'), 'citing the amendment');
  t.equal(
    (await get('/v1/companies/widg/fundamentals')).data.ttm.revenue.value,
    ttmBefore + 1_000_000,
    'the fundamentals too',
  );
});
