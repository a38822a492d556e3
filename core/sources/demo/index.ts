// The demo source's parser: a recorded payload of the demo newswire, the demo calendar or the demo's profiles (in the
// profiles format), told apart by its `feed`.
import { isObject } from '../fields.js';
import { isProfilesPayload, parseProfiles } from '../profiles/index.js';
import { PROFILES_FEED } from '../profiles/read.js';
import { type ParsedPayload, PayloadError } from '../records.js';
import { CALENDAR_FEED, readCalendar } from './calendar.js';
import { readWire, WIRE_FEED } from './wire.js';

export const DEMO_SOURCE = 'demo';

export function parseDemoPayload(text: string): ParsedPayload {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`not JSON: ${(err as Error).message}`);
  }
  if (isObject(doc) && doc.feed === WIRE_FEED && Array.isArray(doc.items)) {
    return { ...readWire(doc.items, DEMO_SOURCE), catalysts: [] };
  }
  if (isObject(doc) && doc.feed === CALENDAR_FEED && Array.isArray(doc.entries)) {
    return { ...readCalendar(doc.entries, DEMO_SOURCE), stories: [] };
  }
  if (isProfilesPayload(doc)) return parseProfiles(doc, DEMO_SOURCE);
  throw new PayloadError(
    `not a demo payload: expected {"feed": "${WIRE_FEED}", "items": [...]}, {"feed": "${CALENDAR_FEED}", "entries": [...]} or {"feed": "${PROFILES_FEED}", ...}`,
  );
}
