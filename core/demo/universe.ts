// The demo universe's instruments, venues and listings: ~30 instruments across every kind on fictional 24/7 venues.
// Venue names are invented on purpose, so demo prices can never be mistaken for a real venue's.
import type { InstrumentKind } from '../vocabulary.js';
import { startFromClose } from './levels.js';
import { DEMO_PROFILES, DEMO_SECTORS } from './profiles/companies.js';
import { Random } from './random.js';

export interface DemoVenue {
  id: string;
  name: string;
}

/** A company of the demo: its name and sector, by the slug its instruments name. */
export interface DemoCompany {
  slug: string;
  name: string;
  sector: string;
  sectorName: string;
}

const sectorNames = new Map(DEMO_SECTORS.map((s) => [s.slug, s.name]));
export const DEMO_COMPANIES: DemoCompany[] = DEMO_PROFILES.map((p) => ({
  slug: p.slug,
  name: p.name,
  sector: p.sector!,
  sectorName: sectorNames.get(p.sector!)!,
}));

export interface DemoInstrument {
  symbol: string;
  name: string;
  kind: InstrumentKind;
  currency: string;
  company: string | null;
  /** Price at the start of the generated history (for shares, indices and ETFs, before it is pinned to the anchor's closes). */
  startPrice: number;
  /**
   * Daily volatility of its log returns (of its yield's, for a rate, at its start level), which the market model's
   * exposures and own noise add up to; news days add to it.
   */
  dailyVol: number;
  /** Pooled 24h volume in USD across venues, for weights and bar volumes. */
  volume24hUsd: number;
}

export interface DemoListing {
  symbol: string;
  venue: string;
  market: 'spot' | 'perp';
  venueSymbol: string;
  fundingIntervalHours: number | null;
  /** This listing's share of the instrument's volume. */
  share: number;
}

export const DEMO_VENUES: DemoVenue[] = [
  { id: 'atlas', name: 'Atlas Exchange' },
  { id: 'boreal', name: 'Boreal Markets' },
  { id: 'cobalt', name: 'Cobalt Perps' },
  { id: 'driftwood', name: 'Driftwood' },
  { id: 'ember', name: 'Ember DEX' },
  { id: 'fjord', name: 'Fjord Trading' },
  { id: 'granite', name: 'Granite Exchange' },
  { id: 'harbor', name: 'Harbor Perps' },
];

const M = 1e6;
const i = (
  symbol: string,
  name: string,
  kind: InstrumentKind,
  startPrice: number,
  dailyVol: number,
  volume24hUsd: number,
  company: string | null = null,
  currency = 'USD',
): DemoInstrument => ({ symbol, name, kind, currency, company, startPrice, dailyVol, volume24hUsd });

export const DEMO_INSTRUMENTS: DemoInstrument[] = [
  i('BTC', 'Bitcoin', 'crypto', 42_000, 0.032, 9_000 * M),
  i('ETH', 'Ether', 'crypto', 2_300, 0.038, 4_500 * M),
  i('SOL', 'Solana', 'crypto', 95, 0.045, 1_400 * M),
  i('XRP', 'XRP', 'crypto', 0.6, 0.042, 900 * M),
  i('DOGE', 'Dogecoin', 'crypto', 0.08, 0.048, 600 * M),
  i('AVAX', 'Avalanche', 'crypto', 35, 0.047, 300 * M),
  i('LINK', 'Chainlink', 'crypto', 15, 0.044, 250 * M),
  i('ADA', 'Cardano', 'crypto', 0.5, 0.042, 280 * M),
  i('AAPL', 'Apple Inc.', 'stock', startFromClose('AAPL'), 0.015, 120 * M, 'apple'),
  i('MSFT', 'Microsoft Corp.', 'stock', startFromClose('MSFT'), 0.014, 110 * M, 'microsoft'),
  i('NVDA', 'NVIDIA Corp.', 'stock', startFromClose('NVDA'), 0.03, 260 * M, 'nvidia'),
  i('TSLA', 'Tesla Inc.', 'stock', startFromClose('TSLA'), 0.034, 180 * M, 'tesla'),
  i('AMZN', 'Amazon.com Inc.', 'stock', startFromClose('AMZN'), 0.018, 90 * M, 'amazon'),
  i('JPM', 'JPMorgan Chase & Co.', 'stock', startFromClose('JPM'), 0.013, 40 * M, 'jpmorgan-chase'),
  i('XOM', 'Exxon Mobil Corp.', 'stock', startFromClose('XOM'), 0.015, 35 * M, 'exxon-mobil'),
  i('LLY', 'Eli Lilly and Co.', 'stock', startFromClose('LLY'), 0.019, 45 * M, 'eli-lilly'),
  i('SPX', 'S&P 500', 'index', startFromClose('SPX'), 0.009, 700 * M),
  i('NDX', 'Nasdaq 100', 'index', startFromClose('NDX'), 0.012, 500 * M),
  i('DJI', 'Dow Jones Industrial Average', 'index', startFromClose('DJI'), 0.008, 150 * M),
  i('XAU', 'Gold', 'commodity', 2_050, 0.009, 400 * M),
  i('XAG', 'Silver', 'commodity', 23, 0.017, 90 * M),
  i('WTI', 'WTI Crude Oil', 'commodity', 72, 0.021, 200 * M),
  i('NATGAS', 'Natural Gas', 'commodity', 2.6, 0.028, 60 * M),
  i('EURUSD', 'Euro / US Dollar', 'fx', 1.09, 0.004, 500 * M),
  i('USDJPY', 'US Dollar / Japanese Yen', 'fx', 145, 0.005, 400 * M, null, 'JPY'),
  i('GBPUSD', 'British Pound / US Dollar', 'fx', 1.27, 0.005, 250 * M),
  i('US2Y', 'US 2-Year Treasury Yield', 'rate', 4.3, 0.018, 80 * M, null, 'PCT'),
  i('US10Y', 'US 10-Year Treasury Yield', 'rate', 3.9, 0.015, 120 * M, null, 'PCT'),
  i('SPY', 'SPDR S&P 500 ETF Trust', 'etf', startFromClose('SPY'), 0.009, 150 * M, 'state-street'),
  i('QQQ', 'Invesco QQQ Trust', 'etf', startFromClose('QQQ'), 0.012, 110 * M, 'invesco'),
];

/**
 * Listings drawn from `seed`: crypto trades spot and perp on 4 to 8 venues; the rest trade as 24/7 perps on 3 to 4.
 * Some perps pay funding hourly, most every 8 hours. Volume shares are uneven, as they are between real venues.
 */
export function demoListings(seed: number): DemoListing[] {
  const rng = new Random(seed ^ 0x11571);
  const out: DemoListing[] = [];
  for (const inst of DEMO_INSTRUMENTS) {
    const crypto = inst.kind === 'crypto';
    const count = crypto ? 4 + rng.int(5) : 3 + rng.int(2);
    const venues = rng.shuffle(DEMO_VENUES).slice(0, count);
    const weights = venues.map(() => 0.2 + rng.next());
    const entries: Omit<DemoListing, 'share'>[] = [];
    venues.forEach((v, k) => {
      const hourly = rng.next() < 0.25;
      entries.push({
        symbol: inst.symbol,
        venue: v.id,
        market: 'perp',
        venueSymbol: `${inst.symbol}-PERP`,
        fundingIntervalHours: hourly ? 1 : 8,
      });
      if (crypto && k % 2 === 0)
        entries.push({
          symbol: inst.symbol,
          venue: v.id,
          market: 'spot',
          venueSymbol: `${inst.symbol}/USD`,
          fundingIntervalHours: null,
        });
    });
    const w = entries.map((e) => weights[venues.findIndex((v) => v.id === e.venue)]! * (e.market === 'spot' ? 0.6 : 1));
    const total = w.reduce((a, b) => a + b, 0);
    entries.forEach((e, k) => out.push({ ...e, share: w[k]! / total }));
  }
  return out;
}
