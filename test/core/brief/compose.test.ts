// The brief's composer on hand-made sources: never over its budget, deterministic, every id it names cited with its
// source, statements taken in turn from each section, and what is left out counted.

import fc from 'fast-check';
import t from 'tap';
import { composeBrief } from '../../../core/brief/compose.js';
import type { BackdropRow, BriefSources } from '../../../core/brief/sources.js';
import { BRIEF_MAX_TOKENS, BRIEF_MIN_TOKENS, type Brief } from '../../../core/schemas/brief.js';
import type { Catalyst } from '../../../core/schemas/catalysts.js';
import type { EventDetail } from '../../../core/schemas/event-detail.js';
import type { Event } from '../../../core/schemas/events.js';
import type { InstrumentDetail } from '../../../core/schemas/instruments.js';
import type { Move } from '../../../core/schemas/moves.js';
import type { PredictionMarket } from '../../../core/schemas/odds.js';
import type { Fundamentals, InsiderTrade } from '../../../core/schemas/sec.js';

const coverage = {
  event: '2026-11-20T00:00:00Z',
  price: '2026-11-21T10:00:00Z',
  move: '2026-11-20',
  macroObservation: null,
  filing: null,
  oddsUpdate: null,
};

const instrument: InstrumentDetail = {
  type: 'instrument',
  key: 'ACME',
  label: 'Acme Corp.',
  path: '/instruments/ACME',
  symbol: 'ACME',
  name: 'Acme Corp.',
  kind: 'stock',
  currency: 'USD',
  company: { type: 'company', key: 'acme', label: 'Acme', path: '/companies/acme' },
  price: 101.25,
  changePct: 1.23456,
  priceTs: '2026-11-21T10:00:00.000Z',
  priceLabel: 'ACME · 24/7 (venues)',
  confidence: { low: 101, high: 101.5 },
  venuesInPool: 3,
  volume24hUsd: 12_345_678,
  openInterestUsd: 2_500_000_000,
  fundingRate8hPct: 0.01,
  venues: [],
};

function event(id: number, importance: number, words = 8): Event {
  const headline = `Acme story ${id} ${'word '.repeat(words).trim()}`;
  return {
    type: 'event',
    key: String(id),
    label: headline,
    path: `/events/${id}`,
    id,
    kind: 'news',
    occurredAt: `2026-11-${String(1 + (id % 28)).padStart(2, '0')}T12:00:00.000Z`,
    precision: 'minute',
    headline,
    summary: `Summary of story ${id}.`,
    importance,
    sourceName: 'Wire',
    sourceUrl: `https://wire.example/${id}`,
    entities: [{ type: 'company', key: 'acme', label: 'Acme', path: '/companies/acme' }],
  };
}

function move(k: number, causes: Event[]): Move {
  const date = `2026-10-${String(1 + k).padStart(2, '0')}`;
  return {
    type: 'move',
    key: `ACME/${date}`,
    label: `ACME on ${date}`,
    path: `/instruments/ACME/moves/${date}`,
    id: k,
    instrument: { type: 'instrument', key: 'ACME', label: 'Acme Corp.', path: '/instruments/ACME' },
    date,
    fromPrice: 100,
    toPrice: 110.123,
    pct: 10.123456,
    changeBp: null,
    zScore: 3.14,
    explanation: causes.length ? `ACME rose on event ${causes[0]!.id}.` : null,
    causes,
  };
}

function catalyst(id: number, sourced: boolean): Catalyst {
  return {
    type: 'catalyst',
    key: String(id),
    label: `Acme event ${id}`,
    path: null,
    id,
    kind: 'earnings',
    title: `Acme results ${id}`,
    expectedAt: '2026-12-01T21:00:00.000Z',
    precision: 'minute',
    confirmed: true,
    description: null,
    consensus: 'EPS $1.00',
    sourceUrl: sourced ? `https://calendar.example/${id}` : null,
    outcomeEventId: null,
    entities: [],
  };
}

function market(k: number): PredictionMarket {
  const slug = `acme-market-${k}`;
  return {
    type: 'market',
    key: slug,
    label: `Will Acme do thing ${k}?`,
    path: `/odds/${slug}`,
    slug,
    source: 'polymarket',
    sourceId: `0x${k}`,
    question: `Will Acme do thing ${k}?`,
    category: null,
    kind: 'binary',
    outcomes: [
      { name: 'Yes', probability: 0.4 },
      { name: 'No', probability: 0.6 },
    ],
    volume: 1000 - k,
    liquidity: null,
    openAt: null,
    closeAt: '2027-06-30T00:00:00.000Z',
    status: 'open',
    resolution: null,
    eventLabel: null,
    event: null,
    sourceUrl: `https://markets.example/${slug}`,
    entities: [],
    updatedAt: '2026-11-20T00:00:00.000Z',
  };
}

function backdropRow(k: number): BackdropRow {
  const slug = `series-${k}`;
  return {
    type: 'macro',
    key: slug,
    label: `Series ${k}`,
    path: `/macro/${slug}`,
    slug,
    name: `Series ${k}`,
    category: 'rates',
    source: 'fred',
    sourceId: `S${k}`,
    units: 'Percent',
    frequency: 'monthly',
    seasonalAdjustment: null,
    displayMode: 'rate',
    latest: { date: '2026-10-01', value: 4.25 },
    change: -0.25,
    headline: 4.25,
    nextRelease: null,
    sourceUrl: k % 2 ? `https://fred.example/S${k}` : null,
  };
}

const CIK = '0000012345';
const acme = { type: 'company', key: 'acme', label: 'Acme', path: '/companies/acme' };

/** Acme's fundamentals: revenue and net income over four quarters filed in two 10-Qs and a 10-K, a P/E at the price. */
function fundamentals(): Fundamentals {
  const none = { value: null, derivation: 'no figure', inputs: [] };
  const group = <K extends string>(keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, none])) as Record<K, typeof none>;
  const quarter = (name: string, q: number, value: number, accessions: string[]) => ({
    name,
    period: `Q${q} FY2026`,
    end: `2026-0${q * 2}-28`,
    value,
    accessions,
    derivation: null,
  });
  const revenue = {
    value: 1_234_567_890.4,
    derivation: 'ttm = sum of 4 quarters',
    inputs: [
      quarter('revenue', 3, 300e6, ['0000012345-26-000009']),
      quarter('revenue', 4, 400e6, ['0000012345-26-000003', '0000012345-26-000012']),
      quarter('revenue', 2, 200e6, ['0000012345-26-000005']),
    ],
  };
  const netIncome = {
    value: 98_765_432.1,
    derivation: 'ttm = sum of 4 quarters',
    inputs: [quarter('net_income', 4, 1, ['0000012345-26-000012'])],
  };
  const price = {
    name: 'price',
    period: 'ACME · 24/7 (venues)',
    end: '2026-11-21T10:00:00.000Z',
    value: 101.25,
    accessions: [],
    derivation: null,
  };
  return {
    company: acme,
    cik: CIK,
    entityName: 'ACME CORP',
    asOfQuarter: { period: 'Q4 FY2026', end: '2026-08-28' },
    price: null,
    ttm: {
      ...group([
        'revenue',
        'grossProfit',
        'operatingIncome',
        'netIncome',
        'operatingCashFlow',
        'freeCashFlow',
        'ebitda',
      ]),
      revenue,
      netIncome,
    },
    margins: {
      ...group(['grossPct', 'operatingPct', 'netPct', 'fcfPct']),
      netPct: { value: 8.00004, derivation: 'net income / revenue', inputs: [...netIncome.inputs, ...revenue.inputs] },
    },
    growth: group(['revenueTtmPct', 'netIncomeTtmPct', 'revenueQuarterPct']),
    balanceSheet: group([
      'cash',
      'totalDebt',
      'netDebt',
      'totalAssets',
      'totalLiabilities',
      'equity',
      'sharesOutstanding',
    ]),
    returns: group(['roePct']),
    valuation: {
      ...group([
        'marketCap',
        'enterpriseValue',
        'pe',
        'ps',
        'pb',
        'evToEbitda',
        'fcfYieldPct',
        'dividendYieldPct',
        'buybackYieldPct',
      ]),
      pe: { value: 25.4567, derivation: 'price / eps', inputs: [price] },
    },
  };
}

/** Open-market trade `k` of Acme: insiders 0-2 in turn, buys every third, newest first. */
function trade(k: number, insiders = 3): InsiderTrade {
  const who = k % insiders;
  const accession = `0000099999-26-${String(500 - k).padStart(6, '0')}`;
  const buy = k % 3 === 0;
  return {
    company: acme,
    issuer: { cik: CIK, name: 'ACME CORP', ticker: 'ACME' },
    insider: { type: 'person', key: `insider-${who}`, label: `Insider ${who}`, path: `/people/insider-${who}` },
    role: 'Director',
    owners: [{ cik: `77${who}`, name: `INSIDER ${who}`, roles: ['Director'] }],
    date: `2026-10-${String(28 - (k % 28)).padStart(2, '0')}`,
    code: buy ? 'P' : 'S',
    codeMeaning: buy ? 'Open market or private purchase' : 'Open market or private sale',
    table: 'non-derivative',
    securityTitle: 'Common Stock',
    shares: 100 + k,
    price: 10,
    value: (100 + k) * 10 * (who + 1),
    acquiredDisposed: buy ? 'A' : 'D',
    sharesOwnedAfter: 5000,
    directOrIndirect: 'D',
    natureOfOwnership: null,
    plan10b5One: false,
    planEvidence: null,
    footnotes: [],
    form: '4',
    accession,
    filingDate: '2026-10-30',
    amends: null,
    sourceUrl: `https://www.sec.gov/Archives/edgar/data/12345/${accession.replace(/-/g, '')}/form4.xml`,
  };
}

function sources(
  nEvents: number,
  nMoves: number,
  nCatalysts: number,
  nOdds = 0,
  nMacro = 0,
  nTrades = -1,
): BriefSources {
  const events = Array.from({ length: nEvents }, (_, k) => event(100 + k, 90 - k));
  // Causes are stories that may or may not be among the events gathered.
  const moves = Array.from({ length: nMoves }, (_, k) =>
    move(k, k % 2 ? [] : [event(500 + k, 70), ...(k % 4 === 0 && events[0] ? [events[0]] : [])]),
  );
  const catalysts = Array.from({ length: nCatalysts }, (_, k) => catalyst(900 + k, k % 3 !== 0));
  const odds = Array.from({ length: nOdds }, (_, k) => market(k));
  const macro = Array.from({ length: nMacro }, (_, k) => backdropRow(k));
  const sec = nTrades >= 0;
  const insiders = sec ? { sinceDays: 365, trades: Array.from({ length: nTrades }, (_, k) => trade(k)) } : null;
  return {
    type: 'instrument',
    instrument,
    events,
    moves,
    catalysts,
    odds,
    macro,
    fundamentals: sec ? fundamentals() : null,
    filingUrls: new Map(),
    insiders,
    held: { odds: nOdds > 0, macro: nMacro > 0, fundamentals: sec, insiders: sec },
    dataThrough: coverage,
  };
}

/** Every id a brief's statements name, as citation ids. */
function named(b: Brief): Set<string> {
  return new Set([
    ...b.events.map((e) => `event:${e.id}`),
    ...b.moves.flatMap((m) => m.causeIds.map((id) => `event:${id}`)),
    ...b.catalysts.filter((c) => c.sourceUrl !== null).map((c) => `catalyst:${c.id}`),
    ...b.odds.map((m) => `market:${m.slug}`),
    ...b.macro.filter((r) => r.sourceUrl !== null).map((r) => `macro:${r.slug}`),
    ...b.fundamentals.flatMap((f) => (f.accession ? [`filing:${f.accession}`] : [])),
    ...b.insiders.map((r) => `filing:${r.accession}`),
  ]);
}

t.test('stays within every budget, and says its own size', async () => {
  fc.assert(
    fc.property(
      fc.integer({ min: BRIEF_MIN_TOKENS, max: BRIEF_MAX_TOKENS }),
      fc.nat(60),
      fc.nat(20),
      fc.nat(20),
      (max, e, m, c) => {
        const brief = composeBrief(sources(e, m, c), max);
        const json = JSON.stringify(brief);
        return Math.ceil(json.length / 4) <= max && brief.budget.tokens === Math.ceil(json.length / 4);
      },
    ),
  );
});

t.test('the same sources and budget give the same bytes', async (t) => {
  const a = JSON.stringify(composeBrief(sources(40, 10, 10), 2000));
  const b = JSON.stringify(composeBrief(sources(40, 10, 10), 2000));
  t.equal(a, b);
});

t.test('every id named is cited once with its source, and nothing else is', async () => {
  fc.assert(
    fc.property(
      fc.integer({ min: BRIEF_MIN_TOKENS, max: 6000 }),
      fc.nat(40),
      fc.nat(12),
      fc.nat(12),
      fc.nat(10),
      fc.nat(14),
      fc.integer({ min: -1, max: 30 }),
      (max, e, m, c, o, r, i) => {
        const brief = composeBrief(sources(e, m, c, o, r, i), max);
        const ids = brief.citations.map((c) => c.id);
        if (new Set(ids).size !== ids.length) return false;
        const want = named(brief);
        if (ids.length !== want.size || !ids.every((id) => want.has(id))) return false;
        return brief.citations.every((c) => {
          const [type, id] = c.id.split(':');
          if (type === 'event') return c.sourceUrl === `https://wire.example/${id}` && c.path === `/events/${id}`;
          if (type === 'market') return c.sourceUrl === `https://markets.example/${id}` && c.path === `/odds/${id}`;
          if (type === 'macro')
            return c.sourceUrl === `https://fred.example/S${id!.slice('series-'.length)}` && c.path === `/macro/${id}`;
          if (type === 'filing') {
            const form4 = brief.insiders.find((r) => r.accession === id);
            if (form4) return c.sourceUrl === form4.sourceUrl && c.path === '/insider-trades?company=acme';
            return (
              c.sourceUrl ===
                `https://www.sec.gov/Archives/edgar/data/12345/${id!.replace(/-/g, '')}/${id}-index.htm` &&
              c.path === '/filings?company=acme'
            );
          }
          return c.sourceUrl === `https://calendar.example/${id}` && c.path === null;
        });
      },
    ),
  );
});

t.test('a small budget takes statements in turn from each section and counts what it left out', async (t) => {
  const all = sources(40, 10, 10, 10, 14, 30);
  const brief = composeBrief(all, 1500);
  t.ok(
    ['facts', 'fundamentals', 'events', 'moves', 'catalysts', 'insiders', 'odds', 'macro'].every(
      (k) => brief[k as 'facts'].length >= 1,
    ),
    'some of each',
  );
  t.same(
    brief.events.map((e) => e.id),
    all.events.slice(0, brief.events.length).map((e) => e.id),
    'the most important stories first',
  );
  t.same(brief.budget.omitted, {
    facts: 4 - brief.facts.length,
    events: 40 - brief.events.length,
    moves: 10 - brief.moves.length,
    catalysts: 10 - brief.catalysts.length,
    odds: 10 - brief.odds.length,
    macro: 14 - brief.macro.length,
    fundamentals: 4 - brief.fundamentals.length,
    insiders: 3 - brief.insiders.length,
  });
  const whole = composeBrief(all, BRIEF_MAX_TOKENS);
  t.same(
    whole.budget.omitted,
    { facts: 0, events: 0, moves: 0, catalysts: 0, odds: 0, macro: 0, fundamentals: 0, insiders: 0 },
    'the cap holds everything gathered',
  );
  t.ok(JSON.stringify(whole).length > JSON.stringify(brief).length);
});

t.test('numbers are rounded for reading, the price keeps its label, and missing parts are named', async (t) => {
  const brief = composeBrief(sources(1, 1, 0), 4000);
  t.same(brief.price, {
    instrument: { type: 'instrument', key: 'ACME', label: 'Acme Corp.', path: '/instruments/ACME' },
    price: 101.25,
    currency: 'USD',
    changePct: 1.23,
    priceTs: '2026-11-21T10:00:00.000Z',
    priceLabel: 'ACME · 24/7 (venues)',
  });
  t.match(brief.moves[0], {
    symbol: 'ACME',
    pct: 10.12,
    zScore: 3.1,
    causeIds: [500, 100],
    path: '/instruments/ACME/moves/2026-10-01',
  });
  t.equal(
    brief.notYetAvailable,
    "Not in this service's data yet: fundamentals and valuation, insider summary, related prediction-market odds, macro backdrop.",
  );
  t.equal(
    composeBrief(sources(1, 1, 0, 1, 1), 4000).notYetAvailable,
    "Not in this service's data yet: fundamentals and valuation, insider summary.",
    'odds and macro once held',
  );
  t.same(brief.dataThrough, coverage);
  t.match(
    brief.facts.map((f) => f.text),
    [
      'Acme Corp. (ACME): stock, quoted in USD',
      'Company: Acme',
      /^Price pooled from 3 of 0 venue listings; 24h volume of the pool \$12\.3M$/,
      /open interest \$2\.50B, funding 0\.0100% per 8 hours/,
    ],
  );
});

t.test(
  'fundamentals cite the filing of their latest input; the insider summary counts the window, top insiders first',
  async (t) => {
    const brief = composeBrief(sources(0, 0, 0, 1, 1, 30), 4000);
    t.same(
      brief.fundamentals,
      [
        {
          metric: 'ttm.revenue',
          label: 'Revenue (TTM)',
          value: 1_234_567_890,
          period: 'Q4 FY2026',
          accession: '0000012345-26-000012',
          sourceUrl: 'https://www.sec.gov/Archives/edgar/data/12345/000001234526000012/0000012345-26-000012-index.htm',
        },
        {
          metric: 'ttm.netIncome',
          label: 'Net income (TTM)',
          value: 98_765_432,
          period: 'Q4 FY2026',
          accession: '0000012345-26-000012',
          sourceUrl: 'https://www.sec.gov/Archives/edgar/data/12345/000001234526000012/0000012345-26-000012-index.htm',
        },
        {
          metric: 'margins.netPct',
          label: 'Net margin (%)',
          value: 8,
          period: 'Q4 FY2026',
          accession: '0000012345-26-000012',
          sourceUrl: 'https://www.sec.gov/Archives/edgar/data/12345/000001234526000012/0000012345-26-000012-index.htm',
        },
        {
          metric: 'valuation.pe',
          label: 'Price / earnings',
          value: 25.46,
          period: null,
          accession: null,
          sourceUrl: null,
        },
      ],
      'figures without a value are left out; a ratio whose only input is the live price cites no filing',
    );
    t.equal(brief.citations.filter((c) => c.id === 'filing:0000012345-26-000012').length, 1, 'one filing cited once');
    // Buys are trades 0, 3, ... 27 (10); sells the other 20; insider k%3 trades value (100+k)*10*(who+1).
    const value = (pick: (k: number) => boolean) =>
      Array.from({ length: 30 }, (_, k) => k)
        .filter(pick)
        .reduce((s, k) => s + (100 + k) * 10 * ((k % 3) + 1), 0);
    const shares = (pick: (k: number) => boolean) =>
      Array.from({ length: 30 }, (_, k) => k)
        .filter(pick)
        .reduce((s, k) => s + 100 + k, 0);
    t.same(brief.insiderSummary, {
      sinceDays: 365,
      buys: { count: 10, shares: shares((k) => k % 3 === 0), value: value((k) => k % 3 === 0), insiders: 1 },
      sells: { count: 20, shares: shares((k) => k % 3 !== 0), value: value((k) => k % 3 !== 0), insiders: 2 },
    });
    t.same(
      brief.insiders.map((r) => [r.insider.key, r.buys.count, r.sells.count, r.lastDate, r.accession]),
      [
        ['insider-2', 0, 10, '2026-10-26', '0000099999-26-000498'],
        ['insider-1', 0, 10, '2026-10-27', '0000099999-26-000499'],
        ['insider-0', 10, 0, '2026-10-28', '0000099999-26-000500'],
      ],
    );
    t.equal(brief.notYetAvailable, null, 'nothing named once SEC data, markets and series are held');
    const quiet = composeBrief(sources(0, 0, 0, 1, 1, 0), 4000);
    t.same(
      quiet.insiderSummary?.buys,
      { count: 0, shares: 0, value: 0, insiders: 0 },
      'no trade in the window is said, not left out',
    );
    t.same(quiet.insiders, []);
  },
);

t.test(
  "a story's brief states the filing behind it, and names it as missing only while no filing is held",
  async (t) => {
    const story = event(760, 90);
    const filing = {
      company: acme,
      accession: '0000012345-26-000020',
      form: '8-K',
      filingDate: '2026-11-20',
      reportDate: '2026-11-19',
      acceptedAt: '2026-11-20T21:05:00.000Z',
      items: ['2.02', '9.01'],
      primaryDocument: 'acme-8k.htm',
      description: null,
      size: 1000,
      isXbrl: false,
      sourceUrl: 'https://www.sec.gov/Archives/edgar/data/12345/000001234526000020/acme-8k.htm',
      eventId: 760,
    };
    const base = sources(0, 0, 0, 1, 1);
    const of = (detail: EventDetail, filed: string | null): BriefSources => ({
      ...base,
      type: 'event',
      event: detail,
      price: null,
      dataThrough: { ...coverage, filing: filed },
    });
    const filed = composeBrief(of({ ...story, causedMoves: [], relatedStories: [], filing }, '2026-11-20'), 4000);
    t.same(
      filed.facts.find((f) => f.text.startsWith('Filing behind it')),
      {
        text: 'Filing behind it: 8-K of Acme (accession 0000012345-26-000020), filed 2026-11-20, items 2.02, 9.01',
        path: '/companies/acme',
        sourceUrl: filing.sourceUrl,
      },
    );
    t.equal(filed.notYetAvailable, null);
    const plain = composeBrief(of({ ...story, causedMoves: [], relatedStories: [], filing: null }, '2026-11-20'), 4000);
    t.equal(plain.notYetAvailable, null, 'a story no filing is behind, once filings are held');
    const early = composeBrief(of({ ...story, causedMoves: [], relatedStories: [], filing: null }, null), 4000);
    t.equal(early.notYetAvailable, "Not in this service's data yet: the regulator filing behind it.");
  },
);

t.test(
  'no insider summary of zeros while no insider trade is held: the part is named as missing instead',
  async (t) => {
    const s = sources(0, 0, 0, 0, 0, 0);
    t.match(
      composeBrief(s, 4000).insiderSummary,
      { buys: { count: 0 }, sells: { count: 0 } },
      'once trades are held, a quiet window sums to zeros',
    );
    const none = composeBrief({ ...s, held: { ...s.held, insiders: false } }, 4000);
    t.equal(none.insiderSummary, null);
    t.match(none.notYetAvailable, /insider summary/);
  },
);
