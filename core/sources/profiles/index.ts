// The profiles source's parser: a payload in Tapewire's profiles format, imported as `tapewire import profiles`.
import { isObject } from '../fields.js';
import { type ParsedPayload, PayloadError } from '../records.js';
import { PROFILES_FEED, readProfiles } from './read.js';

export const PROFILES_SOURCE = 'profiles';

/** Whether `doc` is a profiles payload: its `feed` names the format. */
export function isProfilesPayload(doc: unknown): doc is Record<string, unknown> {
  return isObject(doc) && doc.feed === PROFILES_FEED;
}

/** Reads a profiles payload whose records are `source`'s: `profiles` when an operator imports it, `demo` for the demo's. */
export function parseProfiles(doc: unknown, source: string): ParsedPayload {
  if (!isProfilesPayload(doc))
    throw new PayloadError(
      `not a profiles payload: expected {"feed": "${PROFILES_FEED}", "sectors": [...], "companies": [...], "people": [...], "projects": [...]}`,
    );
  return readProfiles(doc as Parameters<typeof readProfiles>[0], source);
}

export function parseProfilesPayload(text: string): ParsedPayload {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`not JSON: ${(err as Error).message}`);
  }
  return parseProfiles(doc, PROFILES_SOURCE);
}
