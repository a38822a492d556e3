// Every story a fresh demo load holds, as the load writes them: the demo story's events (ids 1 to n), then the stories of
// its companies' 8-Ks, 10-Qs and 10-Ks, read from its EDGAR documents by the SEC parser and told as a real import tells
// them, numbered in the order the load writes them. What tests of /v1/events hold the demo to.
import { DEMO_PROFILES } from '../../core/demo/profiles/companies.js';
import { DEMO_EDGAR, demoSecDocuments } from '../../core/demo/sec/index.js';
import type { StoryEvent } from '../../core/demo/story/draft.js';
import type { DemoWorld } from '../../core/demo/world.js';
import { filingStory, tellsStory } from '../../core/filings/filing-story.js';
import { parseSecPayload } from '../../core/sources/sec/payload.js';

export const DEMO_SEED = 20261121;

/** The stories of the demo's filings, in the order the load writes them (each company's submissions, newest first). */
export function demoFilingEvents(world: DemoWorld, anchorMs: number, seed = DEMO_SEED): StoryEvent[] {
  const first = world.story.events.length + 1;
  const stories = demoSecDocuments(seed, world, anchorMs).flatMap(({ filer, submissions }) => {
    const profile = DEMO_PROFILES.find((p) => p.slug === filer.company)!;
    const filings =
      parseSecPayload(submissions, { name: `CIK${filer.cik}.json`, key: null, at: null }, { site: DEMO_EDGAR })
        .secFilings ?? [];
    return filings
      .filter((f) => tellsStory(f.form))
      .map((f) => filingStory(f, { slug: profile.slug, name: profile.name }));
  });
  // A filing's story is dated to its acceptance minute, or to its filing day when that is not known.
  return stories.map((s, k) => ({
    ...s,
    id: first + k,
    precision: s.precision === 'minute' ? 'minute' : 'day',
    summary: s.summary ?? '',
    shocks: [],
    moves: [],
  }));
}

/** The demo story's events and its filings' stories, by id. */
export function demoEvents(world: DemoWorld, anchorMs: number, seed = DEMO_SEED): StoryEvent[] {
  return [...world.story.events, ...demoFilingEvents(world, anchorMs, seed)];
}
