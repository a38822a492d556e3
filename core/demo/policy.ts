// The demo central bank's policy path: the FOMC's meetings on the Fed's calendar (core/calendar/fomc.ts) and an easing
// cycle from a 5.25-5.50% target range. The committee's plan (when it starts cutting, how far it goes) is drawn from
// the seed, and markets know it: each decision's expected change is the plan's step, and now and then the decision
// differs from it by a quarter point. Markets and the story read a decision from its statement on; the published upper
// bound from the next day, when the new range takes effect. The 2-year yield's anchor follows from the path: the
// current rate plus the changes expected over the next two years.
import { fomcEffectiveDay, fomcStatements } from '../calendar/fomc.js';
import { DAY_MS } from '../time.js';
import { Random } from './random.js';

export interface RateDecision {
  /** The statement's time: 14:00 New York. */
  at: number;
  /** The change markets expected, in percentage points: the plan's step. */
  expected: number;
  /** The change made. */
  change: number;
  /** The target range's upper bound after it (the range is a quarter point wide). */
  upper: number;
}

export interface PolicyPath {
  startUpper: number;
  /** Every meeting from the first month of the path to its end, in time order. */
  decisions: RateDecision[];
}

const START_UPPER = 5.5;
/** The width of the target range, in percentage points. */
export const RANGE_WIDTH = 0.25;
/** Chance that a decision differs from what markets expected. */
const SURPRISE_CHANCE = 0.12;
/** The horizon of the 2-year yield, and the premium it carries over the expected policy rate. */
const TWO_YEARS_MS = 730 * DAY_MS;
const TWO_YEAR_PREMIUM = 0.05;

/**
 * The path of the meetings from `startMs` to `untilMs`, drawn from `seed`: a meeting's draws do not depend on `untilMs`,
 * so a longer path begins as a shorter one. The cycle starts after one to three meetings on hold and cuts a quarter
 * point at three meetings in four until it has cut 1.25 to 2 points; then the plan holds.
 */
export function policyPath(seed: number, startMs: number, untilMs: number): PolicyPath {
  const rng = new Random(seed ^ 0xfed);
  const wait = 1 + rng.int(3);
  let cutsLeft = 5 + rng.int(4);
  const decisions: RateDecision[] = [];
  let upper = START_UPPER;
  for (const at of fomcStatements(startMs, untilMs)) {
    const cut = decisions.length >= wait && cutsLeft > 0 && rng.next() < 0.75;
    const expected = cut ? -0.25 : 0;
    if (cut) cutsLeft--;
    const surprise = rng.next() < SURPRISE_CHANCE ? (rng.next() < (cut ? 0.5 : 0.6) ? -0.25 : 0.25) : 0;
    const change = expected + surprise;
    upper += change;
    decisions.push({ at, expected, change, upper });
  }
  return { startUpper: START_UPPER, decisions };
}

/** The target range's upper bound as markets know it at `t` (a decision counts from its statement on). */
export function upperAt(path: PolicyPath, t: number): number {
  let upper = path.startUpper;
  for (const d of path.decisions) {
    if (d.at > t) break;
    upper = d.upper;
  }
  return upper;
}

/** The upper bound in force on the day `dayMs` (a UTC midnight): a decision's new range from the day after it on. */
export function upperInForce(path: PolicyPath, dayMs: number): number {
  let upper = path.startUpper;
  for (const d of path.decisions) {
    if (fomcEffectiveDay(d.at - (d.at % DAY_MS)) > dayMs) break;
    upper = d.upper;
  }
  return upper;
}

/** The middle of the target range at `t`. */
export function policyMidAt(path: PolicyPath, t: number): number {
  return upperAt(path, t) - RANGE_WIDTH / 2;
}

/**
 * Where the 2-year yield is anchored at `t`: the policy rate's middle plus each expected change of the next two years,
 * weighted by the share of the two years it will be in force, plus a small premium. An expected decision moves it
 * smoothly; a surprise moves it at once by the surprise.
 */
export function twoYearAnchorAt(path: PolicyPath, t: number): number {
  let anchor = policyMidAt(path, t) + TWO_YEAR_PREMIUM;
  for (const d of path.decisions) {
    if (d.at <= t) continue;
    if (d.at >= t + TWO_YEARS_MS) break;
    anchor += (d.expected * (t + TWO_YEARS_MS - d.at)) / TWO_YEARS_MS;
  }
  return anchor;
}
