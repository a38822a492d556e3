// The demo's news story: scheduled catalysts (earnings, CPI, payrolls, rate decisions) and their outcome events,
// unscheduled company, crypto and commodity news, and low-importance noise. Events that matter carry the price jumps
// the history then draws, so the moves found later have known causes: `jumps` is that ground truth.
import { companyRef, instrumentRef, macroRef, sectorRef, type Ref } from '../refs.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.js';
import type { EventKind } from '../vocabulary.js';
import { demoProfileNews } from './profiles/index.js';
import { Random } from './random.js';
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
  /** The price jumps this event causes, as percent changes per symbol; empty for stories that move nothing. */
  jumps: { symbol: string; pct: number }[];
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
}

/** Upcoming catalysts are scheduled this far past the anchor. */
const UPCOMING_DAYS = 90;

const SOURCES = {
  wire: { name: 'Harbor Street Wire', host: 'wire.example' },
  macro: { name: 'Macro Desk', host: 'macrodesk.example' },
  chain: { name: 'Chain Report', host: 'chainreport.example' },
  commodity: { name: 'Commodity Tape', host: 'commoditytape.example' },
} as const;
type Source = keyof typeof SOURCES;

const companies = new Map(DEMO_COMPANIES.map((c) => [c.slug, c]));
/** A demo company's reference, and its sector's. */
function companyRefs(slug: string): { company: Ref; sector: Ref } {
  const c = companies.get(slug)!;
  return { company: companyRef(slug, c.name), sector: sectorRef(c.sector, c.sectorName) };
}

const CPI = macroRef('us-cpi', 'US consumer price index');
const PAYROLLS = macroRef('us-payrolls', 'US nonfarm payrolls');
const FED = macroRef('fed-funds-rate', 'Federal funds target rate');
const CLAIMS = macroRef('us-jobless-claims', 'US initial jobless claims');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** How each macro-sensitive instrument reacts to a hawkish surprise (hotter inflation, stronger jobs, a hike): +1 up, -1 down. */
const HAWKISH: Record<string, number> = { SPX: -1, NDX: -1, DJI: -1, US2Y: 1, US10Y: 1, XAU: -1, EURUSD: -1, USDJPY: 1, BTC: -1, QQQ: -1, SPY: -1 };

interface Draft extends Omit<StoryEvent, 'id' | 'sourceUrl' | 'sourceName'> {
  source: Source;
  catalyst?: Omit<StoryCatalyst, 'id' | 'outcomeEventId'>;
}

const bySymbol = new Map(DEMO_INSTRUMENTS.map((i) => [i.symbol, i]));
const round = (x: number, digits: number) => Number(x.toFixed(digits));
const signed = (x: number, digits = 1) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
}

/** Business day on or after `ms` (Monday to Friday), same time of day. */
function weekday(ms: number): number {
  let t = ms;
  while ([0, 6].includes(new Date(t).getUTCDay())) t += DAY_MS;
  return t;
}

/**
 * The whole story from `startMs` to `anchorMs` (events) and on to `UPCOMING_DAYS` after it (catalysts still to come),
 * drawn from `seed`: the same seed and times give the same story.
 */
export function demoStory(seed: number, startMs: number, anchorMs: number): DemoStory {
  const rng = new Random(seed ^ 0x570e1);
  const drafts: Draft[] = [];
  const endMs = anchorMs + UPCOMING_DAYS * DAY_MS;
  /** Symbol and UTC day pairs already holding a jump: one cause per move keeps the ground truth unambiguous. */
  const jumpDays = new Set<string>();
  const free = (symbol: string, at: number) => !jumpDays.has(`${symbol}:${Math.floor(at / DAY_MS)}`);
  const take = (symbol: string, at: number) => jumpDays.add(`${symbol}:${Math.floor(at / DAY_MS)}`);
  /** A jump of `sigmas` daily standard deviations in direction `sign`, as a percent change. */
  const jump = (inst: DemoInstrument, sigmas: number, sign: number) => round((Math.exp(sign * sigmas * inst.dailyVol) - 1) * 100, 2);

  earnings(rng, drafts, startMs, endMs, free, take, jump);
  macro(rng, drafts, startMs, endMs, free, take, jump);
  companyNews(rng, drafts, startMs, anchorMs, free, take, jump);
  marketNews(rng, drafts, startMs, anchorMs, free, take, jump);
  noise(rng, drafts, startMs, anchorMs);
  // Milestones reached or pushed back and appointments, as the demo's reference data dates them: they move nothing.
  for (const news of demoProfileNews(startMs, anchorMs).stories) drafts.push({ ...news, precision: 'minute', jumps: [], source: 'wire' });

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
  return { events, catalysts, scheduled };
}

type Free = (symbol: string, at: number) => boolean;
type Take = (symbol: string, at: number) => void;
type Jump = (inst: DemoInstrument, sigmas: number, sign: number) => number;

/** Quarterly results of every listed company, reported 3 to 5 weeks after the quarter, after the US close. */
function earnings(rng: Random, drafts: Draft[], startMs: number, endMs: number, free: Free, take: Take, jump: Jump): void {
  for (const inst of DEMO_INSTRUMENTS.filter((i) => i.kind === 'stock' && i.company)) {
    const { company, sector } = companyRefs(inst.company!);
    const entities = [company, instrumentRef(inst), sector];
    let eps = round(1 + rng.next() * 4, 2);
    for (let year = new Date(startMs).getUTCFullYear(); year <= new Date(endMs).getUTCFullYear(); year++) {
      for (let q = 0; q < 4; q++) {
        const quarterEnd = Date.UTC(year, 3 * q + 3, 0);
        const at = weekday(quarterEnd + (21 + rng.int(14)) * DAY_MS + 21 * HOUR_MS + 5 * MINUTE_MS);
        if (at < startMs || at >= endMs) continue;
        const period = `Q${q + 1} ${year}`;
        const consensus = round(eps * (1 + (rng.next() - 0.4) * 0.1), 2);
        const surprise = (rng.next() - 0.45) * 0.2;
        const actual = round(consensus * (1 + surprise), 2);
        eps = actual;
        const beat = actual >= consensus;
        const verdict = actual > consensus ? 'beats' : actual < consensus ? 'misses' : 'matches';
        const big = Math.abs(surprise) > 0.04 && free(inst.symbol, at);
        const pct = big ? jump(inst, 3 + rng.next() * 2, beat ? 1 : -1) : 0;
        if (big) take(inst.symbol, at);
        const revenue = round(10 + rng.next() * 90, 1);
        drafts.push({
          kind: 'earnings',
          occurredAt: at,
          precision: 'minute',
          headline: `${company.label} ${verdict} ${period} estimates: EPS $${actual.toFixed(2)} vs $${consensus.toFixed(2)} expected`,
          summary:
            `${company.label} reported ${period} earnings of $${actual.toFixed(2)} a share against a consensus of $${consensus.toFixed(2)}, ` +
            `on revenue of $${revenue} billion. ${big ? `The shares ${beat ? 'jumped' : 'fell'} ${Math.abs(pct).toFixed(1)}% on the result.` : 'The reaction was muted.'}`,
          points: [`EPS $${actual.toFixed(2)} vs $${consensus.toFixed(2)} expected`, `Revenue $${revenue} billion`, beat ? 'Guidance kept' : 'Guidance under review'],
          importance: big ? 80 + rng.int(15) : 55 + rng.int(15),
          entities,
          jumps: big ? [{ symbol: inst.symbol, pct }] : [],
          source: 'wire',
          catalyst: {
            kind: 'earnings',
            title: `${company.label} ${period} results`,
            expectedAt: at,
            precision: 'minute',
            confirmed: true,
            description: `${company.label} reports its ${period} results after the US close.`,
            consensus: `EPS $${consensus.toFixed(2)}`,
            sourceUrl: `https://${SOURCES.wire.host}/calendar/${slug(`${company.label} ${period}`)}`,
            entities,
          },
        });
      }
    }
  }
}

/** CPI (mid-month), payrolls (first Friday) and rate decisions (eight a year): surprises move the macro-sensitive instruments. */
function macro(rng: Random, drafts: Draft[], startMs: number, endMs: number, free: Free, take: Take, jump: Jump): void {
  const react = (at: number, hawkish: number, sigmas: () => number) =>
    Object.entries(HAWKISH)
      .filter(([symbol]) => bySymbol.has(symbol) && free(symbol, at))
      .map(([symbol, direction]) => {
        take(symbol, at);
        return { symbol, pct: jump(bySymbol.get(symbol)!, sigmas(), direction * hawkish) };
      });
  let rate = 5.25;
  for (let month = Date.UTC(new Date(startMs).getUTCFullYear(), new Date(startMs).getUTCMonth(), 1); month < endMs; ) {
    const d = new Date(month);
    const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
    const previous = MONTHS[(m + 11) % 12]!;

    const cpiAt = weekday(Date.UTC(y, m, 10 + rng.int(5), 12, 30));
    const expected = round(0.1 + rng.int(4) * 0.1, 1);
    const cpiSurprise = rng.next() < 0.35 ? (rng.next() < 0.5 ? -0.2 : 0.2) : 0;
    const cpiActual = round(expected + cpiSurprise, 1);
    drafts.push(macroDraft(cpiAt, {
      headline: `US consumer prices rose ${cpiActual.toFixed(1)}% in ${previous}, ${cpiSurprise > 0 ? 'above' : cpiSurprise < 0 ? 'below' : 'in line with'} the ${expected.toFixed(1)}% expected`,
      summary: `The consumer price index rose ${cpiActual.toFixed(1)}% from the month before in ${previous}; economists expected ${expected.toFixed(1)}%.`,
      points: [`CPI ${signed(cpiActual)}% m/m vs ${signed(expected)}% expected`],
      kind: 'macro_release', series: CPI, surprise: cpiSurprise !== 0,
      jumps: cpiSurprise !== 0 ? () => react(cpiAt, Math.sign(cpiSurprise), () => 2.8 + rng.next() * 1.5) : () => [],
      catalyst: { title: `US CPI (${previous})`, consensus: `${signed(expected)}% m/m`, description: 'Monthly US consumer price index, 08:30 New York time.' },
    }));

    const firstFriday = Date.UTC(y, m, 1 + ((5 - new Date(Date.UTC(y, m, 1)).getUTCDay() + 7) % 7), 12, 30);
    const jobsExpected = 150 + rng.int(80);
    const jobsSurprise = rng.next() < 0.3 ? (rng.next() < 0.5 ? -1 : 1) : 0;
    const jobs = jobsExpected + jobsSurprise * (90 + rng.int(60)) + (jobsSurprise ? 0 : rng.int(21) - 10);
    drafts.push(macroDraft(firstFriday, {
      headline: `US employers added ${jobs}k jobs in ${previous}, ${jobsSurprise > 0 ? 'well above' : jobsSurprise < 0 ? 'well below' : 'close to'} the ${jobsExpected}k forecast`,
      summary: `Nonfarm payrolls rose by ${jobs},000 in ${previous} against a forecast of ${jobsExpected},000.`,
      points: [`Payrolls ${jobs}k vs ${jobsExpected}k expected`],
      kind: 'macro_release', series: PAYROLLS, surprise: jobsSurprise !== 0,
      jumps: jobsSurprise !== 0 ? () => react(firstFriday, jobsSurprise, () => 2.6 + rng.next() * 1.2) : () => [],
      catalyst: { title: `US nonfarm payrolls (${previous})`, consensus: `${jobsExpected}k`, description: 'Monthly US employment report, 08:30 New York time.' },
    }));

    if ([0, 2, 4, 5, 6, 8, 10, 11].includes(m)) {
      const fedAt = weekday(Date.UTC(y, m, 14 + rng.int(10), 18, 0));
      const change = rng.next() < 0.2 ? (rng.next() < 0.6 ? -0.25 : 0.25) : 0;
      const before = rate;
      rate = round(rate + change, 2);
      drafts.push(macroDraft(fedAt, {
        headline: change ? `Federal Reserve unexpectedly ${change < 0 ? 'cuts' : 'raises'} rates to ${(rate - 0.25).toFixed(2)}-${rate.toFixed(2)}%` : `Federal Reserve holds rates at ${(rate - 0.25).toFixed(2)}-${rate.toFixed(2)}%`,
        summary: change
          ? `The Federal Open Market Committee moved its target range by ${Math.abs(change * 100)} basis points from ${(before - 0.25).toFixed(2)}-${before.toFixed(2)}%, which markets had not priced.`
          : 'The Federal Open Market Committee left its target range unchanged, as expected.',
        points: [`Target range ${(rate - 0.25).toFixed(2)}-${rate.toFixed(2)}%`, change ? 'Not expected by markets' : 'As expected'],
        kind: 'policy_decision', series: FED, surprise: change !== 0,
        jumps: change ? () => react(fedAt, Math.sign(change), () => 2.8 + rng.next() * 1.5) : () => [],
        catalyst: { title: 'FOMC rate decision', consensus: 'Hold', description: 'Federal Open Market Committee statement, 14:00 New York time.' },
      }));
    }
    month = Date.UTC(y, m + 1, 1);
  }
  claims(rng, drafts, startMs, endMs);
}

/** Weekly jobless claims, every Thursday: a routine release that never surprises enough to move anything. */
function claims(rng: Random, drafts: Draft[], startMs: number, endMs: number): void {
  const first = Date.UTC(new Date(startMs).getUTCFullYear(), new Date(startMs).getUTCMonth(), new Date(startMs).getUTCDate(), 12, 30);
  for (let at = first + ((4 - new Date(first).getUTCDay() + 7) % 7) * DAY_MS; at < endMs; at += 7 * DAY_MS) {
    const expected = 200 + rng.int(40);
    const actual = expected + rng.int(11) - 5;
    drafts.push(
      macroDraft(at, {
        headline: `US initial jobless claims at ${actual}k, against ${expected}k expected`,
        summary: `First-time claims for unemployment benefits came in at ${actual},000 for the week, close to the ${expected},000 forecast.`,
        points: [`Claims ${actual}k vs ${expected}k expected`],
        kind: 'macro_release',
        series: CLAIMS,
        surprise: false,
        importance: 30 + rng.int(10),
        jumps: () => [],
        catalyst: { title: 'US initial jobless claims', consensus: `${expected}k`, description: 'Weekly US jobless claims, 08:30 New York time.' },
      }),
    );
  }
}

function macroDraft(
  at: number,
  spec: {
    headline: string;
    summary: string;
    points: string[];
    kind: 'macro_release' | 'policy_decision';
    series: Ref;
    surprise: boolean;
    /** Default: 85 for a surprise, 60 otherwise. */
    importance?: number;
    jumps: () => StoryEvent['jumps'];
    catalyst: { title: string; consensus: string; description: string };
  },
): Draft {
  return {
    kind: spec.kind,
    occurredAt: at,
    precision: 'minute',
    headline: spec.headline,
    summary: spec.summary,
    points: spec.points,
    importance: spec.importance ?? (spec.surprise ? 85 : 60),
    entities: [spec.series],
    jumps: spec.jumps(),
    source: 'macro',
    catalyst: {
      kind: spec.kind,
      title: spec.catalyst.title,
      expectedAt: at,
      precision: 'minute',
      confirmed: true,
      description: spec.catalyst.description,
      consensus: spec.catalyst.consensus,
      sourceUrl: `https://${SOURCES.macro.host}/calendar/${slug(spec.catalyst.title)}-${new Date(at).toISOString().slice(0, 10)}`,
      entities: [spec.series],
    },
  };
}

const COMPANY_NEWS: { kind: EventKind; up: string; down: string }[] = [
  { kind: 'guidance', up: '{c} raises its full-year outlook', down: '{c} cuts its full-year outlook' },
  { kind: 'm_and_a', up: '{c} agrees to buy a rival in an all-cash deal', down: '{c} walks away from a planned acquisition' },
  { kind: 'rating', up: 'Two brokers upgrade {c} to buy', down: '{c} downgraded to sell at a major broker' },
  { kind: 'legal', up: '{c} wins dismissal of a long-running lawsuit', down: '{c} loses a patent case and faces damages' },
  { kind: 'product', up: '{c} launch draws record pre-orders', down: '{c} delays its flagship launch' },
  { kind: 'partnership', up: '{c} signs a multi-year supply partnership', down: 'Key partner ends its agreement with {c}' },
  { kind: 'regulatory', up: 'Regulators clear {c} after a review', down: 'Regulators open an investigation into {c}' },
];

/** Unscheduled company stories, about six a year each, most of them moving the shares. */
function companyNews(rng: Random, drafts: Draft[], startMs: number, anchorMs: number, free: Free, take: Take, jump: Jump): void {
  for (const inst of DEMO_INSTRUMENTS.filter((i) => i.kind === 'stock' && i.company)) {
    const { company, sector } = companyRefs(inst.company!);
    for (let at = startMs + rng.int(60) * DAY_MS; at < anchorMs; at += (30 + rng.int(60)) * DAY_MS) {
      const when = weekday(at + (13 + rng.int(7)) * HOUR_MS + rng.int(60) * MINUTE_MS);
      const news = COMPANY_NEWS[rng.int(COMPANY_NEWS.length)]!;
      const up = rng.next() < 0.55;
      const moves = rng.next() < 0.7 && free(inst.symbol, when);
      const pct = moves ? jump(inst, 3 + rng.next() * 2.5, up ? 1 : -1) : 0;
      if (moves) take(inst.symbol, when);
      const headline = (up ? news.up : news.down).replace('{c}', company.label);
      drafts.push({
        kind: news.kind,
        occurredAt: when,
        precision: 'minute',
        headline,
        summary: `${headline}. ${moves ? `${inst.symbol} ${pct > 0 ? 'rose' : 'fell'} ${Math.abs(pct).toFixed(1)}% on the news.` : 'The shares barely reacted.'}`,
        points: [headline, moves ? `${inst.symbol} ${signed(pct)}% on the news` : 'Little market reaction'],
        importance: moves ? 65 + rng.int(25) : 35 + rng.int(15),
        entities: [company, instrumentRef(inst), sector],
        jumps: moves ? [{ symbol: inst.symbol, pct }] : [],
        source: 'wire',
      });
    }
  }
}

const CRYPTO_NEWS: { kind: EventKind; up: string; down: string }[] = [
  { kind: 'regulatory', up: 'Regulators approve a spot {n} fund', down: 'Regulators reject a spot {n} fund' },
  { kind: 'market_structure', up: 'A major exchange adds {n} perpetuals with deeper margin', down: 'A large {n} lender halts withdrawals' },
  { kind: 'product', up: '{n} network upgrade goes live without issues', down: '{n} network halts block production for hours' },
  { kind: 'legal', up: 'Court rules in favour of {n} developers', down: 'Exchange hack drains {n} hot wallets' },
];
const COMMODITY_NEWS = [
  { up: 'Producers agree to deeper output cuts', down: 'Producers unexpectedly raise output' },
  { up: 'Inventories fall far more than forecast', down: 'Inventories build far more than forecast' },
  { up: 'Supply outage shuts a major terminal', down: 'Demand outlook cut by a major agency' },
];

/** Crypto and commodity stories, about four a year per instrument. */
function marketNews(rng: Random, drafts: Draft[], startMs: number, anchorMs: number, free: Free, take: Take, jump: Jump): void {
  for (const inst of DEMO_INSTRUMENTS.filter((i) => i.kind === 'crypto' || i.symbol === 'WTI' || i.symbol === 'NATGAS')) {
    const crypto = inst.kind === 'crypto';
    for (let at = startMs + rng.int(90) * DAY_MS; at < anchorMs; at += (60 + rng.int(70)) * DAY_MS) {
      const when = at + rng.int(24) * HOUR_MS + rng.int(60) * MINUTE_MS;
      if (!free(inst.symbol, when)) continue;
      const up = rng.next() < 0.5;
      const pct = jump(inst, 3.2 + rng.next() * 2, up ? 1 : -1);
      take(inst.symbol, when);
      const template = crypto ? CRYPTO_NEWS[rng.int(CRYPTO_NEWS.length)]! : { kind: 'news' as const, ...COMMODITY_NEWS[rng.int(COMMODITY_NEWS.length)]! };
      const headline = (up ? template.up : template.down).replace('{n}', inst.name) + (crypto ? '' : `: ${inst.name} ${up ? 'rallies' : 'slides'}`);
      drafts.push({
        kind: template.kind,
        occurredAt: when,
        precision: 'minute',
        headline,
        summary: `${headline}. ${inst.symbol} moved ${signed(pct)}% on the news.`,
        points: [headline, `${inst.symbol} ${signed(pct)}% on the news`],
        importance: 60 + rng.int(30),
        entities: [instrumentRef(inst)],
        jumps: [{ symbol: inst.symbol, pct }],
        source: crypto ? 'chain' : 'commodity',
      });
    }
  }
}

const NOISE = [
  { kind: 'news' as const, text: 'Analysts debate what comes next for {x}' },
  { kind: 'news' as const, text: '{x}: five charts to watch this week' },
  { kind: 'management' as const, text: '{x} names a new head of investor relations' },
  { kind: 'product' as const, text: '{x} publishes a minor software update' },
  { kind: 'partnership' as const, text: '{x} joins an industry working group' },
  { kind: 'insider' as const, text: 'A director of {x} reports a small share sale under a trading plan' },
];

/** Low-importance stories that cause nothing: about one every other day. */
function noise(rng: Random, drafts: Draft[], startMs: number, anchorMs: number): void {
  for (let at = startMs + rng.int(DAY_MS); at < anchorMs; at += DAY_MS + rng.int(3 * DAY_MS)) {
    // A story dated only to its day or hour is placed at the start of it.
    const precision = rng.next() < 0.3 ? 'day' : 'hour';
    drafts.push(noiseDraft(rng, at - (at % (precision === 'day' ? DAY_MS : HOUR_MS)), precision));
  }
}

function noiseDraft(rng: Random, at: number, precision: StoryEvent['precision']): Draft {
  const inst = DEMO_INSTRUMENTS[rng.int(DEMO_INSTRUMENTS.length)]!;
  const pick = NOISE[rng.int(inst.company ? NOISE.length : 2)]!;
  const name = inst.company ? companyRefs(inst.company).company.label : inst.name;
  const headline = pick.text.replace('{x}', name);
  return {
    kind: pick.kind,
    occurredAt: at,
    precision,
    headline,
    summary: `${headline}. Nothing in it changes the outlook.`,
    points: [],
    importance: 5 + rng.int(30),
    entities: inst.company ? [companyRefs(inst.company).company, instrumentRef(inst)] : [instrumentRef(inst)],
    jumps: [],
    source: 'wire',
  };
}

/** A draft as a story still without its id: its source's name and host. */
function unpublished(d: Draft): ScheduledOutcome['story'] {
  const { source, catalyst: _, ...event } = d;
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
  return publishedStory(unpublished(noiseDraft(rng, minute, 'minute')), `${minute.toString(36)}${sequence}`);
}
