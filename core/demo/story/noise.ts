// The demo's low-importance stories: routine news and directors' Form 4 sales that move nothing.
import { instrumentRef } from '../../refs.js';
import { DAY_MS, HOUR_MS } from '../../time.js';
import { holderAt } from '../profiles/index.js';
import type { Random } from '../random.js';
import { NOISE } from '../templates.js';
import { DEMO_INSTRUMENTS } from '../universe.js';
import { businessEvening, type Context, companyRefs, type Draft, type StoryEvent } from './draft.js';

/** Days of history before the first insider story: its sale's close, up to two trading days earlier, must be held. */
const FORM4_LEAD_DAYS = 7;

/** The demo's directors, whose Form 4 sales the insider stories report. */
const DIRECTOR = /director|^chair of the board$/i;

/** Low-importance stories that cause nothing: about one every other day. */
export function noise(ctx: Context): void {
  const { rng } = ctx;
  for (let at = ctx.startMs + rng.int(DAY_MS); at < ctx.anchorMs; at += DAY_MS + rng.int(3 * DAY_MS)) {
    // A story dated only to its day or hour is placed at the start of it.
    const precision = rng.next() < 0.3 ? 'day' : 'hour';
    ctx.drafts.push(
      noiseDraft(rng, at - (at % (precision === 'day' ? DAY_MS : HOUR_MS)), precision, {
        startMs: ctx.startMs,
        anchorMs: ctx.anchorMs,
      }),
    );
  }
}

/**
 * A noise story drawn at `at`. An insider story is only drawn in the recorded history (`history` given), where the demo
 * files the Form 4 behind it: about a listed company's director, at the evening hour of a trading day when such forms
 * come in, and not in the history's first days, since the Form 4 reports a sale at a close a trading day or two before.
 */
export function noiseDraft(
  rng: Random,
  at: number,
  precision: StoryEvent['precision'],
  history: { startMs: number; anchorMs: number } | null,
): Draft {
  const inst = DEMO_INSTRUMENTS[rng.int(DEMO_INSTRUMENTS.length)]!;
  const inHistory = history !== null && at >= history.startMs + FORM4_LEAD_DAYS * DAY_MS;
  const director =
    inHistory && inst.kind === 'stock' && inst.company ? holderAt(history.anchorMs, inst.company, DIRECTOR, at) : null;
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
