// What the demo's earnings and insider stories report, as figures rather than words: the filings the demo generates
// in EDGAR's formats (core/demo/sec) are built from these, so a story and the documents behind it cannot disagree.
// Quarters follow each company's fiscal year (Apple's ends in September, NVIDIA's in January), ending on month ends.
import { DAY_MS } from '../time.js';
import { COMPANY_SCALE } from './real-scale.js';

export type FiscalQuarterNumber = 1 | 2 | 3 | 4;

/** The last day (00:00 UTC) of quarter `q` of the fiscal year named `fiscalYear`, for a year ending in `fyEndMonth` (1-12). */
export function fiscalQuarterEnd(fyEndMonth: number, fiscalYear: number, q: FiscalQuarterNumber): number {
  return Date.UTC(fiscalYear, fyEndMonth - 3 * (4 - q), 0);
}

/** The first day of that quarter. */
export function fiscalQuarterStart(fyEndMonth: number, fiscalYear: number, q: FiscalQuarterNumber): number {
  return Date.UTC(fiscalYear, fyEndMonth - 3 * (5 - q), 0) + DAY_MS;
}

/** How stories name the quarter: "Q2 2025" for a calendar fiscal year, "fiscal Q2 2025" otherwise. */
export function fiscalQuarterLabel(fyEndMonth: number, fiscalYear: number, q: FiscalQuarterNumber): string {
  return `${fyEndMonth === 12 ? '' : 'fiscal '}Q${q} ${fiscalYear}`;
}

/**
 * Where the quarters the demo's present trails sit, on average, before it: a result comes out 3 to 5 weeks after its
 * quarter, so the latest reported quarter ended some 80 days before, and the middle of the four is 6 months earlier.
 */
const TRAILING_MIDDLE_MS = 262 * DAY_MS;
const YEAR_MS = 365.25 * DAY_MS;

/**
 * A company's trend EPS and revenue ($ billions) for the quarter ending at `quarterEndMs`, in a world whose present is
 * `anchorMs`: its real latest year split in four, grown or shrunk at its real rate, so the four quarters before the
 * present add up to that year.
 */
export function trendQuarter(
  symbol: string,
  quarterEndMs: number,
  anchorMs: number,
): { eps: number; revenueBn: number } {
  const scale = COMPANY_SCALE[symbol];
  if (!scale) throw new Error(`no real scale for ${symbol}`);
  const middle = quarterEndMs - YEAR_MS / 8;
  const factor = (1 + scale.growth) ** ((middle - (anchorMs - TRAILING_MIDDLE_MS)) / YEAR_MS);
  return { eps: (scale.netIncomeBn / scale.dilutedSharesBn / 4) * factor, revenueBn: (scale.revenueBn / 4) * factor };
}

/** The figures an earnings story reports. */
export interface EarningsResult {
  company: string;
  symbol: string;
  fyEndMonth: number;
  fiscalYear: number;
  quarter: FiscalQuarterNumber;
  /** Diluted EPS in USD, to the cent. */
  eps: number;
  consensus: number;
  /** Revenue in $ billions as the story writes it (one decimal). */
  revenueBn: number;
}

/** Who an insider story is about: a director's sale under a Rule 10b5-1 plan, reported on a Form 4 filed at the story's time. */
export interface InsiderReport {
  company: string;
  symbol: string;
  /** The person's slug in the demo's reference data. */
  person: string;
  personName: string;
}

/** A published story's figures, with the story's id and time. */
export type Reported<T> = T & { eventId: number; occurredAt: number };
