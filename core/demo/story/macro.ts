// The demo's macro calendar: CPI, payrolls and jobless claims releases and the central bank's rate decisions, their
// catalysts and outcome stories, a surprise shocking the market's factors. Each release's consensus follows its recent
// prints as real surveys do (consensus.ts), and its headline calls the print above, below or in line with it.
import { macroRef, type Ref } from '../../refs.js';
import { DAY_MS, MONTH_NAMES } from '../../time.js';
import type { MacroPrint } from '../macro/prints.js';
import type { Shock } from '../market-model.js';
import { RANGE_WIDTH, type RateDecision } from '../policy.js';
import { holderAt } from '../profiles/index.js';
import { CENTRAL_BANK } from '../profiles/people.js';
import { claimsReleases, cpiRelease, payrollsRelease } from '../schedule.js';
import { CONSENSUS, forecaster } from './consensus.js';
import { type Context, type Draft, moved, round, SOURCES, signed, slug, surpriseShocks } from './draft.js';

const CPI = macroRef('us-cpi', 'US consumer price index');
const PAYROLLS = macroRef('us-payrolls', 'US nonfarm payrolls');
const FED = macroRef('fed-funds-rate', 'Federal funds target rate');
const CLAIMS = macroRef('us-jobless-claims', 'US initial jobless claims');
const range = (upper: number) => `${(upper - RANGE_WIDTH).toFixed(2)}-${upper.toFixed(2)}%`;

/** The word for a print against its consensus. */
const against = (actual: number, expected: number, above: string, below: string, inLine: string) =>
  actual > expected + 1e-9 ? above : actual < expected - 1e-9 ? below : inLine;

/** Monthly CPI (mid-month) and payrolls (first Friday), 08:30 New York time: their surprises shock the macro factors. */
export function macro(ctx: Context): void {
  const { rng } = ctx;
  const cpiForecast = forecaster(CONSENSUS.cpi, rng);
  const jobsForecast = forecaster(CONSENSUS.payrolls, rng);
  for (
    let month = Date.UTC(new Date(ctx.startMs).getUTCFullYear(), new Date(ctx.startMs).getUTCMonth(), 1);
    month < ctx.endMs;
  ) {
    const d = new Date(month);
    const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
    const previous = MONTH_NAMES[(m + 11) % 12]!;

    const cpiAt = cpiRelease(y, m, 10 + rng.int(5));
    const expected = cpiForecast.expect();
    // Most prints meet the consensus; a miss is mostly a tenth, now and then two.
    const miss = rng.next();
    const cpiSurprise = miss < 0.6 ? 0 : (rng.next() < 0.5 ? -1 : 1) * (miss < 0.88 ? 0.1 : 0.2);
    const cpiActual = round(expected + cpiSurprise, 1);
    cpiForecast.printed(cpiActual);
    const cpiSigmas = 2.8 + rng.next() * 1.5;
    const change =
      cpiActual > 0
        ? `rose ${cpiActual.toFixed(1)}%`
        : cpiActual < 0
          ? `fell ${(-cpiActual).toFixed(1)}%`
          : 'were unchanged';
    ctx.drafts.push(
      macroDraft(ctx, cpiAt, {
        headline: `US consumer prices ${change} in ${previous}, ${against(cpiActual, expected, 'above', 'below', 'in line with')} the ${expected.toFixed(1)}% expected`,
        summary: `The consumer price index ${cpiActual === 0 ? 'was unchanged' : change} from the month before in ${previous}; economists expected ${expected.toFixed(1)}%.`,
        points: [`CPI ${signed(cpiActual)}% m/m vs ${signed(expected)}% expected`],
        kind: 'macro_release',
        series: CPI,
        surprise: cpiSurprise !== 0,
        print: { series: 'us-cpi', period: Date.UTC(y, m - 1, 1), value: cpiActual, expected },
        shocks: cpiSurprise !== 0 ? surpriseShocks(Math.sign(cpiSurprise), cpiSigmas, false) : [],
        catalyst: {
          title: `US CPI (${previous})`,
          consensus: `${signed(expected)}% m/m`,
          description: 'Monthly US consumer price index, 08:30 New York time.',
        },
      }),
    );

    const jobsAt = payrollsRelease(y, m);
    const jobsExpected = jobsForecast.expect();
    const jobsSurprise = rng.next() < 0.3 ? (rng.next() < 0.5 ? -1 : 1) : 0;
    const jobs = jobsExpected + jobsSurprise * (90 + rng.int(60)) + (jobsSurprise ? 0 : rng.int(21) - 10);
    jobsForecast.printed(jobs);
    const jobsSigmas = 2.6 + rng.next() * 1.2;
    ctx.drafts.push(
      macroDraft(ctx, jobsAt, {
        headline: `US employers added ${jobs}k jobs in ${previous}, ${jobsSurprise > 0 ? 'well above' : jobsSurprise < 0 ? 'well below' : 'close to'} the ${jobsExpected}k forecast`,
        summary: `Nonfarm payrolls rose by ${jobs},000 in ${previous} against a forecast of ${jobsExpected},000.`,
        points: [`Payrolls ${jobs}k vs ${jobsExpected}k expected`],
        kind: 'macro_release',
        series: PAYROLLS,
        surprise: jobsSurprise !== 0,
        print: { series: 'us-payrolls', period: Date.UTC(y, m - 1, 1), value: jobs, expected: jobsExpected },
        shocks: jobsSurprise !== 0 ? surpriseShocks(jobsSurprise, jobsSigmas, false) : [],
        catalyst: {
          title: `US nonfarm payrolls (${previous})`,
          consensus: `${jobsExpected}k`,
          description: 'Monthly US employment report, 08:30 New York time.',
        },
      }),
    );
    month = Date.UTC(y, m + 1, 1);
  }
}

/** The policy path's decisions, 14:00 New York time: each headline gives the range the path is at after it. */
export function rateDecisions(ctx: Context): void {
  for (const d of ctx.model.policy.decisions) {
    if (d.at < ctx.startMs || d.at >= ctx.endMs) continue;
    const surprise = d.change - d.expected;
    const sigmas = 2.8 + ctx.rng.next() * 1.5;
    const chair = holderAt(ctx.anchorMs, CENTRAL_BANK, /^chair/i, d.at);
    const told = decisionText(d, chair);
    ctx.drafts.push(
      macroDraft(ctx, d.at, {
        ...told,
        people: chair ? [chair] : [],
        kind: 'policy_decision',
        series: FED,
        surprise: surprise !== 0,
        importance: surprise !== 0 ? 85 : d.change !== 0 ? 70 : 60,
        shocks: surprise !== 0 ? surpriseShocks(Math.sign(surprise), sigmas, true) : [],
        catalyst: {
          title: 'FOMC rate decision',
          consensus:
            d.expected < 0
              ? `Cut 25 bp to ${range(d.upper - d.change + d.expected)}`
              : `Hold at ${range(d.upper - d.change)}`,
          description: 'Federal Open Market Committee statement, 14:00 New York time.',
        },
      }),
    );
  }
}

const POINTS: Record<number, string> = {
  0.25: 'a quarter point',
  0.5: 'half a point',
  0.75: 'three quarters of a point',
};

/** A decision's headline, summary and points: the new range, whether markets expected it, and what the chair said of it. */
function decisionText(d: RateDecision, chair: Ref | null): { headline: string; summary: string; points: string[] } {
  const now = range(d.upper);
  const before = range(d.upper - d.change);
  const by = POINTS[Math.abs(d.change)] ?? `${Math.abs(d.change * 100)} basis points`;
  const expected = d.expected < 0 ? 'a quarter-point cut' : 'no change';
  const surprise = d.change !== d.expected;
  let headline: string;
  if (!surprise)
    headline =
      d.change < 0
        ? `Federal Reserve cuts rates by ${by} to ${now}, as expected`
        : `Federal Reserve holds rates at ${now}, as expected`;
  else if (d.change < 0)
    headline =
      d.expected < 0
        ? `Federal Reserve cuts rates by ${by} to ${now}, more than expected`
        : `Federal Reserve unexpectedly cuts rates to ${now}`;
  else
    headline =
      d.change === 0
        ? `Federal Reserve unexpectedly holds rates at ${now}`
        : `Federal Reserve unexpectedly raises rates to ${now}`;
  const summary =
    d.change === 0
      ? `The Federal Open Market Committee left its target range at ${now}; markets expected ${expected}.`
      : `The Federal Open Market Committee moved its target range by ${by} from ${before} to ${now}; markets expected ${expected}.`;
  const said = !chair
    ? ''
    : d.change < 0
      ? ` Chair ${chair.label} said further cuts would depend on inflation continuing to ease.`
      : ` Chair ${chair.label} said the committee would wait for more evidence before moving again.`;
  return {
    headline,
    summary: summary + said,
    points: [`Target range ${now}`, surprise ? `Markets expected ${expected}` : 'As expected'],
  };
}

/** The Saturday ending the week a claims release at `at` reports: the last one before the release. */
function weekEnding(at: number): number {
  const day = at - (at % DAY_MS);
  return day - ((new Date(day).getUTCDay() + 1) % 7) * DAY_MS;
}

/** Weekly jobless claims, 08:30 New York time: a routine release that never surprises enough to move anything. */
export function claims(ctx: Context): void {
  const forecast = forecaster(CONSENSUS.claims, ctx.rng);
  for (const at of claimsReleases(ctx.startMs, ctx.endMs)) {
    const expected = forecast.expect();
    const actual = expected + ctx.rng.int(11) - 5;
    forecast.printed(actual);
    ctx.drafts.push(
      macroDraft(ctx, at, {
        headline: `US initial jobless claims at ${actual}k, against ${expected}k expected`,
        summary: `First-time claims for unemployment benefits came in at ${actual},000 for the week, close to the ${expected},000 forecast.`,
        points: [`Claims ${actual}k vs ${expected}k expected`],
        kind: 'macro_release',
        series: CLAIMS,
        surprise: false,
        print: { series: 'us-jobless-claims', period: weekEnding(at), value: actual, expected },
        importance: 30 + ctx.rng.int(10),
        shocks: [],
        catalyst: {
          title: 'US initial jobless claims',
          consensus: `${expected}k`,
          description: 'Weekly US jobless claims, 08:30 New York time.',
        },
      }),
    );
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
  const shocks =
    spec.shocks.length &&
    ctx.claim(
      spec.shocks.map((s) => s.on),
      at,
    )
      ? spec.shocks
      : [];
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
