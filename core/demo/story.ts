// The demo's news story: scheduled catalysts (earnings, CPI, payrolls, jobless claims, rate decisions) and their
// outcome events, unscheduled company, crypto and commodity news, and low-importance noise. Events that matter carry
// shocks to the market model (a factor's for a macro surprise, one instrument's for company news), which the history
// then draws; `moves` names the instruments whose move that day each event causes: the ground truth of the demo.
import { DAY_MS, MINUTE_MS } from '../time.js';
import type { MarketModel } from './market-model.js';
import { demoProfileNews } from './profiles/index.js';
import { Random } from './random.js';
import type { Reported } from './results.js';
import { companyNews } from './story/company-news.js';
import {
  type Context,
  type DemoStory,
  type Draft,
  type LiveStory,
  type ScheduledOutcome,
  SOURCES,
  type StoryEvent,
  slug,
  UPCOMING_DAYS,
} from './story/draft.js';
import { earnings } from './story/earnings.js';
import { claims, macro, rateDecisions } from './story/macro.js';
import { marketNews } from './story/market-news.js';
import { noise, noiseDraft } from './story/noise.js';

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
  for (const news of demoProfileNews(startMs, anchorMs).stories)
    ctx.drafts.push({ ...news, precision: 'minute', shocks: [], moves: [], source: 'wire' });
  return ctx.drafts;
}

/**
 * The story from drafts (`startMs` to `anchorMs` for events, on to the end for catalysts): events in time order with
 * their ids, catalysts linked to their outcome events, and each upcoming catalyst's outcome sealed.
 */
export function finishStory(drafts: Draft[], startMs: number, anchorMs: number): DemoStory {
  const inWindow = drafts.filter((d) => d.occurredAt >= startMs);
  const happened = inWindow
    .filter((d) => d.occurredAt < anchorMs)
    .sort((a, b) => a.occurredAt - b.occurredAt || a.headline.localeCompare(b.headline));
  const events = happened.map((d, k) => published(d, k + 1));
  const outcome = new Map(happened.map((d, k) => [d, k + 1]));
  const scheduled: ScheduledOutcome[] = [];
  const catalysts = inWindow
    .filter((d) => d.catalyst)
    .sort(
      (a, b) => a.catalyst!.expectedAt - b.catalyst!.expectedAt || a.catalyst!.title.localeCompare(b.catalyst!.title),
    )
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
