// What the demo's story generators write and draw with: the story's types, a draft before its id and URL, the context
// each generator is handed, and the helpers they share (references, rounding, trading-day times, macro shocks).

import { newYorkTime } from '../../calendar/new-york-time.js';
import { isTradingDay } from '../../calendar/us-holidays.js';
import { companyRef, type Ref, sectorRef } from '../../refs.js';
import { DAY_MS } from '../../time.js';
import type { EventKind } from '../../vocabulary.js';
import type { MacroPrint } from '../macro/prints.js';
import type { MarketModel, Shock } from '../market-model.js';
import type { Random } from '../random.js';
import type { EarningsResult, InsiderReport, Reported } from '../results.js';
import { FACTOR_VOL, FACTORS, type Factor } from '../structure.js';
import { DEMO_COMPANIES } from '../universe.js';

export interface StoryEvent {
  /** Stable: the position in time order, from 1. */
  id: number;
  kind: EventKind;
  occurredAt: number;
  precision: 'minute' | 'hour' | 'day';
  headline: string;
  summary: string;
  points: string[];
  importance: number;
  sourceName: string;
  sourceUrl: string;
  entities: Ref[];
  /** What the event does to the market model at its time; empty for stories that move nothing. */
  shocks: Shock[];
  /**
   * The symbols whose move on the event's UTC day it causes: those its shocks move by at least two of their daily
   * standard deviations, or those a story written for an unusual day is about.
   */
  moves: string[];
}

/** A story of the live demo, before the service gives it its id. */
export type LiveStory = Omit<StoryEvent, 'id'>;

export interface StoryCatalyst {
  id: number;
  kind: 'earnings' | 'macro_release' | 'policy_decision';
  title: string;
  expectedAt: number;
  precision: 'minute';
  confirmed: boolean;
  description: string;
  consensus: string | null;
  sourceUrl: string | null;
  /** The id of the event that reported the outcome; null while it is upcoming. */
  outcomeEventId: number | null;
  entities: Ref[];
}

/** What an upcoming catalyst will turn out to be: its story, drawn with the rest and published when its time comes. */
export interface ScheduledOutcome {
  catalystId: number;
  /** The outcome story without its id, given when it is published (ids follow publication order). */
  story: Omit<StoryEvent, 'id' | 'sourceUrl'> & { sourceHost: string };
}

export interface DemoStory {
  events: StoryEvent[];
  catalysts: StoryCatalyst[];
  /** One per catalyst after the anchor. */
  scheduled: ScheduledOutcome[];
  /** The figures of each published earnings story, oldest first. */
  results: Reported<EarningsResult>[];
  /** Whom each published insider story is about, oldest first. */
  insiders: Reported<InsiderReport>[];
}

/** Upcoming catalysts are scheduled this far past the anchor. */
export const UPCOMING_DAYS = 90;

export const SOURCES = {
  wire: { name: 'Harbor Street Wire', host: 'wire.example' },
  macro: { name: 'Macro Desk', host: 'macrodesk.example' },
  chain: { name: 'Chain Report', host: 'chainreport.example' },
  commodity: { name: 'Commodity Tape', host: 'commoditytape.example' },
} as const;
export type Source = keyof typeof SOURCES;

/** An event before its id and source URL: what the generators write. */
export interface Draft extends Omit<StoryEvent, 'id' | 'sourceUrl' | 'sourceName'> {
  source: Source;
  catalyst?: Omit<StoryCatalyst, 'id' | 'outcomeEventId'>;
  /** What an earnings story reports, or whom an insider story is about, for the filings behind it. */
  result?: EarningsResult;
  insider?: InsiderReport;
  /** The number a release story reports, which its series then holds. */
  print?: MacroPrint;
}

/** The demo's companies by slug. */
export const companies = new Map(DEMO_COMPANIES.map((c) => [c.slug, c]));
/** A demo company's reference, and its sector's. */
export function companyRefs(slug: string): { company: Ref; sector: Ref } {
  const c = companies.get(slug)!;
  return { company: companyRef(slug, c.name), sector: sectorRef(c.sector, c.sectorName) };
}

/**
 * How a hawkish surprise (hotter inflation, stronger jobs, a tighter decision) moves each factor, per standard deviation
 * of the surprise: shares, crypto and gold down, yields and the dollar up, the curve flatter.
 */
const HAWKISH: Record<Factor, number> = {
  equity: -0.9,
  growth: -0.4,
  crypto: -0.5,
  dollar: 0.8,
  metals: -0.6,
  energy: 0,
  rates: 1,
  curve: -0.4,
};

export const round = (x: number, digits: number) => Number(x.toFixed(digits));
export const signed = (x: number, digits = 1) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** What each generator draws with and writes to. */
export interface Context {
  rng: Random;
  model: MarketModel;
  drafts: Draft[];
  startMs: number;
  anchorMs: number;
  /** Catalysts are scheduled up to here. */
  endMs: number;
  /**
   * Whether news may shock every one of `targets` on the UTC day of `at`, taking them if so: one shock per target and
   * day keeps the ground truth unambiguous.
   */
  claim: (targets: string[], at: number) => boolean;
}

/** The symbols `shocks` at `at` move by two daily standard deviations or more. */
export function moved(model: MarketModel, shocks: Shock[], at: number): string[] {
  if (!shocks.length) return [];
  const impact = model.impact(shocks, at);
  return model.instruments.filter((_, i) => Math.abs(impact[i]!) >= 2).map((i) => i.symbol);
}

/**
 * A macro surprise of `sigmas` standard deviations, hawkish for `sign` +1. A rate decision moves yields through the
 * policy path instead.
 */
export function surpriseShocks(sign: number, sigmas: number, decision: boolean): Shock[] {
  return FACTORS.filter((f) => HAWKISH[f] !== 0 && !(decision && f === 'rates')).map((f) => ({
    on: f,
    size: sign * sigmas * HAWKISH[f] * FACTOR_VOL[f],
  }));
}

/** A trading day at or after `ms`, at a New York time between 08:00 and 16:00: when unscheduled company news breaks. */
export function businessHours(rng: Random, ms: number): number {
  let day = ms - (ms % DAY_MS);
  while (!isTradingDay(day)) day += DAY_MS;
  return newYorkTime(day, 8 + rng.int(8), rng.int(60));
}

/** A trading day at or after `ms`, between 17:00 and 21:00 New York time: when directors' Form 4s are filed. */
export function businessEvening(rng: Random, ms: number): number {
  let day = ms - (ms % DAY_MS);
  while (!isTradingDay(day)) day += DAY_MS;
  return newYorkTime(day, 17 + rng.int(4), rng.int(60));
}
