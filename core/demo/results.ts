// What the demo's earnings and insider stories report, as figures rather than words: the filings the demo generates
// in EDGAR's formats (core/demo/sec) are built from these, so a story and the documents behind it cannot disagree.
// Quarters follow each company's fiscal year (Apple's ends in September, NVIDIA's in January), ending on month ends.
import { DAY_MS } from '../time.js';
import { hash32 } from './history.js';

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

/** A company's quarterly revenue in $ billions before the first story: its size, the same for every seed. */
export function startingRevenueBn(symbol: string): number {
  return 12 + (hash32(`revenue/${symbol}`) % 1400) / 10;
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
