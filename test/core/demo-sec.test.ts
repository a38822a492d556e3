// The demo's EDGAR documents: every one is read whole by the real EDGAR parsers, the same seed gives the same bytes,
// the financials they yield (through the real periods engine) say what the earnings stories said, and each insider
// story has the Form 4 behind it at the demo's price that day.
import t from 'tap';
import { newYorkTime } from '../../core/calendar/new-york-time.js';
import { isTradingDay } from '../../core/calendar/us-holidays.js';
import { parseDay } from '../../core/days.js';
import { newYorkDate } from '../../core/demo/sec/clock.js';
import { restatementOf } from '../../core/demo/sec/companyfacts.js';
import { demoSecDocuments } from '../../core/demo/sec/index.js';
import { demoPriceAt } from '../../core/demo/sec/ownership.js';
import { demoWorld } from '../../core/demo/world.js';
import { type CompanyFinancials, companyFinancials } from '../../core/financials/company-financials.js';
import { fundamentals } from '../../core/financials/fundamentals.js';
import { periodKey } from '../../core/financials/periods.js';
import { ttmFigure } from '../../core/financials/ttm.js';
import { insiderTrades } from '../../core/insiders/trades.js';
import type { CompanyFacts } from '../../core/sources/sec/companyfacts.js';
import { parseSecDocument } from '../../core/sources/sec/index.js';
import type { OwnershipDocument } from '../../core/sources/sec/ownership.js';
import type { Submissions } from '../../core/sources/sec/submissions.js';
import { DAY_MS } from '../../core/time.js';

const SEED = 11;
const anchor = Date.UTC(2026, 10, 24, 14, 20);
const world = demoWorld(SEED, anchor);
const docs = demoSecDocuments(SEED, world, anchor);

function companyFacts(text: string): CompanyFacts {
  const doc = parseSecDocument(text);
  if (doc.format !== 'companyfacts') throw new Error(`read as ${doc.format}`);
  return doc.companyFacts;
}
function submissions(text: string): Submissions {
  const doc = parseSecDocument(text);
  if (doc.format !== 'submissions') throw new Error(`read as ${doc.format}`);
  return doc.submissions;
}
function ownership(text: string): OwnershipDocument {
  const doc = parseSecDocument(text);
  if (doc.format !== 'ownership') throw new Error(`read as ${doc.format}`);
  return doc.ownership;
}

const parsed = docs.map((d) => {
  const cf = companyFacts(d.companyFacts);
  return {
    doc: d,
    cf,
    fin: companyFinancials(cf),
    sub: submissions(d.submissions),
    forms: d.ownership.map((o) => ownership(o.xml)),
  };
});
const figure = (
  fin: CompanyFinancials,
  metric: keyof CompanyFinancials['metrics'],
  year: number,
  quarter: 0 | 1 | 2 | 3 | 4,
) => fin.metrics[metric].get(periodKey(year, quarter));

t.test('every document is read whole by the EDGAR parsers, as the format it is', async (t) => {
  t.equal(docs.length, 8, 'every listed company files');
  for (const { doc, cf, sub, forms } of parsed) {
    const { filer } = doc;
    t.equal(cf.skipped.length, 0, `${filer.symbol} companyfacts: nothing skipped`);
    t.equal(cf.cik, filer.cik);
    t.ok(cf.facts.end.length > 300, `${filer.symbol}: ${cf.facts.end.length} facts`);
    t.equal(sub.skipped.length, 0, `${filer.symbol} submissions: nothing skipped`);
    t.same([sub.company.cik, sub.company.tickers, sub.company.sic], [filer.cik, [filer.symbol], filer.sic]);
    t.equal(Number(sub.company.fiscalYearEnd!.slice(0, 2)), filer.fyEndMonth, "the fiscal year end is the profile's");
    t.equal(sub.filings.length, doc.filings.length, 'every filing listed');
    t.ok(
      sub.filings.every((f, k) => k === 0 || f.acceptedAt! <= sub.filings[k - 1]!.acceptedAt!),
      'newest first',
    );
    t.ok(
      sub.filings.every((f) => f.acceptedAt! < anchor),
      'nothing filed after the anchor',
    );
    const accessions = new Set(sub.filings.map((f) => f.accession));
    t.equal(accessions.size, sub.filings.length, 'accession numbers are unique');
    const orphans = [...cf.facts.accession].filter((k) => !accessions.has(cf.strings[k]!));
    t.equal(orphans.length, 0, 'every fact comes from a listed filing');
    t.ok(forms.every((f) => f.skipped.length === 0 && f.transactions.length === 1));
  }
});

t.test('the same seed gives the same documents; another seed others', async (t) => {
  const again = demoSecDocuments(SEED, demoWorld(SEED, anchor), anchor);
  t.same(
    again.map((d) => [d.companyFacts, d.submissions, d.ownership.map((o) => o.xml)]),
    docs.map((d) => [d.companyFacts, d.submissions, d.ownership.map((o) => o.xml)]),
  );
  const other = demoSecDocuments(SEED + 1, demoWorld(SEED + 1, anchor), anchor);
  t.not(other[0]!.companyFacts, docs[0]!.companyFacts);
});

t.test(
  "each earnings story: its 8-K when it came out, then the quarter's 10-Q or the year's 10-K, with its EPS and revenue",
  async (t) => {
    let checked = 0;
    for (const { doc, fin, sub } of parsed) {
      const story = world.story.results.filter((r) => r.company === doc.filer.company);
      t.ok(story.length >= 7, `${doc.filer.symbol}: ${story.length} earnings stories`);
      for (const r of story) {
        const event = world.story.events[r.eventId - 1]!;
        const what = `${doc.filer.symbol} ${event.headline}`;
        const release = sub.filings.find(
          (f) => f.form === '8-K' && f.items.includes('2.02') && f.filingDate === newYorkDate(r.occurredAt),
        );
        t.ok(release && release.acceptedAt! >= r.occurredAt, `${what}: 8-K item 2.02 that day`);
        const report = sub.filings.find(
          (f) =>
            f.form === (r.quarter === 4 ? '10-K' : '10-Q') &&
            f.reportDate &&
            f.filingDate > release!.filingDate &&
            doc.quarters.find((q) => q.story === r)?.end === Date.parse(f.reportDate),
        );
        if (!report) {
          t.ok(anchor - r.occurredAt < 7 * DAY_MS, `${what}: only the last results may still wait for their report`);
          continue;
        }
        const revenue = figure(fin, 'revenue', r.fiscalYear, r.quarter)!;
        t.equal(
          Math.round(revenue.value / 1e8) / 10,
          r.revenueBn,
          `${what}: revenue reads as the story's $${r.revenueBn} billion`,
        );
        const q = doc.quarters.find((x) => x.story === r)!;
        if (r.quarter === 4) {
          const ni = figure(fin, 'net_income', r.fiscalYear, 4)!;
          t.equal(ni.derivation, 'q4 = fy - 9m', `${what}: Q4 net income derived from the 10-K and the nine months`);
          t.equal(
            Math.round((ni.value / q.flows.dilutedShares) * 100) / 100,
            r.eps,
            `${what}: Q4 net income / Q4 diluted shares is the story's EPS`,
          );
          const eps = figure(fin, 'eps_diluted', r.fiscalYear, 4)!;
          t.match(
            eps.derivation,
            /^eps = net_income \/ diluted_shares; .*q4 = 4 x fy - q1 - q2 - q3/,
            `${what}: Q4 EPS from Q4 net income and Q4 shares, both derived`,
          );
          t.ok(Math.abs(eps.value - r.eps) < 0.006, `${what}: Q4 EPS ${eps.value} reads as the story's ${r.eps}`);
        } else {
          t.equal(
            figure(fin, 'eps_diluted', r.fiscalYear, r.quarter)?.value,
            r.eps,
            `${what}: diluted EPS is the story's`,
          );
        }
        const verdict = r.eps > r.consensus ? 'beats' : r.eps < r.consensus ? 'misses' : 'matches';
        t.match(event.headline, ` ${verdict} `, `${what}: the filed EPS against the consensus ${verdict}`);
        checked++;
      }
    }
    t.ok(checked >= 50, `${checked} quarters checked`);
  },
);

t.test('every company has a TTM EPS and, reporting an operating income, an EV/EBITDA', async (t) => {
  for (const { doc, fin } of parsed) {
    const what = doc.filer.symbol;
    const f = fundamentals(fin, { value: 100, label: `${what} · 24/7 (venues)`, asOf: new Date(anchor).toISOString() });
    const [year, quarter] = f.asOfQuarter!.period.match(/\d+/g)!.map(Number).reverse() as [number, 1 | 2 | 3 | 4];
    const eps = ttmFigure(fin, 'eps_diluted', { year, quarter });
    t.ok(eps && eps.value > 0, `${what}: TTM diluted EPS ${eps?.value} to ${f.asOfQuarter!.period}`);
    t.ok(f.valuation.pe.value !== null, `${what}: a P/E`);
    // A bank reports no operating income (nor depreciation apart): EV/EBITDA says why it has none.
    if (doc.filer.shape.bank) t.equal(f.valuation.evToEbitda.value, null, `${what}: a bank, no EV/EBITDA`);
    else
      t.ok(
        f.ttm.ebitda.value! > f.ttm.operatingIncome.value! && f.valuation.evToEbitda.value! > 0,
        `${what}: EBITDA above operating income by its D&A, EV/EBITDA ${f.valuation.evToEbitda.value}`,
      );
  }
});

t.test(
  "a fiscal year ending in January: NVIDIA's years and quarters as its stories name them, quarters derived from year-to-date facts",
  async (t) => {
    const { doc, fin } = parsed.find((p) => p.doc.filer.symbol === 'NVDA')!;
    const years = fin.calendar.years.filter((y) => y.end !== null);
    t.ok(years.length >= 3);
    for (const y of years)
      t.match(
        new Date(y.end! * DAY_MS).toISOString(),
        new RegExp(`^${y.year}-01-31`),
        `fiscal ${y.year} ends on January 31, ${y.year}`,
      );
    const story = world.story.results.find((r) => r.company === 'nvidia' && r.quarter === 1)!;
    t.match(world.story.events[story.eventId - 1]!.headline, `fiscal Q1 ${story.fiscalYear}`);
    t.equal(
      new Date(doc.quarters.find((q) => q.story === story)!.end).toISOString().slice(5, 10),
      '04-30',
      'its first quarter ends in April',
    );
    const ocf = [...fin.metrics.operating_cash_flow.values()].filter((f) => f.quarter === 2 || f.quarter === 3);
    t.ok(
      ocf.length >= 4 && ocf.every((f) => f.derivation === (f.quarter === 2 ? 'q2 = h1 - q1' : 'q3 = 9m - h1')),
      'cash flows are tagged year to date only, as filers do: Q2 and Q3 are derived',
    );
  },
);

t.test(
  'one restatement: a later 10-Q restates the year-end cash, the latest filed value wins and says so',
  async (t) => {
    const restated = parsed.filter(({ fin }) => [...fin.metrics.cash.values()].some((f) => f.restated));
    t.same(
      restated.map((p) => p.doc.filer.symbol),
      ['AMZN'],
      'one company restates',
    );
    const { doc, fin } = restated[0]!;
    const r = restatementOf(doc.filer, doc.quarters, doc.filings)!;
    const cell = figure(fin, 'cash', r.quarter.fiscalYear, 4)!;
    t.same([cell.value, cell.restated], [r.cashAfter, true]);
    t.ok(
      cell.accessions.includes(r.from.accession) ||
        cell.accessions.some((a) => doc.filings.find((f) => f.accession === a)!.acceptedAt >= r.from.acceptedAt),
      'from the restating filing or a later one',
    );
    t.not(r.cashBefore, r.cashAfter);
  },
);

t.test(
  "each insider story: the director's Form 4, filed that evening, a 10b5-1 sale near the demo's price",
  async (t) => {
    t.ok(world.story.insiders.length >= 5, `${world.story.insiders.length} insider stories`);
    for (const s of world.story.insiders) {
      const { doc, sub } = parsed.find((p) => p.doc.filer.company === s.company)!;
      const filed = doc.ownership.filter((o) => o.story.eventId === s.eventId);
      t.equal(filed.length, 1, `${s.symbol} ${s.personName}: one Form 4`);
      const o = filed[0]!;
      const form = ownership(o.xml);
      const listed = sub.filings.find((f) => f.accession === o.filing.accession)!;
      t.same(
        [listed.form, listed.filingDate, listed.acceptedAt],
        ['4', newYorkDate(s.occurredAt), s.occurredAt],
        "listed in the issuer's submissions, filed at the story's time",
      );
      t.equal(form.issuer.cik, doc.filer.cik, 'the issuer is the company');
      const [owner] = form.owners;
      t.same(
        [owner!.name.split(' ').reverse().join(' '), owner!.isDirector],
        [s.personName, true],
        'the director the story names',
      );
      const [trade] = form.transactions;
      t.same(
        [trade!.code, trade!.acquiredDisposed, trade!.plan, form.aff10b5One],
        ['S', 'D', 'checkbox', true],
        'a sale under a Rule 10b5-1 plan',
      );
      const tradeDay = parseDay(trade!.date)! * DAY_MS;
      const filingDay = Date.parse(listed.filingDate);
      t.ok(
        isTradingDay(tradeDay) && tradeDay < filingDay && filingDay - tradeDay <= 5 * DAY_MS,
        `traded ${trade!.date}, a trading day shortly before filing on ${listed.filingDate}`,
      );
      const close = demoPriceAt(world.histories.get(s.symbol)!, newYorkTime(tradeDay, 15, 59));
      t.ok(
        Math.abs(trade!.price! / close - 1) < 0.005,
        `price ${trade!.price} near the demo's ${close.toFixed(2)} that day`,
      );
      t.ok(
        trade!.shares! > 0 && trade!.shares! < 0.12 * (trade!.shares! + trade!.sharesOwnedAfter!),
        'a small part of the holding',
      );
    }
    const trades = insiderTrades(
      parsed.flatMap((p) =>
        p.doc.ownership.map((o) => ({
          accession: o.filing.accession,
          filingDate: o.filing.filingDate,
          document: ownership(o.xml),
        })),
      ),
    );
    t.equal(trades.length, world.story.insiders.length, 'one trade per story');
    const byPerson = new Map<string, number[]>();
    for (const tr of [...trades].reverse())
      byPerson.set(tr.owners[0]!.cik, [...(byPerson.get(tr.owners[0]!.cik) ?? []), tr.sharesOwnedAfter!]);
    t.ok(
      [...byPerson.values()].every((held) => held.every((h, k) => k === 0 || h < held[k - 1]!)),
      'a director holds fewer shares after each sale',
    );
  },
);
