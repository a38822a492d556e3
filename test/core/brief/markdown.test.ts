// The brief as Markdown: the same statements, stories and causes linked to their sources, and text from sources
// escaped so that it cannot make links or headings of its own.
import t from 'tap';
import { briefMarkdown } from '../../../core/brief/markdown.js';
import type { Brief } from '../../../core/schemas/brief.js';

const brief: Brief = {
  subject: { type: 'company', key: 'acme', label: 'Acme', path: '/companies/acme' },
  price: {
    instrument: { type: 'instrument', key: 'ACME', label: 'Acme Corp.', path: '/instruments/ACME' },
    price: 10.5,
    currency: 'USD',
    changePct: -1.25,
    priceTs: '2026-11-21T10:00:00.000Z',
    priceLabel: 'ACME · 24/7 (venues)',
  },
  facts: [
    {
      text: 'Segment *Rockets*: 60% of revenue',
      path: '/companies/acme',
      sourceUrl: 'https://filings.example/acme (2025)',
    },
  ],
  events: [
    {
      id: 7,
      occurredAt: '2026-11-20T12:00:00.000Z',
      kind: 'earnings',
      importance: 80,
      headline: 'Acme beats [estimates](javascript:alert(1))',
      summary: 'Up\n# not a heading',
      sourceName: 'Wire',
      sourceUrl: 'https://wire.example/7',
    },
  ],
  moves: [
    {
      symbol: 'ACME',
      date: '2026-11-20',
      pct: 9.5,
      changeBp: null,
      zScore: 3.2,
      explanation: 'ACME rose 9.50% (event 7).',
      causeIds: [7, 8],
      path: '/instruments/ACME/moves/2026-11-20',
    },
    {
      symbol: 'US10Y',
      date: '2026-11-19',
      pct: 3.86,
      changeBp: 15,
      zScore: 2.9,
      explanation: null,
      causeIds: [],
      path: '/instruments/US10Y/moves/2026-11-19',
    },
  ],
  catalysts: [
    {
      id: 3,
      kind: 'earnings',
      title: 'Acme Q4',
      expectedAt: '2027-02-01T21:00:00.000Z',
      precision: 'minute',
      confirmed: false,
      consensus: 'EPS $1',
      sourceUrl: 'javascript:alert(2)',
    },
  ],
  odds: [
    {
      slug: 'acme-ships-2027',
      question: 'Will Acme ship [it](javascript:x) in 2027?',
      outcomes: [
        { name: 'Yes', probability: 0.625 },
        { name: 'No', probability: 0.375 },
      ],
      status: 'open',
      closeAt: '2027-12-31T00:00:00.000Z',
      volume: 1000,
      sourceUrl: 'https://markets.example/acme-ships-2027',
    },
  ],
  macro: [
    {
      slug: 'us-cpi',
      name: 'US consumer price index',
      latest: { date: '2026-10-01', value: 330.1 },
      change: 0.9,
      headline: 2.71,
      displayMode: 'pct_change_yoy',
      units: 'Index',
      nextRelease: '2026-12-10',
      sourceUrl: 'https://fred.example/CPIAUCSL',
    },
  ],
  fundamentals: [
    {
      metric: 'ttm.revenue',
      label: 'Revenue (TTM)',
      value: 1234567890,
      period: 'TTM to Q4 FY2026',
      accession: '0000012345-26-000012',
      sourceUrl: 'https://www.sec.gov/Archives/edgar/data/12345/000001234526000012/0000012345-26-000012-index.htm',
    },
    {
      metric: 'growth.revenueTtmPct',
      label: 'Revenue growth, TTM on the TTM a year before (%)',
      value: 6.4,
      period: 'TTM to Q4 FY2026',
      accession: null,
      sourceUrl: null,
    },
    {
      metric: 'growth.netIncomeTtmPct',
      label: 'Net income growth, TTM on the TTM a year before (%)',
      value: -12.05,
      period: 'TTM to Q4 FY2026',
      accession: null,
      sourceUrl: null,
    },
    {
      metric: 'margins.netPct',
      label: 'Net margin (%)',
      value: 24.3,
      period: 'TTM to Q4 FY2026',
      accession: null,
      sourceUrl: null,
    },
    {
      metric: 'valuation.marketCap',
      label: 'Market capitalisation at the live price',
      value: 3456789012345,
      period: null,
      accession: null,
      sourceUrl: null,
    },
    {
      metric: 'balanceSheet.cash',
      label: 'Cash',
      value: 456700000,
      period: 'Q4 FY2026',
      accession: null,
      sourceUrl: null,
    },
    { metric: 'valuation.pe', label: 'Price / earnings', value: 25.46, period: null, accession: null, sourceUrl: null },
  ],
  insiderSummary: {
    sinceDays: 365,
    buys: { count: 1, shares: 100, value: 1000, insiders: 1 },
    sells: { count: 2, shares: 300, value: 4500, insiders: 2 },
  },
  insiders: [
    {
      insider: { type: 'person', key: 'jane-roe', label: 'Jane *Roe*', path: '/people/jane-roe' },
      company: { type: 'company', key: 'acme', label: 'Acme', path: '/companies/acme' },
      role: 'CFO',
      buys: { count: 0, shares: 0, value: 0 },
      sells: { count: 2, shares: 300, value: 4500 },
      lastDate: '2026-10-28',
      accession: '0000099999-26-000500',
      sourceUrl: 'https://www.sec.gov/Archives/edgar/data/12345/000009999926000500/form4.xml',
    },
  ],
  notYetAvailable: "Not in this service's data yet: related prediction-market odds.",
  dataThrough: {
    event: '2026-11-20T12:00:00Z',
    price: null,
    move: '2026-11-20',
    macroObservation: null,
    filing: null,
    oddsUpdate: null,
  },
  citations: [
    { id: 'event:7', path: '/events/7', sourceUrl: 'https://wire.example/7' },
    { id: 'event:8', path: '/events/8', sourceUrl: 'https://wire.example/8' },
    { id: 'catalyst:3', path: null, sourceUrl: 'javascript:alert(2)' },
    {
      id: 'market:acme-ships-2027',
      path: '/odds/acme-ships-2027',
      sourceUrl: 'https://markets.example/acme-ships-2027',
    },
    { id: 'macro:us-cpi', path: '/macro/us-cpi', sourceUrl: 'https://fred.example/CPIAUCSL' },
    {
      id: 'filing:0000012345-26-000012',
      path: '/filings?company=acme',
      sourceUrl: 'https://www.sec.gov/Archives/edgar/data/12345/000001234526000012/0000012345-26-000012-index.htm',
    },
    {
      id: 'filing:0000099999-26-000500',
      path: '/insider-trades?company=acme',
      sourceUrl: 'https://www.sec.gov/Archives/edgar/data/12345/000009999926000500/form4.xml',
    },
  ],
  budget: {
    maxTokens: 4000,
    tokens: 321,
    estimate: 'characters / 4',
    omitted: { facts: 0, events: 2, moves: 0, catalysts: 0, odds: 0, macro: 0, fundamentals: 0, insiders: 0 },
  },
};

const md = briefMarkdown(brief);

t.test('every section, the price with its label, and the budget line', async (t) => {
  t.match(md, /^# Acme \(company brief\)\n/);
  t.match(
    md,
    /\*\*Price:\*\* \$10\.50, -1\.25% since the previous 00:00 UTC close \(ACME · 24\/7 \(venues\), 2026-11-21T10:00:00\.000Z\)/,
  );
  for (const title of [
    '## Facts',
    '## Recent stories',
    '## Unusual moves',
    '## Upcoming catalysts',
    '## Prediction markets',
    '## Macro backdrop',
    '## Fundamentals',
    '## Insider trades',
    '## Citations',
  ]) {
    t.match(md, title);
  }
  t.match(md, '- 2026-11-19 US10Y +15 bp, z 2.9', "a rate's move in basis points");
  t.match(
    md,
    '- [Will Acme ship \\[it\\](javascript:x) in 2027?](https://markets.example/acme-ships-2027) (open, closes 2027-12-31): Yes 62.5%, No 37.5%',
  );
  t.match(
    md,
    '- [US consumer price index](https://fred.example/CPIAUCSL): 330.1 Index for 2026-10-01; pct change yoy +2.71%; next release 2026-12-10',
  );
  t.match(
    md,
    '- Revenue (TTM): $1.23B (TTM to Q4 FY2026) · [filing 0000012345-26-000012](https://www.sec.gov/Archives/edgar/data/12345/000001234526000012/0000012345-26-000012-index.htm)',
  );
  t.match(
    md,
    '**Insiders, open market, last 365 days:** 1 buys (100 shares, $1.0K, by 1 insider); 2 sells (300 shares, $4.5K, by 2 insiders)',
  );
  t.match(
    md,
    '- Jane \\*Roe\\* (CFO): bought 0× 0 shares $0; sold 2× 300 shares $4.5K; latest 2026-10-28, [Form 4 0000099999-26-000500](https://www.sec.gov/Archives/edgar/data/12345/000009999926000500/form4.xml)',
  );
  t.match(md, "_Not in this service's data yet: related prediction-market odds._");
  t.match(md, 'Data through: event 2026-11-20T12:00:00Z, move 2026-11-20.');
  t.match(md, '_About 321 tokens as JSON (characters / 4), at most 4000; left out for the budget: 2 events._');
});

t.test('money and percentages read as people read them; the JSON keeps its numbers', async (t) => {
  for (const line of [
    '- Revenue growth, TTM on the TTM a year before: +6.40% (TTM to Q4 FY2026)\n',
    '- Net income growth, TTM on the TTM a year before: -12.05% (TTM to Q4 FY2026)\n',
    '- Net margin: 24.30% (TTM to Q4 FY2026)\n',
    '- Market capitalisation at the live price: $3.46T\n',
    '- Cash: $456.7M (Q4 FY2026)\n',
    '- Price / earnings: 25.46\n',
    '- 2026-11-20 ACME +9.50%, z 3.2',
  ]) {
    t.ok(md.includes(line), line);
  }
  t.equal(brief.fundamentals[0]!.value, 1234567890, 'the brief itself is left as it was');
  const yen = briefMarkdown({ ...brief, price: { ...brief.price!, price: 145.2, currency: 'JPY', changePct: 0.3 } });
  t.match(yen, '**Price:** 145.20 JPY, +0.30% since');
  const yield2y = briefMarkdown({ ...brief, price: { ...brief.price!, price: 4.3, currency: 'PCT', changePct: null } });
  t.match(yield2y, '**Price:** 4.30% (');
  const cpi = brief.macro[0]!;
  const rates = briefMarkdown({
    ...brief,
    macro: [
      {
        ...cpi,
        slug: 'fed',
        name: 'Fed funds',
        units: 'Percent',
        displayMode: 'rate',
        latest: { date: '2026-11-25', value: 3.75 },
        headline: 3.75,
        nextRelease: null,
      },
      {
        ...cpi,
        slug: 'jobs',
        name: 'Payrolls',
        units: 'Thousands of Persons',
        displayMode: 'change',
        latest: { date: '2026-10-01', value: 164470 },
        headline: 211,
        nextRelease: null,
      },
    ],
  });
  t.match(rates, '- Fed funds: 3.75% for 2026-11-25\n', 'a rate in percent');
  t.match(
    rates,
    '- Payrolls: 164,470 Thousands of Persons for 2026-10-01; change +211 Thousands of Persons\n',
    'a change with its sign and units',
  );
  const coin = briefMarkdown({ ...brief, price: { ...brief.price!, price: 0.0000123456, changePct: 0 } });
  t.match(coin, '**Price:** $0.00001235, +0.00% since', 'a price under a dollar keeps four significant digits');
});

t.test('stories and causes link to their sources; the API path of each citation is given', async (t) => {
  t.match(md, '(https://wire.example/7) (event 7)');
  t.match(md, 'Causes: [event 7](https://wire.example/7), [event 8](https://wire.example/8).');
  t.match(md, '- [event:8](https://wire.example/8) (API: /v1/events/8)');
  t.match(md, '([source](https://filings.example/acme%20%282025%29))', 'characters that would end a link are encoded');
});

t.test('text from sources cannot make links or headings, and only http(s) addresses become links', async (t) => {
  t.match(md, 'Acme beats \\[estimates\\](javascript:alert(1))');
  t.notMatch(md, /\n# not a heading/);
  t.notMatch(md, /[^\\]\]\(javascript:/, 'no link to javascript:');
  t.match(md, 'Acme Q4 (`javascript:alert(2)`)');
  t.match(md, 'Segment \\*Rockets\\*');
});
