// The demo's EDGAR documents as a fresh demo serves them: every company's filings, XBRL facts and Form 4s loaded
// through the SEC parser and writer, each citing the demo's own EDGAR under .example; each earnings story followed by
// its 8-K's story, which the filing links to, with the figures the story gave; each insider story with its trade; the
// fundamentals valued at the last tick's price.
import t from 'tap';
import { newYorkDate } from '../../../../core/demo/sec/clock.js';
import { demoSecDocuments } from '../../../../core/demo/sec/index.js';
import { demoWorld } from '../../../../core/demo/world.js';
import { DEMO_READER, sharedServer } from '../../../../harness/shared-server.js';
import { DEMO_SEED } from '../../../helpers/demo-events.js';

const server = await sharedServer(DEMO_READER);
t.teardown(() => server.release());

type Json = Record<string, any>;
const get = async (path: string): Promise<Json> => {
  const res = await server.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Json }).data;
};
const getPage = async (path: string): Promise<Json> => (await (await server.get(path)).json()) as Json;
const onExample = (url: string) => new URL(url).hostname.endsWith('.example');

const meta = await get('/v1/meta');
const anchor = Date.parse(meta.dataset.loadedAt);
const world = demoWorld(DEMO_SEED, anchor);
const docs = demoSecDocuments(DEMO_SEED, world, anchor);

t.test("every company's filings, facts and Form 4s are loaded, citing the demo's EDGAR", async (t) => {
  const ownership = docs.flatMap((d) => d.ownership);
  t.equal(meta.stats.sec_fact_sets, docs.length, 'one fact set per listed company');
  t.equal(
    meta.stats.sec_filings,
    docs.reduce((n, d) => n + d.filings.length, 0),
    'every filing listed in their submissions',
  );
  t.equal(meta.stats.sec_ownership_filings, ownership.length);
  t.equal(meta.stats.sec_insider_trades, ownership.length, 'one sale per Form 4');
  t.ok(meta.coverage.filing, `filings covered to ${meta.coverage.filing}`);
  for (const { filer, filings } of docs) {
    const listed = (await getPage(`/v1/filings?company=${filer.symbol}&limit=200`)).data as Json[];
    t.same(
      listed.map((f) => f.accession).sort(),
      filings.map((f) => f.accession).sort(),
      `${filer.symbol}: every filing`,
    );
    t.ok(
      listed.every((f) => onExample(f.sourceUrl) && f.sourceUrl.includes(`/Archives/edgar/data/${Number(filer.cik)}/`)),
      `${filer.symbol}: filings on the demo's EDGAR`,
    );
    t.ok(
      listed.every((f) => (f.form === '4') === (f.eventId === null)),
      `${filer.symbol}: each 8-K, 10-Q and 10-K tells a story`,
    );
    const financials = await get(`/v1/companies/${filer.symbol}/financials?quarters=4&years=2`);
    t.ok(
      onExample(financials.sourceUrl) && financials.quarters.length === 4,
      `${filer.symbol}: financials from the demo's companyfacts`,
    );
  }
  const trades = (await getPage('/v1/insider-trades?limit=500')).data as Json[];
  t.equal(trades.length, ownership.length);
  t.ok(
    trades.every((r) => onExample(r.sourceUrl)),
    "insider trades cite the demo's EDGAR",
  );
});

t.test(
  "each earnings story: its 8-K's story right after, linked to the filing; the quarter's filed EPS is the story's",
  async (t) => {
    let checked = 0;
    for (const { filer } of docs) {
      const releases = (await getPage(`/v1/filings?company=${filer.symbol}&form=8-K&limit=200`)).data as Json[];
      const fin = await get(`/v1/companies/${filer.symbol}/financials?quarters=40&metrics=eps_diluted`);
      const eps = new Map((fin.metrics[0].quarters as Json[]).filter(Boolean).map((c) => [c.period, c.value]));
      const label = new Map((fin.quarters as Json[]).map((q) => [`${q.fiscalYear}:${q.quarter}`, q.period]));
      for (const r of world.story.results.filter((x) => x.company === filer.company)) {
        const release = releases.find((f) => f.filingDate === newYorkDate(r.occurredAt) && f.items.includes('2.02'));
        if (!release) {
          t.fail(`${filer.symbol} Q${r.quarter} ${r.fiscalYear}: no 8-K item 2.02 on the day of its story`);
          continue;
        }
        const story = await get(`/v1/events/${release.eventId}`);
        t.equal(story.kind, 'earnings');
        const after = Date.parse(story.occurredAt) - r.occurredAt;
        t.ok(
          after > 0 && after < 3_600_000,
          `${filer.symbol}: the 8-K within the hour after the story (${after / 60_000} min)`,
        );
        t.equal(story.filing?.accession, release.accession, '/v1/events/{id} gives the filing behind it');
        const period = label.get(`${r.fiscalYear}:${r.quarter}`);
        // Q4 EPS is never derived by subtraction; the last results may still wait for their 10-Q.
        if (r.quarter !== 4 && period && eps.has(period)) {
          t.equal(eps.get(period), r.eps, `${filer.symbol} ${period}: the filed diluted EPS is the story's`);
          checked++;
        }
      }
    }
    t.ok(checked >= 30, `${checked} quarters' EPS checked over HTTP`);
  },
);

t.test("each insider story has its trade, and a company's brief cites only the demo's EDGAR", async (t) => {
  for (const s of world.story.insiders) {
    const trades = (await getPage(`/v1/insider-trades?company=${s.symbol}&limit=500`)).data as Json[];
    const filed = trades.filter((r) => r.insider.key === s.person && r.filingDate === newYorkDate(s.occurredAt));
    t.equal(filed.length, 1, `${s.symbol} ${s.personName}: the sale behind the story`);
    t.match(filed[0], { code: 'S', plan10b5One: true, company: { key: s.company } });
  }
  const brief = await get('/v1/brief/company/apple');
  t.ok(brief.fundamentals.length && brief.insiders.length, 'fundamentals and insiders in the brief');
  const cited = (brief.citations as Json[]).filter((c) => c.id.startsWith('filing:'));
  t.ok(cited.length && cited.every((c) => onExample(c.sourceUrl)), `${cited.length} filings cited on the demo's EDGAR`);
});

t.test("the fundamentals kept between ticks are valued at the last tick's price", async (t) => {
  const first = await get('/v1/companies/apple/fundamentals');
  t.ok(first.price, `priced: ${first.price?.label}`);
  const symbol = first.price.label.split(' ')[0];
  // Waits for a tick after the answer was kept: the instrument's price time moves on.
  while ((await get(`/v1/instruments/${symbol}`)).priceTs === first.price.asOf)
    await new Promise((r) => setTimeout(r, 100));
  const before = Date.parse((await get(`/v1/instruments/${symbol}`)).priceTs);
  const fund = await get('/v1/companies/apple/fundamentals');
  const after = Date.parse((await get(`/v1/instruments/${symbol}`)).priceTs);
  const asOf = Date.parse(fund.price.asOf);
  t.ok(
    asOf > Date.parse(first.price.asOf) && asOf >= before && asOf <= after,
    `valued at ${fund.price.asOf}, a tick after ${first.price.asOf}`,
  );
  const shares = fund.balanceSheet.sharesOutstanding.value;
  t.ok(
    Math.abs(fund.valuation.marketCap.value - fund.price.value * shares) <= 1e-6 * fund.valuation.marketCap.value,
    'the market cap at that price',
  );
});

t.test(
  'a covered company filing with the SEC but without facts held: the same 404 on financials and fundamentals',
  async (t) => {
    const companies = (await getPage('/v1/companies')).data as Json[];
    const filers = new Set(docs.map((d) => d.filer.company));
    const without = [];
    for (const c of companies.filter((c) => !filers.has(c.slug)))
      if ((await get(`/v1/companies/${c.slug}`)).cik) without.push(c.slug as string);
    t.ok(without.length > 0, `covered, with a CIK, without demo filings: ${without.join(', ')}`);
    for (const slug of without) {
      const [financials, fundamentals] = await Promise.all([
        server.get(`/v1/companies/${slug}/financials`),
        server.get(`/v1/companies/${slug}/fundamentals`),
      ]);
      t.same([financials.status, fundamentals.status], [404, 404], slug);
      const [a, b] = [(await financials.json()) as Json, (await fundamentals.json()) as Json];
      t.equal(a.error.message, b.error.message, `${slug}: one reason`);
      t.match(
        a.error.message,
        /^No financial facts of .+ \(CIK \d{10}\) are held here; EDGAR publishes them at https:\/\/data\.sec\.gov\//,
      );
    }
  },
);
