// How a demo prediction market's odds move: from a prior that favours what markets expect toward what the demo world
// then does, ever more surely as the event nears (a surprise only partly foreseen), with day-to-day noise that fades
// as it nears; then, once it is published, all on what happened.
import { DAY_MS } from '../../time.js';
import type { Random } from '../random.js';

export interface BeliefPoint {
  /** The end of the period the probabilities close. */
  ts: number;
  /** One per outcome, summing to about 1, each 0.01 to 0.99 (cents), or exactly 0 and 1 once resolved. */
  probabilities: number[];
}

export interface BeliefSpec {
  outcomes: number;
  /** The outcome markets expect when they open, and the one that happens. */
  expected: number;
  actual: number;
  openMs: number;
  /** When the outcome is published. */
  resolveMs: number;
  /** Points stop before this (the load): an outcome after it is not known yet. */
  untilMs: number;
}

/** How surely the expected outcome is priced at the open, and the outcome that happens just before it is published. */
const PRIOR = 0.55;
const FORESEEN = 0.9;
/** A surprise is foreseen only this much. */
const SURPRISE_FORESEEN = 0.35;
const NOISE = 0.25;

const cents = (p: number) => Math.min(0.99, Math.max(0.01, Math.round(p * 100) / 100));

/** Daily points from the open to the resolution (or the load), and the resolution's own point when it is published. */
export function beliefPath(spec: BeliefSpec, rng: Random): BeliefPoint[] {
  const { outcomes, expected, actual, openMs, resolveMs, untilMs } = spec;
  const prior = spread(outcomes, expected, PRIOR);
  const final =
    actual === expected
      ? spread(outcomes, actual, FORESEEN)
      : blend(spread(outcomes, expected, 1 - SURPRISE_FORESEEN), spread(outcomes, actual, 1), SURPRISE_FORESEEN);
  const out: BeliefPoint[] = [];
  for (let ts = openMs - (openMs % DAY_MS) + DAY_MS; ts < Math.min(resolveMs, untilMs); ts += DAY_MS) {
    const s = (ts - openMs) / (resolveMs - openMs);
    const mixed = blend(prior, final, s ** 1.5).map((p) => p * Math.exp(rng.normal() * NOISE * (1 - s)));
    const sum = mixed.reduce((a, b) => a + b, 0);
    out.push({ ts, probabilities: mixed.map((p) => cents(p / sum)) });
  }
  if (resolveMs < untilMs)
    out.push({ ts: resolveMs, probabilities: Array.from({ length: outcomes }, (_, k) => (k === actual ? 1 : 0)) });
  return out;
}

/** `share` on `on`, the rest on the others, more on those next to it. */
function spread(n: number, on: number, share: number): number[] {
  const weights = Array.from({ length: n }, (_, k) => (k === on ? 0 : 1 / Math.abs(k - on) ** 2));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w, k) => (k === on ? share : total === 0 ? 0 : ((1 - share) * w) / total));
}

const blend = (a: number[], b: number[], w: number) => a.map((p, k) => p * (1 - w) + b[k]! * w);
