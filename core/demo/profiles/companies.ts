// The demo's sectors and company profiles. The companies are real names with real tickers, CIKs and fiscal years, as a
// reader would look them up, and the segment mix of their latest annual reports (the year real-scale.ts sizes them
// by); everything the demo says happened to them (prices, stories, people, projects) is invented, and every source it
// cites is on the reserved .example domain.
import type { CompanyRecord, SectorRecord } from '../../sources/records.js';

type Sector = Omit<SectorRecord, 'source' | 'sourceKey'>;

export const DEMO_SECTORS: Sector[] = [
  {
    slug: 'technology',
    name: 'Technology',
    description:
      'Makers of chips, devices and software, and the cloud platforms they run on. Earnings follow enterprise and consumer spending on computing, and the sector carries the largest weight in the broad US indices.',
  },
  {
    slug: 'consumer-discretionary',
    name: 'Consumer discretionary',
    description:
      'Businesses selling what households can put off buying: cars, online retail, travel and leisure. Sales track employment, wages and borrowing costs more closely than staples do.',
  },
  {
    slug: 'financials',
    name: 'Financials',
    description:
      'Banks, custodians and asset managers. Lending margins move with the level and slope of interest rates; fee income moves with asset prices and trading activity.',
  },
  {
    slug: 'energy',
    name: 'Energy',
    description:
      'Oil and gas producers, refiners and their suppliers. Profits follow crude and natural gas prices, which depend on producer output decisions and global demand.',
  },
  {
    slug: 'health-care',
    name: 'Health care',
    description:
      'Drug makers, device makers and insurers. Results turn on clinical trials, regulatory approvals and drug pricing more than on the economic cycle.',
  },
];

/** A company's profile without the dates the demo's anchor decides (the head count's date, the sources' years). */
export type DemoProfile = Omit<CompanyRecord, 'source' | 'sourceKey' | 'employeesAsOf' | 'sourceUrl' | 'segments'> & {
  segments: { name: string; revenueSharePct: number; description: string }[];
};

export const DEMO_PROFILES: DemoProfile[] = [
  {
    slug: 'apple',
    name: 'Apple',
    legalName: 'Apple Inc.',
    tickers: ['AAPL'],
    cik: '0000320193',
    sector: 'technology',
    industry: 'Consumer electronics',
    country: 'US',
    fiscalYearEndMonth: 9,
    description:
      'Designs phones, computers, tablets and wearables, and sells services on top of its installed base of devices: an app store, payments, cloud storage, music and video subscriptions.',
    website: 'https://www.apple.com',
    employees: 164_000,
    primaryInstrument: 'AAPL',
    segments: [
      { name: 'iPhone', revenueSharePct: 50.4, description: 'Smartphones.' },
      {
        name: 'Services',
        revenueSharePct: 26.2,
        description: 'App store commissions, subscriptions, payments, cloud storage and licensing.',
      },
      {
        name: 'Wearables, home and accessories',
        revenueSharePct: 8.6,
        description: 'Watches, earphones, home devices and accessories.',
      },
      { name: 'Mac', revenueSharePct: 8.1, description: 'Desktop and laptop computers.' },
      { name: 'iPad', revenueSharePct: 6.7, description: 'Tablets.' },
    ],
    peers: [
      {
        company: 'microsoft',
        why: 'The other consumer and software platform of comparable size, competing for developers and for spending on devices and subscriptions.',
      },
      {
        company: 'amazon',
        why: 'Competes in devices, streaming and subscriptions, and for the same household spending.',
      },
    ],
  },
  {
    slug: 'microsoft',
    name: 'Microsoft',
    legalName: 'Microsoft Corporation',
    tickers: ['MSFT'],
    cik: '0000789019',
    sector: 'technology',
    industry: 'Software and cloud services',
    country: 'US',
    fiscalYearEndMonth: 6,
    description:
      'Sells operating systems, office software and developer tools, most of them now as subscriptions, and runs one of the three largest public clouds, which also hosts its AI services.',
    website: 'https://www.microsoft.com',
    employees: 228_000,
    primaryInstrument: 'MSFT',
    segments: [
      {
        name: 'Productivity and business processes',
        revenueSharePct: 42.9,
        description: 'Office subscriptions, professional networking, business applications.',
      },
      {
        name: 'Intelligent cloud',
        revenueSharePct: 37.7,
        description: 'Cloud infrastructure and platform services, server software.',
      },
      {
        name: 'More personal computing',
        revenueSharePct: 19.4,
        description: 'Operating system licences, devices, gaming and search advertising.',
      },
    ],
    peers: [
      {
        company: 'amazon',
        why: 'The largest rival in cloud infrastructure, where both sell computing capacity for AI workloads.',
      },
      {
        company: 'apple',
        why: 'A platform company of similar size whose devices and software compete for the same users.',
      },
      {
        company: 'nvidia',
        why: 'Its largest supplier of AI accelerators: spending plans of one show up in the orders of the other.',
      },
    ],
  },
  {
    slug: 'nvidia',
    name: 'NVIDIA',
    legalName: 'NVIDIA Corporation',
    tickers: ['NVDA'],
    cik: '0001045810',
    sector: 'technology',
    industry: 'Semiconductors',
    country: 'US',
    fiscalYearEndMonth: 1,
    description:
      'Designs graphics processors and the accelerators, networking and software that data centers use to train and run AI models; chips are made by contract foundries.',
    website: 'https://www.nvidia.com',
    employees: 36_000,
    primaryInstrument: 'NVDA',
    segments: [
      {
        name: 'Data center',
        revenueSharePct: 88.3,
        description: 'Accelerators, systems and networking for data centers.',
      },
      { name: 'Gaming', revenueSharePct: 8.7, description: 'Graphics cards for personal computers and consoles.' },
      { name: 'Professional visualization', revenueSharePct: 1.6, description: 'Workstation graphics.' },
      {
        name: 'Automotive and robotics',
        revenueSharePct: 1.4,
        description: 'Driving computers and software for carmakers.',
      },
    ],
    peers: [
      {
        company: 'microsoft',
        why: 'One of its largest customers: cloud capital spending plans drive its data center orders.',
      },
      { company: 'amazon', why: 'A large customer that also designs its own AI chips in competition.' },
    ],
  },
  {
    slug: 'tesla',
    name: 'Tesla',
    legalName: 'Tesla, Inc.',
    tickers: ['TSLA'],
    cik: '0001318605',
    sector: 'consumer-discretionary',
    industry: 'Automobiles',
    country: 'US',
    fiscalYearEndMonth: 12,
    description:
      'Builds electric cars and stationary batteries, runs a charging network, and develops driving-assistance software it also wants to run a ride-hailing fleet on.',
    website: 'https://www.tesla.com',
    employees: 125_000,
    primaryInstrument: 'TSLA',
    segments: [
      { name: 'Automotive', revenueSharePct: 78.0, description: 'Vehicle sales and leasing, regulatory credits.' },
      { name: 'Energy generation and storage', revenueSharePct: 11.0, description: 'Stationary batteries and solar.' },
      {
        name: 'Services and other',
        revenueSharePct: 11.0,
        description: 'Servicing, charging, insurance and used cars.',
      },
    ],
    peers: [
      {
        company: 'amazon',
        why: 'Another consumer-discretionary heavyweight whose results move with household spending and financing costs.',
      },
      {
        company: 'nvidia',
        why: 'Both are priced largely on autonomy and AI ambitions, and it buys the same accelerators to train its driving models.',
      },
    ],
  },
  {
    slug: 'amazon',
    name: 'Amazon',
    legalName: 'Amazon.com, Inc.',
    tickers: ['AMZN'],
    cik: '0001018724',
    sector: 'consumer-discretionary',
    industry: 'Online retail and cloud services',
    country: 'US',
    fiscalYearEndMonth: 12,
    description:
      'Runs an online store and marketplace with its own logistics network, sells advertising on it, and operates the largest public cloud.',
    website: 'https://www.amazon.com',
    employees: 1_550_000,
    primaryInstrument: 'AMZN',
    segments: [
      {
        name: 'North America',
        revenueSharePct: 61.0,
        description: 'Retail, marketplace and subscriptions in the US and Canada.',
      },
      { name: 'International', revenueSharePct: 22.0, description: 'Retail, marketplace and subscriptions elsewhere.' },
      {
        name: 'Cloud services',
        revenueSharePct: 17.0,
        description: 'Computing, storage and AI services for businesses.',
      },
    ],
    peers: [
      { company: 'microsoft', why: 'Its main competitor in cloud infrastructure.' },
      { company: 'apple', why: 'Competes for household spending on devices, media and subscriptions.' },
      { company: 'tesla', why: 'The other large consumer-discretionary name in the indices.' },
    ],
  },
  {
    slug: 'jpmorgan-chase',
    name: 'JPMorgan Chase',
    legalName: 'JPMorgan Chase & Co.',
    tickers: ['JPM'],
    cik: '0000019617',
    sector: 'financials',
    industry: 'Diversified banks',
    country: 'US',
    fiscalYearEndMonth: 12,
    description:
      'The largest US bank by assets: consumer and business banking, cards, mortgages, investment banking, trading and asset management.',
    website: 'https://www.jpmorganchase.com',
    employees: 317_000,
    primaryInstrument: 'JPM',
    segments: [
      {
        name: 'Consumer and community banking',
        revenueSharePct: 44.0,
        description: 'Deposits, cards, mortgages and auto loans.',
      },
      {
        name: 'Commercial and investment bank',
        revenueSharePct: 43.0,
        description: 'Advisory, underwriting, trading, payments and lending to businesses.',
      },
      { name: 'Asset and wealth management', revenueSharePct: 13.0, description: 'Funds and private banking.' },
    ],
    peers: [
      {
        company: 'state-street',
        why: 'A fellow systemically important bank whose custody and markets businesses overlap with its own.',
      },
      { company: 'invesco', why: 'Its asset management arm competes with the fund managers for client money.' },
    ],
  },
  {
    slug: 'exxon-mobil',
    name: 'Exxon Mobil',
    legalName: 'Exxon Mobil Corporation',
    tickers: ['XOM'],
    cik: '0000034088',
    sector: 'energy',
    industry: 'Integrated oil and gas',
    country: 'US',
    fiscalYearEndMonth: 12,
    description:
      'Produces oil and natural gas, refines fuels and makes chemicals; its earnings swing with crude and gas prices and refining margins.',
    website: 'https://corporate.exxonmobil.com',
    employees: 61_000,
    primaryInstrument: 'XOM',
    segments: [
      { name: 'Energy products', revenueSharePct: 72.0, description: 'Refining and marketing of fuels.' },
      { name: 'Upstream', revenueSharePct: 16.0, description: 'Oil and gas exploration and production.' },
      { name: 'Chemical products', revenueSharePct: 8.0, description: 'Petrochemicals.' },
      { name: 'Specialty products', revenueSharePct: 4.0, description: 'Lubricants and specialty materials.' },
    ],
    peers: [
      {
        company: 'jpmorgan-chase',
        why: 'A value-index heavyweight that moves with the economic cycle and interest rates rather than with growth stocks.',
      },
    ],
  },
  {
    slug: 'eli-lilly',
    name: 'Eli Lilly',
    legalName: 'Eli Lilly and Company',
    tickers: ['LLY'],
    cik: '0000059478',
    sector: 'health-care',
    industry: 'Pharmaceuticals',
    country: 'US',
    fiscalYearEndMonth: 12,
    description:
      "Develops and makes medicines for diabetes, obesity, cancer, immune diseases and Alzheimer's disease; most of its growth now comes from its metabolic drugs.",
    website: 'https://www.lilly.com',
    employees: 47_000,
    primaryInstrument: 'LLY',
    segments: [
      { name: 'Cardiometabolic health', revenueSharePct: 62.0, description: 'Diabetes and obesity medicines.' },
      { name: 'Oncology', revenueSharePct: 17.0, description: 'Cancer medicines.' },
      { name: 'Immunology', revenueSharePct: 11.0, description: 'Medicines for immune diseases.' },
      {
        name: 'Neuroscience and other',
        revenueSharePct: 10.0,
        description: "Alzheimer's disease, migraine and other areas.",
      },
    ],
    peers: [
      {
        company: 'apple',
        why: 'The other mega-cap whose results depend on a few flagship products rather than on the economic cycle.',
      },
    ],
  },
  {
    slug: 'state-street',
    name: 'State Street',
    legalName: 'State Street Corporation',
    tickers: ['STT'],
    cik: '0000093751',
    sector: 'financials',
    industry: 'Custody banks and asset management',
    country: 'US',
    fiscalYearEndMonth: 12,
    description:
      'Keeps and administers securities for institutional investors and, through its asset management arm, sponsors exchange-traded funds, among them the oldest S&P 500 tracker.',
    website: 'https://www.statestreet.com',
    employees: 53_000,
    primaryInstrument: null,
    segments: [
      {
        name: 'Investment servicing',
        revenueSharePct: 81.0,
        description: 'Custody, fund accounting and administration, trading services.',
      },
      { name: 'Investment management', revenueSharePct: 19.0, description: 'Index funds and ETFs.' },
    ],
    peers: [
      { company: 'invesco', why: 'A rival ETF sponsor: both earn fees on large index-tracking funds.' },
      { company: 'jpmorgan-chase', why: 'Competes in custody and securities services.' },
    ],
  },
  {
    slug: 'invesco',
    name: 'Invesco',
    legalName: 'Invesco Ltd.',
    tickers: ['IVZ'],
    cik: '0000914208',
    sector: 'financials',
    industry: 'Asset management',
    country: 'US',
    fiscalYearEndMonth: 12,
    description:
      'An independent asset manager of mutual funds and exchange-traded funds, sponsor of the best-known Nasdaq-100 tracker.',
    website: 'https://www.invesco.com',
    employees: 8_500,
    primaryInstrument: null,
    segments: [
      { name: 'ETFs and index strategies', revenueSharePct: 38.0, description: 'Passive and factor funds.' },
      { name: 'Active funds', revenueSharePct: 47.0, description: 'Actively managed equity and fixed income funds.' },
      { name: 'Private markets', revenueSharePct: 15.0, description: 'Real estate and private credit.' },
    ],
    peers: [{ company: 'state-street', why: 'A rival ETF sponsor with a flagship index tracker.' }],
  },
];
