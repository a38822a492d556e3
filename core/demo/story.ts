// The demo's news story: scheduled catalysts (earnings, CPI, payrolls, jobless claims, rate decisions) and their
// outcome events, unscheduled company, crypto and commodity news, and low-importance noise. Events that matter carry
// shocks to the market model (a factor's for a macro surprise, one instrument's for company news), which the history
// then draws; `moves` names the instruments whose move that day each event causes: the ground truth of the demo.
import { companyRef, instrumentRef, macroRef, sectorRef, type Ref } from '../refs.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.js';
import type { EventKind } from '../vocabulary.js';
import type { MacroPrint } from './macro/prints.js';
import { newYorkTime } from '../calendar/new-york-time.js';
import { isTradingDay } from '../calendar/us-holidays.js';
import type { MarketModel, Shock } from './market-model.js';
import { RANGE_WIDTH, type RateDecision } from './policy.js';
import { demoProfileNews, holderAt } from './profiles/index.js';
import { DEMO_PROFILES } from './profiles/companies.js';
import { CENTRAL_BANK } from './profiles/people.js';
import { Random } from './random.js';
import { fiscalQuarterEnd, fiscalQuarterLabel, startingRevenueBn, type EarningsResult, type FiscalQuarterNumber, type InsiderReport, type Reported } from './results.js';
import { claimsReleases, cpiRelease, earningsRelease, payrollsRelease, type EarningsTiming } from './schedule.js';
import { FACTOR_VOL, FACTORS, type Factor } from './structure.js';
import { COMPANY_NEWS, CRYPTO_NEWS, GAS_NEWS, NOISE, OIL_NEWS, OPERATIONS_NEWS, type Pair } from './templates.js';
import { DEMO_COMPANIES, DEMO_INSTRUMENTS, type DemoInstrument } from './universe.js';

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

const SOURCES = {
  wire: { name: 'Harbor Street Wire', host: 'wire.example' },
  macro: { name: 'Macro Desk', host: 'macrodesk.example' },
  chain: { name: 'Chain Report', host: 'chainreport.example' },
  commodity: { name: 'Commodity Tape', host: 'commoditytape.example' },
} as const;
type Source = keyof typeof SOURCES;

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

const companies = new Map(DEMO_COMPANIES.map((c) => [c.slug, c]));
const fiscalYearEndMonth = new Map(DEMO_PROFILES.map((p) => [p.slug, p.fiscalYearEndMonth!]));
/** The demo's directors, whose Form 4 sales the insider stories report. */
const DIRECTOR = /director|^chair of the board$/i;
/** A demo company's reference, and its sector's. */
export function companyRefs(slug: string): { company: Ref; sector: Ref } {
  const c = companies.get(slug)!;
  return { company: companyRef(slug, c.name), sector: sectorRef(c.sector, c.sectorName) };
}

const CPI = macroRef('us-cpi', 'US consumer price index');
const PAYROLLS = macroRef('us-payrolls', 'US nonfarm payrolls');
const FED = macroRef('fed-funds-rate', 'Federal funds target rate');
const CLAIMS = macroRef('us-jobless-claims', 'US initial jobless claims');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * How a hawkish surprise (hotter inflation, stronger jobs, a tighter decision) moves each factor, per standard deviation
 * of the surprise: shares, crypto and gold down, yields and the dollar up, the curve flatter.
 */
const HAWKISH: Record<Factor, number> = { equity: -0.9, growth: -0.4, crypto: -0.5, dollar: 0.8, metals: -0.6, energy: 0, rates: 1, curve: -0.4 };
/** Shares that report before the US open; the others report after the close. */
const BEFORE_OPEN = new Set(['JPM', 'XOM', 'LLY']);

const round = (x: number, digits: number) => Number(x.toFixed(digits));
const signed = (x: number, digits = 1) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
const range = (upper: number) => `${(upper - RANGE_WIDTH).toFixed(2)}-${upper.toFixed(2)}%`;

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
}

/** What each generator draws with and writes to. */
interface Context {
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
function moved(model: MarketModel, shocks: Shock[], at: number): string[] {
  if (!shocks.length) return [];
  const impact = model.impact(shocks, at);
  return model.instruments.filter((_, i) => Math.abs(impact[i]!) >= 2).map((i) => i.symbol);
}

/**
 * A macro surprise of `sigmas` standard deviations, hawkish for `sign` +1. A rate decision moves yields through the
 * policy path instead.
 */
function surpriseShocks(sign: number, sigmas: number, decision: boolean): Shock[] {
  return FACTORS.filter((f) => HAWKISH[f] !== 0 && !(decision && f === 'rates')).map((f) => ({ on: f, size: sign * sigmas * HAWKISH[f] * FACTOR_VOL[f] }));
}

/**
 * Every story drawn from `seed` from `startMs` to `anchorMs` (events) and its catalysts on to `UPCOMING_DAYS` after it,
 * before the stories written for the unusual days the market draws (see moves.ts). Rate decisions are `model`'s policy
 * path's. The same seed and times give the same drafts.
 */
export function storyDrafts(seed: number, model: MarketModel, startMs: number, anchorMs: number): Draft[] {
  const claimed = new Set<string>();
  const ctx: Context = {
    rng: new Random(seed ^ 0x570e1),
    model,
    drafts: [],
    startMs,
    anchorMs,
    endMs: anchorMs + UPCOMING_DAYS * DAY_MS,
    claim: (targets, at) => {
      const keys = targets.map((t) => `${t}:${Math.floor(at / DAY_MS)}`);
      if (keys.some((k) => claimed.has(k))) return false;
      for (const k of keys) claimed.add(k);
      return true;
    },
  };
  earnings(ctx);
  macro(ctx);
  rateDecisions(ctx);
  claims(ctx);
  companyNews(ctx);
  marketNews(ctx);
  noise(ctx);
  // Milestones reached or pushed back and appointments, as the demo's reference data dates them: they move nothing.
  for (const news of demoProfileNews(startMs, anchorMs).stories) ctx.drafts.push({ ...news, precision: 'minute', shocks: [], moves: [], source: 'wire' });
  return ctx.drafts;
}

/**
 * Quarterly results of every listed company, 3 to 5 weeks after each quarter of its fiscal year, after the US close or
 * before the open. Revenue walks from the company's size, a few percent a quarter.
 */
function earnings(ctx: Context): void {
  const { rng } = ctx;
  for (const inst of DEMO_INSTRUMENTS.filter((i) => i.kind === 'stock' && i.company)) {
    const { company, sector } = companyRefs(inst.company!);
    const entities = [company, instrumentRef(inst), sector];
    const timing: EarningsTiming = BEFORE_OPEN.has(inst.symbol) ? 'before-open' : 'after-close';
    const fyEndMonth = fiscalYearEndMonth.get(inst.company!)!;
    let eps = round(1 + rng.next() * 4, 2);
    let revenueBn = startingRevenueBn(inst.symbol);
    const lastYear = new Date(ctx.endMs).getUTCFullYear() + (fyEndMonth === 12 ? 0 : 1);
    for (let year = new Date(ctx.startMs).getUTCFullYear(); year <= lastYear; year++) {
      for (const q of [1, 2, 3, 4] as FiscalQuarterNumber[]) {
        const quarterEnd = fiscalQuarterEnd(fyEndMonth, year, q);
        const at = earningsRelease(quarterEnd + (21 + rng.int(14)) * DAY_MS, timing);
        if (at < ctx.startMs || at >= ctx.endMs) continue;
        const period = fiscalQuarterLabel(fyEndMonth, year, q);
        const consensus = round(eps * (1 + (rng.next() - 0.4) * 0.1), 2);
        const surprise = (rng.next() - 0.45) * 0.2;
        const actual = round(consensus * (1 + surprise), 2);
        eps = actual;
        const beat = actual >= consensus;
        const verdict = actual > consensus ? 'beats' : actual < consensus ? 'misses' : 'matches';
        const big = Math.abs(surprise) > 0.04 && ctx.claim([inst.symbol], at);
        const shocks: Shock[] = big ? [{ on: inst.symbol, size: (beat ? 1 : -1) * (3 + rng.next() * 2) * inst.dailyVol }] : [];
        const pct = big ? Math.expm1(shocks[0]!.size) * 100 : 0;
        revenueBn *= 1 + (rng.next() - 0.4) * 0.08;
        const revenue = round(revenueBn, 1);
        const when = timing === 'after-close' ? 'after the US close (16:05 New York time)' : 'before the US open (06:45 New York time)';
        const chief = holderAt(ctx.anchorMs, inst.company!, /chief executive/i, at);
        const quote = chief ? ` Chief executive ${chief.label} said demand ${beat ? 'held up across its businesses' : 'was softer than the company had planned for'}.` : '';
        ctx.drafts.push({
          kind: 'earnings',
          occurredAt: at,
          precision: 'minute',
          headline: `${company.label} ${verdict} ${period} estimates: EPS $${actual.toFixed(2)} vs $${consensus.toFixed(2)} expected`,
          summary:
            `${company.label} reported ${period} earnings of $${actual.toFixed(2)} a share against a consensus of $${consensus.toFixed(2)}, ` +
            `on revenue of $${revenue} billion.${quote}${big ? ` The shares ${beat ? 'jumped' : 'fell'} ${Math.abs(pct).toFixed(1)}% on the result.` : ''}`,
          points: [`EPS $${actual.toFixed(2)} vs $${consensus.toFixed(2)} expected`, `Revenue $${revenue} billion`, beat ? 'Guidance kept' : 'Guidance under review'],
          importance: big ? 80 + rng.int(15) : 55 + rng.int(15),
          entities: chief ? [...entities, chief] : entities,
          shocks,
          moves: moved(ctx.model, shocks, at),
          source: 'wire',
          catalyst: {
            kind: 'earnings',
            title: `${company.label} ${period} results`,
            expectedAt: at,
            precision: 'minute',
            confirmed: true,
            description: `${company.label} reports its ${period} results ${when}.`,
            consensus: `EPS $${consensus.toFixed(2)}`,
            sourceUrl: `https://${SOURCES.wire.host}/calendar/${slug(`${company.label} ${period}`)}`,
            entities,
          },
          result: { company: inst.company!, symbol: inst.symbol, fyEndMonth, fiscalYear: year, quarter: q, eps: actual, consensus, revenueBn: revenue },
        });
      }
    }
  }
}

/** Monthly CPI (mid-month) and payrolls (first Friday), 08:30 New York time: their surprises shock the macro factors. */
function macro(ctx: Context): void {
  const { rng } = ctx;
  for (let month = Date.UTC(new Date(ctx.startMs).getUTCFullYear(), new Date(ctx.startMs).getUTCMonth(), 1); month < ctx.endMs; ) {
    const d = new Date(month);
    const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
    const previous = MONTHS[(m + 11) % 12]!;

    const cpiAt = cpiRelease(y, m, 10 + rng.int(5));
    const expected = round(0.1 + rng.int(4) * 0.1, 1);
    const cpiSurprise = rng.next() < 0.35 ? (rng.next() < 0.5 ? -0.2 : 0.2) : 0;
    const cpiActual = round(expected + cpiSurprise, 1);
    const cpiSigmas = 2.8 + rng.next() * 1.5;
    ctx.drafts.push(macroDraft(ctx, cpiAt, {
      headline: `US consumer prices rose ${cpiActual.toFixed(1)}% in ${previous}, ${cpiSurprise > 0 ? 'above' : cpiSurprise < 0 ? 'below' : 'in line with'} the ${expected.toFixed(1)}% expected`,
      summary: `The consumer price index rose ${cpiActual.toFixed(1)}% from the month before in ${previous}; economists expected ${expected.toFixed(1)}%.`,
      points: [`CPI ${signed(cpiActual)}% m/m vs ${signed(expected)}% expected`],
      kind: 'macro_release', series: CPI, surprise: cpiSurprise !== 0,
      print: { series: 'us-cpi', period: Date.UTC(y, m - 1, 1), value: cpiActual, expected },
      shocks: cpiSurprise !== 0 ? surpriseShocks(Math.sign(cpiSurprise), cpiSigmas, false) : [],
      catalyst: { title: `US CPI (${previous})`, consensus: `${signed(expected)}% m/m`, description: 'Monthly US consumer price index, 08:30 New York time.' },
    }));

    const jobsAt = payrollsRelease(y, m);
    const jobsExpected = 150 + rng.int(80);
    const jobsSurprise = rng.next() < 0.3 ? (rng.next() < 0.5 ? -1 : 1) : 0;
    const jobs = jobsExpected + jobsSurprise * (90 + rng.int(60)) + (jobsSurprise ? 0 : rng.int(21) - 10);
    const jobsSigmas = 2.6 + rng.next() * 1.2;
    ctx.drafts.push(macroDraft(ctx, jobsAt, {
      headline: `US employers added ${jobs}k jobs in ${previous}, ${jobsSurprise > 0 ? 'well above' : jobsSurprise < 0 ? 'well below' : 'close to'} the ${jobsExpected}k forecast`,
      summary: `Nonfarm payrolls rose by ${jobs},000 in ${previous} against a forecast of ${jobsExpected},000.`,
      points: [`Payrolls ${jobs}k vs ${jobsExpected}k expected`],
      kind: 'macro_release', series: PAYROLLS, surprise: jobsSurprise !== 0,
      print: { series: 'us-payrolls', period: Date.UTC(y, m - 1, 1), value: jobs, expected: jobsExpected },
      shocks: jobsSurprise !== 0 ? surpriseShocks(jobsSurprise, jobsSigmas, false) : [],
      catalyst: { title: `US nonfarm payrolls (${previous})`, consensus: `${jobsExpected}k`, description: 'Monthly US employment report, 08:30 New York time.' },
    }));
    month = Date.UTC(y, m + 1, 1);
  }
}

/** The policy path's decisions, 14:00 New York time: each headline gives the range the path is at after it. */
function rateDecisions(ctx: Context): void {
  for (const d of ctx.model.policy.decisions) {
    if (d.at < ctx.startMs || d.at >= ctx.endMs) continue;
    const surprise = d.change - d.expected;
    const sigmas = 2.8 + ctx.rng.next() * 1.5;
    const chair = holderAt(ctx.anchorMs, CENTRAL_BANK, /^chair/i, d.at);
    const told = decisionText(d, chair);
    ctx.drafts.push(macroDraft(ctx, d.at, {
      ...told,
      people: chair ? [chair] : [],
      kind: 'policy_decision', series: FED, surprise: surprise !== 0,
      importance: surprise !== 0 ? 85 : d.change !== 0 ? 70 : 60,
      shocks: surprise !== 0 ? surpriseShocks(Math.sign(surprise), sigmas, true) : [],
      catalyst: {
        title: 'FOMC rate decision',
        consensus: d.expected < 0 ? `Cut 25 bp to ${range(d.upper - d.change + d.expected)}` : `Hold at ${range(d.upper - d.change)}`,
        description: 'Federal Open Market Committee statement, 14:00 New York time.',
      },
    }));
  }
}

const POINTS: Record<number, string> = { 0.25: 'a quarter point', 0.5: 'half a point', 0.75: 'three quarters of a point' };

/** A decision's headline, summary and points: the new range, whether markets expected it, and what the chair said of it. */
function decisionText(d: RateDecision, chair: Ref | null): { headline: string; summary: string; points: string[] } {
  const now = range(d.upper);
  const before = range(d.upper - d.change);
  const by = POINTS[Math.abs(d.change)] ?? `${Math.abs(d.change * 100)} basis points`;
  const expected = d.expected < 0 ? 'a quarter-point cut' : 'no change';
  const surprise = d.change !== d.expected;
  let headline: string;
  if (!surprise) headline = d.change < 0 ? `Federal Reserve cuts rates by ${by} to ${now}, as expected` : `Federal Reserve holds rates at ${now}, as expected`;
  else if (d.change < 0) headline = d.expected < 0 ? `Federal Reserve cuts rates by ${by} to ${now}, more than expected` : `Federal Reserve unexpectedly cuts rates to ${now}`;
  else headline = d.change === 0 ? `Federal Reserve unexpectedly holds rates at ${now}` : `Federal Reserve unexpectedly raises rates to ${now}`;
  const summary =
    d.change === 0
      ? `The Federal Open Market Committee left its target range at ${now}; markets expected ${expected}.`
      : `The Federal Open Market Committee moved its target range by ${by} from ${before} to ${now}; markets expected ${expected}.`;
  const said = !chair
    ? ''
    : d.change < 0
      ? ` Chair ${chair.label} said further cuts would depend on inflation continuing to ease.`
      : ` Chair ${chair.label} said the committee would wait for more evidence before moving again.`;
  return { headline, summary: summary + said, points: [`Target range ${now}`, surprise ? `Markets expected ${expected}` : 'As expected'] };
}

/** The Saturday ending the week a claims release at `at` reports: the last one before the release. */
function weekEnding(at: number): number {
  const day = at - (at % DAY_MS);
  return day - ((new Date(day).getUTCDay() + 1) % 7) * DAY_MS;
}

/** Weekly jobless claims, 08:30 New York time: a routine release that never surprises enough to move anything. */
function claims(ctx: Context): void {
  for (const at of claimsReleases(ctx.startMs, ctx.endMs)) {
    const expected = 200 + ctx.rng.int(40);
    const actual = expected + ctx.rng.int(11) - 5;
    ctx.drafts.push(macroDraft(ctx, at, {
      headline: `US initial jobless claims at ${actual}k, against ${expected}k expected`,
      summary: `First-time claims for unemployment benefits came in at ${actual},000 for the week, close to the ${expected},000 forecast.`,
      points: [`Claims ${actual}k vs ${expected}k expected`],
      kind: 'macro_release', series: CLAIMS, surprise: false,
      print: { series: 'us-jobless-claims', period: weekEnding(at), value: actual, expected },
      importance: 30 + ctx.rng.int(10),
      shocks: [],
      catalyst: { title: 'US initial jobless claims', consensus: `${expected}k`, description: 'Weekly US jobless claims, 08:30 New York time.' },
    }));
  }
}

function macroDraft(
  ctx: Context,
  at: number,
  spec: {
    headline: string;
    summary: string;
    points: string[];
    kind: 'macro_release' | 'policy_decision';
    series: Ref;
    /** The number it reports and the period it is for. */
    print?: Omit<MacroPrint, 'releasedAt'>;
    /** The people the story names (the central bank's chair, for a rate decision). */
    people?: Ref[];
    surprise: boolean;
    /** Default: 85 for a surprise, 60 otherwise. */
    importance?: number;
    shocks: Shock[];
    catalyst: { title: string; consensus: string; description: string };
  },
): Draft {
  const entities = [spec.series];
  const shocks = spec.shocks.length && ctx.claim(spec.shocks.map((s) => s.on), at) ? spec.shocks : [];
  return {
    kind: spec.kind,
    occurredAt: at,
    precision: 'minute',
    headline: spec.headline,
    summary: spec.summary,
    points: spec.points,
    importance: spec.importance ?? (spec.surprise ? 85 : 60),
    entities: [...entities, ...(spec.people ?? [])],
    shocks,
    moves: moved(ctx.model, shocks, at),
    source: 'macro',
    ...(spec.print ? { print: { ...spec.print, releasedAt: at } } : {}),
    catalyst: {
      kind: spec.kind,
      title: spec.catalyst.title,
      expectedAt: at,
      precision: 'minute',
      confirmed: true,
      description: spec.catalyst.description,
      consensus: spec.catalyst.consensus,
      sourceUrl: `https://${SOURCES.macro.host}/calendar/${slug(spec.catalyst.title)}-${new Date(at).toISOString().slice(0, 10)}`,
      entities,
    },
  };
}

/** A trading day at or after `ms`, at a New York time between 08:00 and 16:00: when unscheduled company news breaks. */
function businessHours(rng: Random, ms: number): number {
  let day = ms - (ms % DAY_MS);
  while (!isTradingDay(day)) day += DAY_MS;
  return newYorkTime(day, 8 + rng.int(8), rng.int(60));
}

/** A trading day at or after `ms`, between 17:00 and 21:00 New York time: when directors' Form 4s are filed. */
function businessEvening(rng: Random, ms: number): number {
  let day = ms - (ms % DAY_MS);
  while (!isTradingDay(day)) day += DAY_MS;
  return newYorkTime(day, 17 + rng.int(4), rng.int(60));
}

/** Unscheduled company stories, about six a year each, most of them moving the shares. */
function companyNews(ctx: Context): void {
  const { rng } = ctx;
  for (const inst of DEMO_INSTRUMENTS.filter((i) => i.kind === 'stock' && i.company)) {
    const { company, sector } = companyRefs(inst.company!);
    const templates: Pair[] = [...COMPANY_NEWS, OPERATIONS_NEWS[companies.get(inst.company!)!.sector]!];
    for (let at = ctx.startMs + rng.int(60) * DAY_MS; at < ctx.anchorMs; at += (30 + rng.int(60)) * DAY_MS) {
      const when = businessHours(rng, at);
      const news = templates[rng.int(templates.length)]!;
      const up = rng.next() < 0.55;
      const moves = rng.next() < 0.7 && ctx.claim([inst.symbol], when);
      const shocks: Shock[] = moves ? [{ on: inst.symbol, size: (up ? 1 : -1) * (3 + rng.next() * 2.5) * inst.dailyVol }] : [];
      const pct = moves ? Math.expm1(shocks[0]!.size) * 100 : 0;
      const template = up ? news.up : news.down;
      const headline = template.text.replace('{c}', company.label);
      ctx.drafts.push({
        kind: template.kind,
        occurredAt: when,
        precision: 'minute',
        headline,
        summary: `${headline}.${moves ? ` ${inst.symbol} ${pct > 0 ? 'rose' : 'fell'} ${Math.abs(pct).toFixed(1)}% on the news.` : ''}`,
        points: [headline, ...(moves ? [`${inst.symbol} ${signed(pct)}% on the news`] : [])],
        importance: moves ? 65 + rng.int(25) : 35 + rng.int(15),
        entities: [company, instrumentRef(inst), sector],
        shocks,
        moves: moved(ctx.model, shocks, when),
        source: 'wire',
      });
    }
  }
}

/** What moves an instrument's market news: a factor for crude oil (it moves energy), the instrument itself otherwise. */
const MARKET_NEWS: Record<string, { templates: Pair[]; on: (inst: DemoInstrument) => string; vol: (inst: DemoInstrument) => number }> = {
  crypto: { templates: CRYPTO_NEWS, on: (i) => i.symbol, vol: (i) => i.dailyVol },
  WTI: { templates: OIL_NEWS, on: () => 'energy', vol: () => FACTOR_VOL.energy },
  NATGAS: { templates: GAS_NEWS, on: (i) => i.symbol, vol: (i) => i.dailyVol },
};

/** Crypto and energy stories, about four a year per instrument. */
function marketNews(ctx: Context): void {
  const { rng } = ctx;
  for (const inst of DEMO_INSTRUMENTS) {
    const news = MARKET_NEWS[inst.kind === 'crypto' ? 'crypto' : inst.symbol];
    if (!news) continue;
    const crypto = inst.kind === 'crypto';
    for (let at = ctx.startMs + rng.int(90) * DAY_MS; at < ctx.anchorMs; at += (60 + rng.int(70)) * DAY_MS) {
      const when = at + rng.int(24 * 60) * MINUTE_MS;
      const on = news.on(inst);
      if (!ctx.claim([on], when)) continue;
      const up = rng.next() < 0.5;
      const shocks: Shock[] = [{ on, size: (up ? 1 : -1) * (3.2 + rng.next() * 2) * news.vol(inst) }];
      // The instrument's own exposure to what moves is 1: its change is the shock's.
      const pct = Math.expm1(shocks[0]!.size) * 100;
      const template = news.templates[rng.int(news.templates.length)]!;
      const told = up ? template.up : template.down;
      const headline = told.text.replace('{n}', inst.name) + (crypto ? '' : `: ${inst.name} ${up ? 'rallies' : 'slides'}`);
      ctx.drafts.push({
        kind: told.kind,
        occurredAt: when,
        precision: 'minute',
        headline,
        summary: `${headline}. ${inst.symbol} moved ${signed(pct)}% on the news.`,
        points: [headline, `${inst.symbol} ${signed(pct)}% on the news`],
        importance: 60 + rng.int(30),
        entities: [instrumentRef(inst)],
        shocks,
        moves: moved(ctx.model, shocks, when),
        source: crypto ? 'chain' : 'commodity',
      });
    }
  }
}

/** Low-importance stories that cause nothing: about one every other day. */
function noise(ctx: Context): void {
  const { rng } = ctx;
  for (let at = ctx.startMs + rng.int(DAY_MS); at < ctx.anchorMs; at += DAY_MS + rng.int(3 * DAY_MS)) {
    // A story dated only to its day or hour is placed at the start of it.
    const precision = rng.next() < 0.3 ? 'day' : 'hour';
    ctx.drafts.push(noiseDraft(rng, at - (at % (precision === 'day' ? DAY_MS : HOUR_MS)), precision, ctx.anchorMs));
  }
}

/**
 * A noise story drawn at `at`. An insider story is only drawn in the history (`anchorMs` given), where the demo files
 * the Form 4 behind it: about a listed company's director, at the evening hour of a trading day when such forms come in.
 */
function noiseDraft(rng: Random, at: number, precision: StoryEvent['precision'], anchorMs: number | null): Draft {
  const inst = DEMO_INSTRUMENTS[rng.int(DEMO_INSTRUMENTS.length)]!;
  const director = anchorMs !== null && inst.kind === 'stock' && inst.company ? holderAt(anchorMs, inst.company, DIRECTOR, at) : null;
  const choices = NOISE.filter((n) => (inst.company || !n.company) && (n.kind !== 'insider' || director));
  const pick = choices[rng.int(choices.length)]!;
  const name = inst.company ? companyRefs(inst.company).company.label : inst.name;
  const headline = pick.text.replace('{n}', name);
  if (pick.kind === 'insider' && director) {
    const { company } = companyRefs(inst.company!);
    return {
      kind: pick.kind,
      occurredAt: businessEvening(rng, at),
      precision: 'minute',
      headline,
      summary: `${director.label}, a director of ${name}, reported selling a small part of their shares under a Rule 10b5-1 trading plan. Nothing in it changes the outlook.`,
      points: [`Filed on Form 4 by ${director.label}`],
      importance: 5 + rng.int(30),
      entities: [company, instrumentRef(inst), director],
      shocks: [],
      moves: [],
      source: 'wire',
      insider: { company: inst.company!, symbol: inst.symbol, person: director.key, personName: director.label },
    };
  }
  return {
    kind: pick.kind,
    occurredAt: at,
    precision,
    headline,
    summary: `${headline}. Nothing in it changes the outlook.`,
    points: [],
    importance: 5 + rng.int(30),
    entities: inst.company ? [companyRefs(inst.company).company, instrumentRef(inst)] : [instrumentRef(inst)],
    shocks: [],
    moves: [],
    source: 'wire',
  };
}

/**
 * The story from drafts (`startMs` to `anchorMs` for events, on to the end for catalysts): events in time order with
 * their ids, catalysts linked to their outcome events, and each upcoming catalyst's outcome sealed.
 */
export function finishStory(drafts: Draft[], startMs: number, anchorMs: number): DemoStory {
  const inWindow = drafts.filter((d) => d.occurredAt >= startMs);
  const happened = inWindow.filter((d) => d.occurredAt < anchorMs).sort((a, b) => a.occurredAt - b.occurredAt || a.headline.localeCompare(b.headline));
  const events = happened.map((d, k) => published(d, k + 1));
  const outcome = new Map(happened.map((d, k) => [d, k + 1]));
  const scheduled: ScheduledOutcome[] = [];
  const catalysts = inWindow
    .filter((d) => d.catalyst)
    .sort((a, b) => a.catalyst!.expectedAt - b.catalyst!.expectedAt || a.catalyst!.title.localeCompare(b.catalyst!.title))
    .map((d, k) => {
      const id = outcome.get(d);
      if (id === undefined) scheduled.push({ catalystId: k + 1, story: unpublished(d) });
      return { ...d.catalyst!, id: k + 1, outcomeEventId: id ?? null };
    });
  const reported = <T>(pick: (d: Draft) => T | undefined): Reported<T>[] =>
    happened.flatMap((d, k) => {
      const figures = pick(d);
      return figures ? [{ ...figures, eventId: k + 1, occurredAt: d.occurredAt }] : [];
    });
  return { events, catalysts, scheduled, results: reported((d) => d.result), insiders: reported((d) => d.insider) };
}

/** A draft as a story still without its id: its source's name and host. */
function unpublished(d: Draft): ScheduledOutcome['story'] {
  const { source, catalyst: _, result: _result, insider: _insider, print: _print, ...event } = d;
  return { ...event, sourceName: SOURCES[source].name, sourceHost: SOURCES[source].host };
}

/** A story as published on its source's .example host: its URL ends with `suffix`, unique per story. */
export function publishedStory(story: ScheduledOutcome['story'], suffix: string): LiveStory {
  const { sourceHost, ...event } = story;
  const date = new Date(story.occurredAt).toISOString().slice(0, 10).replaceAll('-', '/');
  return { ...event, sourceUrl: `https://${sourceHost}/${date}/${slug(story.headline)}-${suffix}` };
}

const published = (d: Draft, id: number): StoryEvent => ({ ...publishedStory(unpublished(d), String(id)), id });

/**
 * The `sequence`-th routine story of the live demo wire at `atMs` (to the minute). Its id is given by the service
 * when it is written; its URL is unique by its minute and sequence.
 */
export function liveStory(seed: number, sequence: number, atMs: number): LiveStory {
  const rng = new Random((seed ^ 0x11fe) + Math.imul(sequence, 7919));
  const minute = atMs - (atMs % MINUTE_MS);
  return publishedStory(unpublished(noiseDraft(rng, minute, 'minute', null)), `${minute.toString(36)}${sequence}`);
}
