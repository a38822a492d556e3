// The demo's story written in its sources' own formats, the demo newswire's and the demo calendar's, so that it takes
// the path real data takes: parsed by core/sources/demo and written by the same services.
import type { Ref } from '../refs.js';
import { CALENDAR_FEED, type CalendarEntry, type CalendarPayload } from '../sources/demo/calendar.js';
import { WIRE_FEED, type WireItem, type WirePayload } from '../sources/demo/wire.js';
import type { LiveStory, StoryCatalyst } from './story.js';

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

export function calendarPayload(entries: CalendarEntry[]): CalendarPayload {
  return { feed: CALENDAR_FEED, entries };
}
