// The macro series Tapewire knows by name: per FRED series id, the slug the service calls it by, its name, what it
// measures, how it is shown and why it matters, in the service's own words, and the release that publishes it. A
// series imported that is not here is still served, under a slug made from its id (seriesDefinition).
import type { MacroCategory, MacroDisplayMode, MacroFrequency } from '../vocabulary.js';

/** A release that publishes series: the source's id for it (FRED's release_id), its name, and when it comes out. */
export interface Release {
  id: string;
  name: string;
  /** When it is usually published, in the service's own words. */
  schedule: string;
}

export interface CatalogSeries {
  source: string;
  /** The source's own series id (FRED's CPIAUCSL). */
  seriesId: string;
  slug: string;
  name: string;
  category: MacroCategory;
  frequency: MacroFrequency;
  units: string;
  /** SA, NSA or SAAR, as FRED abbreviates it. */
  seasonalAdjustment: string;
  displayMode: MacroDisplayMode;
  whyItMatters: string;
  release: Release | null;
}

const FOMC: Release = {
  id: '101',
  name: 'FOMC Press Release',
  schedule: 'After each of the eight scheduled FOMC meetings a year, 14:00 New York time',
};
const H15: Release = {
  id: '18',
  name: 'H.15 Selected Interest Rates',
  schedule: 'Every business day, daily rates with a one-day lag',
};
const CPI: Release = {
  id: '10',
  name: 'Consumer Price Index',
  schedule: 'Monthly, around the middle of the month, 08:30 New York time (BLS)',
};
const JOBS: Release = {
  id: '50',
  name: 'Employment Situation',
  schedule: 'Monthly, usually the first Friday, 08:30 New York time (BLS)',
};
const CLAIMS: Release = {
  id: '180',
  name: 'Unemployment Insurance Weekly Claims Report',
  schedule: 'Every Thursday, 08:30 New York time (Department of Labor)',
};
const GDP: Release = {
  id: '53',
  name: 'Gross Domestic Product',
  schedule:
    'Quarterly, advance estimate about a month after the quarter ends, then two revisions, 08:30 New York time (BEA)',
};
const PCE: Release = {
  id: '54',
  name: 'Personal Income and Outlays',
  schedule: 'Monthly, near the end of the month, 08:30 New York time (BEA)',
};
const RETAIL: Release = {
  id: '9',
  name: 'Advance Monthly Sales for Retail and Food Services',
  schedule: 'Monthly, around the 15th, 08:30 New York time (Census Bureau)',
};
const H10: Release = {
  id: '17',
  name: 'H.10 Foreign Exchange Rates',
  schedule: 'Weekly, on Mondays, with the daily rates of the week before',
};
const H41: Release = {
  id: '20',
  name: 'H.4.1 Factors Affecting Reserve Balances',
  schedule: 'Every Thursday, 16:30 New York time, as of Wednesday',
};
const H6: Release = { id: '21', name: 'H.6 Money Stock Measures', schedule: 'Monthly, on the fourth Tuesday' };

const FRED = 'fred';

export const MACRO_CATALOG: readonly CatalogSeries[] = [
  {
    source: FRED,
    seriesId: 'DFEDTARU',
    slug: 'fed-funds-rate',
    name: 'Federal funds target rate',
    category: 'rates',
    frequency: 'daily',
    units: 'Percent',
    seasonalAdjustment: 'NSA',
    displayMode: 'rate',
    release: FOMC,
    whyItMatters:
      'The upper end of the range the Fed sets for overnight lending between banks: the anchor of every other US interest rate, so each decision reprices bonds, the dollar and shares at once.',
  },
  {
    source: FRED,
    seriesId: 'FEDFUNDS',
    slug: 'fed-funds-effective',
    name: 'Effective federal funds rate',
    category: 'rates',
    frequency: 'monthly',
    units: 'Percent',
    seasonalAdjustment: 'NSA',
    displayMode: 'rate',
    release: H15,
    whyItMatters:
      'The rate banks actually pay each other overnight, averaged over the month: it shows where policy has been, inside the range the Fed targets.',
  },
  {
    source: FRED,
    seriesId: 'DGS2',
    slug: 'us-2y-yield',
    name: 'US 2-year Treasury yield',
    category: 'rates',
    frequency: 'daily',
    units: 'Percent',
    seasonalAdjustment: 'NSA',
    displayMode: 'rate',
    release: H15,
    whyItMatters:
      "The bond market's bet on the policy rate over the next two years: it moves first when traders change their view of the Fed.",
  },
  {
    source: FRED,
    seriesId: 'DGS10',
    slug: 'us-10y-yield',
    name: 'US 10-year Treasury yield',
    category: 'rates',
    frequency: 'daily',
    units: 'Percent',
    seasonalAdjustment: 'NSA',
    displayMode: 'rate',
    release: H15,
    whyItMatters:
      'The benchmark long-term rate: mortgages, corporate borrowing and the value placed on future profits all key off it.',
  },
  {
    source: FRED,
    seriesId: 'T10Y2Y',
    slug: 'us-yield-curve',
    name: 'US yield curve (10-year minus 2-year)',
    category: 'rates',
    frequency: 'daily',
    units: 'Percent',
    seasonalAdjustment: 'NSA',
    displayMode: 'rate',
    release: null,
    whyItMatters:
      'How much more the Treasury pays to borrow for ten years than for two: below zero (inverted) it has preceded every US recession since the 1970s.',
  },
  {
    source: FRED,
    seriesId: 'CPIAUCSL',
    slug: 'us-cpi',
    name: 'US consumer price index',
    category: 'inflation',
    frequency: 'monthly',
    units: 'Index 1982-1984=100',
    seasonalAdjustment: 'SA',
    displayMode: 'pct_change_yoy',
    release: CPI,
    whyItMatters:
      'The headline measure of US inflation: a hotter print than expected pushes rate expectations and yields up and usually weighs on shares.',
  },
  {
    source: FRED,
    seriesId: 'CPILFESL',
    slug: 'us-core-cpi',
    name: 'US core consumer price index',
    category: 'inflation',
    frequency: 'monthly',
    units: 'Index 1982-1984=100',
    seasonalAdjustment: 'SA',
    displayMode: 'pct_change_yoy',
    release: CPI,
    whyItMatters:
      'Consumer prices without food and energy, whose swings say little about the trend: the part of inflation policy makers watch most closely in the CPI.',
  },
  {
    source: FRED,
    seriesId: 'PCEPILFE',
    slug: 'us-core-pce',
    name: 'US core PCE price index',
    category: 'inflation',
    frequency: 'monthly',
    units: 'Index 2017=100',
    seasonalAdjustment: 'SA',
    displayMode: 'pct_change_yoy',
    release: PCE,
    whyItMatters:
      "The inflation gauge the Fed's 2% target is written against: prices of what households buy, without food and energy.",
  },
  {
    source: FRED,
    seriesId: 'PCEPI',
    slug: 'us-pce',
    name: 'US PCE price index',
    category: 'inflation',
    frequency: 'monthly',
    units: 'Index 2017=100',
    seasonalAdjustment: 'SA',
    displayMode: 'pct_change_yoy',
    release: PCE,
    whyItMatters:
      'Prices of everything households buy, food and energy included: the broad inflation measure beside its core.',
  },
  {
    source: FRED,
    seriesId: 'PAYEMS',
    slug: 'us-payrolls',
    name: 'US nonfarm payrolls',
    category: 'jobs',
    frequency: 'monthly',
    units: 'Thousands of Persons',
    seasonalAdjustment: 'SA',
    displayMode: 'change',
    release: JOBS,
    whyItMatters:
      'Jobs added in the month outside farming: the most market-moving number of the jobs report, and often revised a lot in the two months after.',
  },
  {
    source: FRED,
    seriesId: 'UNRATE',
    slug: 'us-unemployment',
    name: 'US unemployment rate',
    category: 'jobs',
    frequency: 'monthly',
    units: 'Percent',
    seasonalAdjustment: 'SA',
    displayMode: 'rate',
    release: JOBS,
    whyItMatters:
      "The share of the labour force looking for work: half of the Fed's mandate, and a rise of half a point from its low has marked recessions.",
  },
  {
    source: FRED,
    seriesId: 'ICSA',
    slug: 'us-jobless-claims',
    name: 'US initial jobless claims',
    category: 'jobs',
    frequency: 'weekly',
    units: 'Number',
    seasonalAdjustment: 'SA',
    displayMode: 'level',
    release: CLAIMS,
    whyItMatters:
      'New claims for unemployment benefits each week: the most timely read on layoffs, a turn up shows before it reaches the monthly jobs report.',
  },
  {
    source: FRED,
    seriesId: 'GDPC1',
    slug: 'us-real-gdp',
    name: 'US real GDP',
    category: 'growth',
    frequency: 'quarterly',
    units: 'Billions of Chained 2017 Dollars',
    seasonalAdjustment: 'SAAR',
    displayMode: 'pct_change_yoy',
    release: GDP,
    whyItMatters:
      'The output of the whole economy after inflation, shown as growth from a year before: the broadest measure of whether the economy expands.',
  },
  {
    source: FRED,
    seriesId: 'GDP',
    slug: 'us-gdp',
    name: 'US nominal GDP',
    category: 'growth',
    frequency: 'quarterly',
    units: 'Billions of Dollars',
    seasonalAdjustment: 'SAAR',
    displayMode: 'pct_change_yoy',
    release: GDP,
    whyItMatters:
      "The economy's output at current prices: what revenues and tax receipts grow with, inflation included.",
  },
  {
    source: FRED,
    seriesId: 'RSXFS',
    slug: 'us-retail-sales',
    name: 'US retail sales (excluding food services)',
    category: 'growth',
    frequency: 'monthly',
    units: 'Millions of Dollars',
    seasonalAdjustment: 'SA',
    displayMode: 'pct_change_mom',
    release: RETAIL,
    whyItMatters:
      'What shoppers spent in stores and online in the month: consumers make up about two thirds of US spending.',
  },
  {
    source: FRED,
    seriesId: 'DTWEXBGS',
    slug: 'usd-broad-index',
    name: 'US dollar index (broad, trade-weighted)',
    category: 'fx',
    frequency: 'daily',
    units: 'Index Jan 2006=100',
    seasonalAdjustment: 'NSA',
    displayMode: 'level',
    release: H10,
    whyItMatters:
      'The dollar against the currencies of US trading partners, weighted by trade: a strong dollar tightens conditions worldwide and weighs on US exporters and commodities.',
  },
  {
    source: FRED,
    seriesId: 'DCOILWTICO',
    slug: 'wti-crude-oil',
    name: 'WTI crude oil price',
    category: 'commodities',
    frequency: 'daily',
    units: 'Dollars per Barrel',
    seasonalAdjustment: 'NSA',
    displayMode: 'level',
    release: null,
    whyItMatters:
      'The US benchmark oil price: it feeds straight into fuel prices and headline inflation, and into the profits of energy companies.',
  },
  {
    source: FRED,
    seriesId: 'WALCL',
    slug: 'fed-balance-sheet',
    name: 'Federal Reserve total assets',
    category: 'liquidity',
    frequency: 'weekly',
    units: 'Millions of Dollars',
    seasonalAdjustment: 'NSA',
    displayMode: 'level',
    release: H41,
    whyItMatters:
      "The size of the Fed's balance sheet: it grows when the Fed buys bonds and adds reserves to the system, and shrinks as it lets them run off.",
  },
  {
    source: FRED,
    seriesId: 'M2SL',
    slug: 'us-m2',
    name: 'US M2 money supply',
    category: 'liquidity',
    frequency: 'monthly',
    units: 'Billions of Dollars',
    seasonalAdjustment: 'SA',
    displayMode: 'pct_change_yoy',
    release: H6,
    whyItMatters:
      'Cash, deposits and money-market funds held by the public: its growth tracks how much spending power is in the system.',
  },
  {
    source: FRED,
    seriesId: 'BAMLH0A0HYM2',
    slug: 'us-high-yield-spread',
    name: 'US high-yield bond spread',
    category: 'liquidity',
    frequency: 'daily',
    units: 'Percent',
    seasonalAdjustment: 'NSA',
    displayMode: 'rate',
    release: null,
    whyItMatters:
      'The extra yield investors ask to lend to riskier companies: it widens fast when credit gets scarce, often ahead of a sell-off in shares.',
  },
  {
    source: FRED,
    seriesId: 'VIXCLS',
    slug: 'vix',
    name: 'VIX volatility index',
    category: 'markets',
    frequency: 'daily',
    units: 'Index',
    seasonalAdjustment: 'NSA',
    displayMode: 'level',
    release: null,
    whyItMatters:
      "The volatility S&P 500 options price in for the next 30 days: the market's gauge of fear, which jumps when shares fall.",
  },
  {
    source: FRED,
    seriesId: 'SP500',
    slug: 'sp500',
    name: 'S&P 500 index',
    category: 'markets',
    frequency: 'daily',
    units: 'Index',
    seasonalAdjustment: 'NSA',
    displayMode: 'level',
    release: null,
    whyItMatters:
      'The 500 largest US listed companies by value: the benchmark of the US stock market, as a backdrop to the macro series.',
  },
];

/** The dashboard's headline series, in the order it shows them. */
export const DASHBOARD_SLUGS: readonly string[] = [
  'fed-funds-rate',
  'us-cpi',
  'us-core-pce',
  'us-payrolls',
  'us-unemployment',
  'us-jobless-claims',
  'us-real-gdp',
  'us-retail-sales',
  'us-2y-yield',
  'us-10y-yield',
  'us-yield-curve',
  'usd-broad-index',
  'wti-crude-oil',
];

const BY_ID = new Map(MACRO_CATALOG.map((s) => [`${s.source}:${s.seriesId}`, s]));

/** The catalog's entry for a source's series id, or null. */
export function catalogSeries(source: string, seriesId: string): CatalogSeries | null {
  return BY_ID.get(`${source}:${seriesId}`) ?? null;
}

/** The catalog's entry by slug, or null. */
export function catalogBySlug(slug: string): CatalogSeries | null {
  return MACRO_CATALOG.find((s) => s.slug === slug) ?? null;
}
