// An analyst's check of the demo's eight SEC companies against the real ones, over HTTP: trailing revenue, net income
// and diluted shares within 25% of each company's latest real annual report, the segment mix within 25% of it, the
// ratios an analyst would compare (P/E, P/S, P/B) in the band the company really trades in, market caps of the real
// size and order, and index levels that fit their members' prices and caps as the real ones do. The table below is
// the real world, written out with its sources, so the demo is held to it rather than to its own constants.

import t from 'tap';
import { DEMO_READER, sharedServer } from '../../harness/shared-server.js';

interface Real {
  company: string;
  /** Where the figures come from. */
  source: string;
  revenueBn: number;
  netIncomeBn: number;
  dilutedSharesBn: number;
  /** Revenue share of each segment (%), by the demo's segment name. */
  segments: Record<string, number>;
  /** Trailing P/E, P/S and P/B ranges the company traded in through 2024-2025, rounded out. */
  pe: [number, number];
  ps: [number, number];
  pb: [number, number];
  /** Market capitalisation on 2025-09-30 (close x shares outstanding), $ trillions. */
  capT: number;
}

const REAL: Real[] = [
  {
    company: 'apple',
    source:
      '10-K fiscal 2025 (year to 27 September 2025), accession 0000320193-25-000079, ../shared/realdata companyfacts',
    revenueBn: 416.161,
    netIncomeBn: 112.01,
    dilutedSharesBn: 15.005,
    segments: { iPhone: 50.4, Services: 26.2, Mac: 8.1, 'Wearables, home and accessories': 8.6, iPad: 6.7 },
    pe: [28, 40],
    ps: [6.5, 11],
    pb: [35, 70],
    capT: 3.76,
  },
  {
    company: 'microsoft',
    source: '10-K fiscal 2025 (year to 30 June 2025)',
    revenueBn: 281.724,
    netIncomeBn: 101.832,
    dilutedSharesBn: 7.465,
    segments: {
      'Productivity and business processes': 42.9,
      'Intelligent cloud': 37.7,
      'More personal computing': 19.4,
    },
    pe: [30, 42],
    ps: [9, 16],
    pb: [8, 15],
    capT: 3.85,
  },
  {
    company: 'nvidia',
    source: '10-K fiscal 2025 (year to 26 January 2025)',
    revenueBn: 130.497,
    netIncomeBn: 72.88,
    dilutedSharesBn: 24.804,
    segments: { 'Data center': 88.3, Gaming: 8.7, 'Professional visualization': 1.4, 'Automotive and robotics': 1.3 },
    pe: [40, 70],
    ps: [20, 40],
    pb: [35, 70],
    capT: 4.54,
  },
  {
    company: 'tesla',
    source: '10-K 2024',
    revenueBn: 97.69,
    netIncomeBn: 7.091,
    dilutedSharesBn: 3.498,
    segments: { Automotive: 78.9, 'Energy generation and storage': 10.3, 'Services and other': 10.8 },
    pe: [60, 280],
    ps: [7, 18],
    pb: [10, 25],
    capT: 1.48,
  },
  {
    company: 'amazon',
    source: '10-K 2024',
    revenueBn: 637.959,
    netIncomeBn: 59.248,
    dilutedSharesBn: 10.721,
    segments: { 'North America': 60.7, International: 22.4, 'Cloud services': 16.9 },
    pe: [30, 50],
    ps: [2.5, 4.5],
    pb: [5.5, 11],
    capT: 2.34,
  },
  {
    company: 'jpmorgan-chase',
    source: '10-K 2024 (total net revenue)',
    revenueBn: 177.556,
    netIncomeBn: 58.471,
    dilutedSharesBn: 2.874,
    // Of the three business segments' managed revenue: CCB $71.5B, CIB $70.1B, AWM $21.6B.
    segments: {
      'Consumer and community banking': 43.8,
      'Commercial and investment bank': 43.0,
      'Asset and wealth management': 13.2,
    },
    pe: [11, 17.5],
    ps: [3.5, 6],
    pb: [1.7, 3.2],
    capT: 0.87,
  },
  {
    company: 'exxon-mobil',
    source: '10-K 2024 (total revenues and other income)',
    revenueBn: 349.585,
    netIncomeBn: 33.68,
    dilutedSharesBn: 4.3,
    segments: {},
    pe: [11, 17],
    ps: [1, 1.8],
    pb: [1.4, 2.3],
    capT: 0.48,
  },
  {
    company: 'eli-lilly',
    source: '10-K 2024',
    revenueBn: 45.043,
    netIncomeBn: 10.59,
    dilutedSharesBn: 0.904,
    segments: {},
    pe: [45, 90],
    ps: [10, 20],
    pb: [35, 65],
    capT: 0.72,
  },
];

/** On 2025-09-30: SPDR S&P 500 and Invesco QQQ over their indices; the Dow's five members' prices and the S&P 500's and
 * Nasdaq-100's members' caps ($) per index point. */
const ETF_RATIO = { SPY: ['SPX', 666.18 / 6688.46], QQQ: ['NDX', 600.37 / 24679.99] } as const;
const POINTS = {
  DJI: {
    members: ['MSFT', 'JPM', 'AAPL', 'AMZN', 'NVDA'],
    by: 'price',
    real: (517.95 + 315.43 + 254.63 + 219.57 + 186.58) / 46397.89,
  },
  SPX: { members: ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'TSLA', 'JPM', 'LLY', 'XOM'], by: 'cap', real: 18.04e12 / 6688.46 },
  NDX: { members: ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'TSLA'], by: 'cap', real: 15.97e12 / 24679.99 },
} as const;

const server = await sharedServer(DEMO_READER);
t.teardown(() => server.release());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const get = async (path: string): Promise<Json> => {
  const res = await server.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as Json).data;
};
const within = (value: number, real: number, tolerance = 0.25) => Math.abs(value / real - 1) <= tolerance;
const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toPrecision(3));

interface Seen {
  real: Real;
  profile: Json;
  ratios: Record<'pe' | 'ps' | 'pb', number | null>;
  company: string;
  symbol: string;
  price: number;
  revenue: number;
  netIncome: number;
  dilutedShares: number;
  cap: number;
}
// Every answer first: tap's subtests are all created before the root test ends.
const seen: Seen[] = [];
for (const real of REAL) {
  const [profile, fund, fin] = await Promise.all([
    get(`/v1/companies/${real.company}`),
    get(`/v1/companies/${real.company}/fundamentals`),
    get(`/v1/companies/${real.company}/financials?metrics=diluted_shares&quarters=4&years=1`),
  ]);
  const shares = (fin.metrics[0].quarters as Json[]).filter((c) => c?.value).map((c) => c.value as number);
  seen.push({
    real,
    profile,
    ratios: { pe: fund.valuation.pe.value, ps: fund.valuation.ps.value, pb: fund.valuation.pb.value },
    company: real.company,
    symbol: profile.primaryInstrument?.key ?? profile.tickers[0],
    price: fund.price.value,
    revenue: fund.ttm.revenue.value,
    netIncome: fund.ttm.netIncome.value,
    dilutedShares: shares.reduce((a, b) => a + b, 0) / shares.length,
    cap: fund.valuation.marketCap.value,
  });
}
const instruments = new Map<string, number>();
for (const symbol of ['SPX', 'NDX', 'DJI', 'SPY', 'QQQ'])
  instruments.set(symbol, (await get(`/v1/instruments/${symbol}`)).price);

for (const s of seen) {
  const { real, profile, ratios } = s;
  t.comment(
    `${real.company}: revenue $${fmt(s.revenue / 1e9)}B, net income $${fmt(s.netIncome / 1e9)}B, diluted shares ${fmt(s.dilutedShares / 1e9)}B, ` +
      `P/E ${ratios.pe}, P/S ${ratios.ps}, P/B ${ratios.pb}, market cap $${fmt(s.cap / 1e12)}T at $${fmt(s.price)}`,
  );

  t.test(`${real.company}: the size of its latest real annual report (${real.source})`, async (t) => {
    for (const [figure, value, want] of [
      ['TTM revenue', s.revenue, real.revenueBn * 1e9],
      ['TTM net income', s.netIncome, real.netIncomeBn * 1e9],
      ['diluted shares', s.dilutedShares, real.dilutedSharesBn * 1e9],
    ] as const) {
      t.ok(within(value, want), `${real.company} ${figure}: ${fmt(value / 1e9)}B against ${fmt(want / 1e9)}B`);
    }
    const shares = new Map((profile.segments as Json[]).map((g) => [g.name as string, g.revenueSharePct as number]));
    for (const [name, pct] of Object.entries(real.segments)) {
      const got = shares.get(name);
      // A segment under 2% of revenue is held to half a point instead.
      t.ok(
        got !== undefined && (pct < 2 ? Math.abs(got - pct) <= 0.5 : within(got, pct)),
        `${real.company} segment ${name}: ${got}% against ${pct}%`,
      );
    }
  });

  t.test(`${real.company}: P/E, P/S and P/B in the band it trades in`, async (t) => {
    for (const key of ['pe', 'ps', 'pb'] as const) {
      const [low, high] = real[key];
      const value = ratios[key];
      t.ok(
        value !== null && value >= low && value <= high,
        `${real.company} ${key.toUpperCase()}: ${value}, not in ${low}-${high}`,
      );
    }
  });
}

t.test(
  'market caps: each within half of its real size either way, the trillion-dollar four above the rest',
  async (t) => {
    for (const real of REAL) {
      const cap = seen.find((s) => s.company === real.company)!.cap;
      t.ok(
        cap / 1e12 >= real.capT / 1.5 && cap / 1e12 <= real.capT * 1.5,
        `${real.company} market cap: $${fmt(cap / 1e12)}T against $${real.capT}T`,
      );
    }
    const big = seen.filter((s) => ['apple', 'microsoft', 'nvidia', 'amazon'].includes(s.company));
    const rest = seen.filter((s) => ['jpmorgan-chase', 'exxon-mobil', 'eli-lilly'].includes(s.company));
    for (const b of big)
      for (const r of rest)
        t.ok(b.cap > r.cap, `${b.company} ($${fmt(b.cap / 1e12)}T) above ${r.company} ($${fmt(r.cap / 1e12)}T)`);
  },
);

t.test('ranks by revenue: Amazon above Apple, Tesla a fraction of both', async (t) => {
  const revenue = (c: string) => seen.find((s) => s.company === c)!.revenue;
  t.ok(
    revenue('amazon') > revenue('apple'),
    `amazon $${fmt(revenue('amazon') / 1e9)}B above apple $${fmt(revenue('apple') / 1e9)}B`,
  );
  t.ok(revenue('tesla') < revenue('apple') / 3, `tesla $${fmt(revenue('tesla') / 1e9)}B under a third of apple's`);
});

t.test('index levels fit their members and their ETFs as the real ones do', async (t) => {
  const price = (symbol: string) => instruments.get(symbol)!;
  for (const [etf, [index, real]] of Object.entries(ETF_RATIO)) {
    const ratio = price(etf) / price(index);
    t.ok(within(ratio, real, 0.05), `${etf}/${index}: ${ratio.toFixed(5)} against ${real.toFixed(5)}`);
  }
  const bySymbol = new Map(seen.map((s) => [s.symbol, s]));
  for (const [index, { members, by, real }] of Object.entries(POINTS)) {
    const level = price(index);
    const sum = members.reduce((a, m) => a + (by === 'price' ? bySymbol.get(m)!.price : bySymbol.get(m)!.cap), 0);
    t.ok(
      within(sum / level, real),
      `${index} at ${fmt(level)}: its members' ${by}s per point ${fmt(sum / level)} against ${fmt(real)}`,
    );
  }
});
