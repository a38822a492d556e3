// The demo's world written in its sources' own formats (the demo newswire's, the demo calendar's and the profiles
// format; FRED's for its macro series, Kalshi's and Polymarket's for its prediction markets), so that it takes the path
// real data takes: parsed by those sources' parsers and written by the same services.
import type { Ref } from '../refs.js';
import { CALENDAR_FEED, type CalendarEntry, type CalendarPayload } from '../sources/demo/calendar.js';
import { WIRE_FEED, type WireItem, type WirePayload } from '../sources/demo/wire.js';
import type { ProfilesPayload } from '../sources/profiles/read.js';
import { DAY_MS } from '../time.js';
import { demoHistoryStart } from './history.js';
import { type DemoFred, demoFred } from './macro/fred.js';
import { type DemoKalshi, demoKalshi } from './odds/kalshi.js';
import { type DemoPolymarket, demoPolymarket } from './odds/polymarket.js';
import { demoProfileNews, demoProfiles, type ProfileCatalyst } from './profiles/index.js';
import { type DemoStory, type LiveStory, type StoryCatalyst, UPCOMING_DAYS } from './story/draft.js';
import { type DemoWorld, demoWorld } from './world.js';

const about = (entities: Ref[]) => entities.map((e) => ({ type: e.type, id: e.key, name: e.label }));

/** A story as the wire sends it, under `guid`. */
export function wireItem(story: LiveStory, guid: string): WireItem {
  return {
    guid,
    published: new Date(story.occurredAt).toISOString(),
    precision: story.precision,
    category: story.kind,
    title: story.headline,
    summary: story.summary,
    bullets: story.points,
    importance: story.importance,
    provider: story.sourceName,
    link: story.sourceUrl,
    about: about(story.entities),
  };
}

export function wirePayload(items: WireItem[]): WirePayload {
  return { feed: WIRE_FEED, items };
}

/** A catalyst as the calendar lists it, under `uid`. */
export function calendarEntry(c: StoryCatalyst, uid: string): CalendarEntry {
  return {
    uid,
    category: c.kind,
    title: c.title,
    scheduled: new Date(c.expectedAt).toISOString(),
    precision: c.precision,
    confirmed: c.confirmed,
    description: c.description,
    consensus: c.consensus,
    link: c.sourceUrl,
    about: about(c.entities),
  };
}

/** A project milestone still to come as the calendar lists it: unconfirmed, dated only as precisely as it was planned. */
export function milestoneEntry(c: ProfileCatalyst): CalendarEntry {
  return {
    uid: c.key,
    category: 'project_milestone',
    title: c.title,
    scheduled: new Date(c.expectedAt).toISOString(),
    precision: c.precision,
    confirmed: false,
    description: c.description,
    consensus: null,
    link: c.sourceUrl,
    about: about(c.entities),
  };
}

export function calendarPayload(entries: CalendarEntry[]): CalendarPayload {
  return { feed: CALENDAR_FEED, entries };
}

export interface DemoDataset {
  story: DemoStory;
  profiles: ProfilesPayload;
  wire: WirePayload;
  calendar: CalendarPayload;
  fred: DemoFred;
  kalshi: DemoKalshi;
  polymarket: DemoPolymarket;
}

/**
 * Everything the demo's sources publish at its first load, from `seed` and the load time (its world, when already
 * drawn, is passed in): its reference data, its
 * story on the wire and its calendar (the story's catalysts, then the projects' milestones still to come), its macro
 * series and release calendar, and its prediction markets on the story's rate decisions and releases. The first
 * load writes these; the same seed and time give them again, byte for byte.
 */
export function demoDataset(
  seed: number,
  anchorMs: number,
  minuteDays: number,
  world: DemoWorld = demoWorld(seed, anchorMs, minuteDays),
): DemoDataset {
  const startMs = demoHistoryStart(anchorMs, minuteDays);
  const { story } = world;
  const milestones = demoProfileNews(startMs, anchorMs).catalysts.map(milestoneEntry);
  const untilMs = anchorMs + UPCOMING_DAYS * DAY_MS;
  return {
    story,
    profiles: demoProfiles(anchorMs),
    wire: wirePayload(story.events.map((e) => wireItem(e, String(e.id)))),
    calendar: calendarPayload([...story.catalysts.map((c) => calendarEntry(c, String(c.id))), ...milestones]),
    fred: demoFred(world, seed, startMs, anchorMs),
    kalshi: demoKalshi(world, seed, startMs, anchorMs, untilMs),
    polymarket: demoPolymarket(world, seed, startMs, anchorMs, untilMs),
  };
}
