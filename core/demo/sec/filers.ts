// The demo's listed companies as EDGAR knows them (CIK, SIC industry, exchange, state of incorporation, fiscal year
// end) and the shape of their statements the generated filings follow: margins, cash conversion, payouts and balance
// sheet ratios, with the XBRL tag each one reports its revenue under. The identities are the real companies'; the
// balance sheet ratios are those of their latest 10-Ks (so price to book comes out as the real one), the rest are
// plausible for each business; revenue, earnings and shares come from real-scale.ts.
import { DEMO_PROFILES } from '../profiles/companies.js';
import { DEMO_INSTRUMENTS } from '../universe.js';

export interface FilerShape {
  grossMargin: number;
  /** Research and development's share of operating expenses (the rest is SG&A). */
  rndShare: number;
  /** Operating cash flow over net income. */
  cashConversion: number;
  /** Capital expenditure over revenue. */
  capexRatio: number;
  /** Dividends and buybacks over net income. */
  payout: number;
  buybackRatio: number;
  /** Shares bought back each quarter, as a fraction of the count. */
  shrinkPerQuarter: number;
  /** Total assets over a quarter's revenue; equity and long-term debt over total assets; cash over a quarter's revenue. */
  assetsToRevenue: number;
  equityRatio: number;
  debtRatio: number;
  cashToRevenue: number;
  /** A bank reports no cost of revenue, gross profit, R&D, SG&A or operating income, nor capital expenditure. */
  bank: boolean;
  revenueTag: 'Revenues' | 'RevenueFromContractWithCustomerExcludingAssessedTax';
}

export interface DemoFiler {
  company: string;
  symbol: string;
  cik: string;
  legalName: string;
  fyEndMonth: number;
  sic: string;
  sicDescription: string;
  exchange: 'Nasdaq' | 'NYSE';
  stateOfIncorporation: string;
  fileNumber: string;
  shape: FilerShape;
  /** The one filer whose later 10-Q restates a prior-year quarter (a reclassification from SG&A to cost of revenue). */
  restates: boolean;
}

const base: FilerShape = {
  grossMargin: 0.45,
  rndShare: 0.5,
  cashConversion: 1.2,
  capexRatio: 0.06,
  payout: 0.15,
  buybackRatio: 0.6,
  shrinkPerQuarter: 0.004,
  assetsToRevenue: 3.5,
  equityRatio: 0.35,
  debtRatio: 0.25,
  cashToRevenue: 0.35,
  bank: false,
  revenueTag: 'RevenueFromContractWithCustomerExcludingAssessedTax',
};

const IDENTITY: Record<string, Omit<DemoFiler, 'company' | 'symbol' | 'cik' | 'legalName' | 'fyEndMonth'>> = {
  apple: {
    sic: '3571',
    sicDescription: 'Electronic Computers',
    exchange: 'Nasdaq',
    stateOfIncorporation: 'CA',
    fileNumber: '001-36743',
    restates: false,
    shape: {
      ...base,
      grossMargin: 0.46,
      rndShare: 0.55,
      payout: 0.15,
      buybackRatio: 0.8,
      shrinkPerQuarter: 0.006,
      assetsToRevenue: 3.45,
      equityRatio: 0.2,
    },
  },
  microsoft: {
    sic: '7372',
    sicDescription: 'Services-Prepackaged Software',
    exchange: 'Nasdaq',
    stateOfIncorporation: 'WA',
    fileNumber: '001-37845',
    restates: false,
    shape: {
      ...base,
      grossMargin: 0.69,
      rndShare: 0.5,
      capexRatio: 0.25,
      payout: 0.25,
      buybackRatio: 0.2,
      shrinkPerQuarter: 0.001,
      assetsToRevenue: 8.8,
      equityRatio: 0.55,
    },
  },
  nvidia: {
    sic: '3674',
    sicDescription: 'Semiconductors & Related Devices',
    exchange: 'Nasdaq',
    stateOfIncorporation: 'DE',
    fileNumber: '000-23985',
    restates: false,
    shape: {
      ...base,
      grossMargin: 0.74,
      rndShare: 0.75,
      capexRatio: 0.03,
      payout: 0.01,
      buybackRatio: 0.4,
      shrinkPerQuarter: 0.002,
      equityRatio: 0.7,
      debtRatio: 0.05,
    },
  },
  tesla: {
    sic: '3711',
    sicDescription: 'Motor Vehicles & Passenger Car Bodies',
    exchange: 'Nasdaq',
    stateOfIncorporation: 'TX',
    fileNumber: '001-34756',
    restates: false,
    shape: {
      ...base,
      grossMargin: 0.18,
      rndShare: 0.45,
      cashConversion: 2,
      capexRatio: 0.1,
      payout: 0,
      buybackRatio: 0,
      shrinkPerQuarter: -0.001,
      assetsToRevenue: 5,
      equityRatio: 0.6,
      debtRatio: 0.06,
    },
  },
  amazon: {
    sic: '5961',
    sicDescription: 'Retail-Catalog & Mail-Order Houses',
    exchange: 'Nasdaq',
    stateOfIncorporation: 'DE',
    fileNumber: '000-22513',
    restates: true,
    shape: {
      ...base,
      grossMargin: 0.48,
      rndShare: 0.55,
      cashConversion: 2.2,
      capexRatio: 0.14,
      payout: 0,
      buybackRatio: 0,
      shrinkPerQuarter: -0.002,
      assetsToRevenue: 3.9,
      equityRatio: 0.46,
      debtRatio: 0.12,
    },
  },
  'jpmorgan-chase': {
    sic: '6021',
    sicDescription: 'National Commercial Banks',
    exchange: 'NYSE',
    stateOfIncorporation: 'DE',
    fileNumber: '001-05805',
    restates: false,
    shape: {
      ...base,
      cashConversion: 0.9,
      payout: 0.3,
      buybackRatio: 0.35,
      shrinkPerQuarter: 0.005,
      assetsToRevenue: 90,
      equityRatio: 0.09,
      debtRatio: 0.1,
      cashToRevenue: 0.6,
      bank: true,
      revenueTag: 'Revenues',
    },
  },
  'exxon-mobil': {
    sic: '2911',
    sicDescription: 'Petroleum Refining',
    exchange: 'NYSE',
    stateOfIncorporation: 'NJ',
    fileNumber: '001-02256',
    restates: false,
    shape: {
      ...base,
      grossMargin: 0.3,
      rndShare: 0.05,
      cashConversion: 1.6,
      capexRatio: 0.08,
      payout: 0.45,
      buybackRatio: 0.5,
      shrinkPerQuarter: 0.005,
      assetsToRevenue: 5.2,
      equityRatio: 0.58,
      debtRatio: 0.1,
      cashToRevenue: 0.25,
      revenueTag: 'Revenues',
    },
  },
  'eli-lilly': {
    sic: '2834',
    sicDescription: 'Pharmaceutical Preparations',
    exchange: 'NYSE',
    stateOfIncorporation: 'IN',
    fileNumber: '001-06351',
    restates: false,
    shape: {
      ...base,
      grossMargin: 0.8,
      rndShare: 0.55,
      cashConversion: 1.1,
      capexRatio: 0.2,
      payout: 0.35,
      buybackRatio: 0.15,
      shrinkPerQuarter: 0.001,
      assetsToRevenue: 7,
      equityRatio: 0.18,
      debtRatio: 0.35,
      cashToRevenue: 0.3,
    },
  },
};

/** Every demo company with listed shares, as EDGAR files it. */
export const DEMO_FILERS: DemoFiler[] = DEMO_INSTRUMENTS.filter((i) => i.kind === 'stock' && i.company).map((inst) => {
  const profile = DEMO_PROFILES.find((p) => p.slug === inst.company)!;
  const identity = IDENTITY[inst.company!];
  if (!identity) throw new Error(`no EDGAR identity for the demo company ${inst.company}`);
  return {
    company: inst.company!,
    symbol: inst.symbol,
    cik: profile.cik!,
    legalName: profile.legalName ?? profile.name,
    fyEndMonth: profile.fiscalYearEndMonth!,
    ...identity,
  };
});
