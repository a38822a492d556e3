// Reading a venue's fixture session the way a connector would: every frame parsed, the updates, controls and skipped
// items gathered, so a test can say what a session holds.
import { PayloadError } from '../../core/sources/records.js';
import type { Market, VenueProtocol } from '../../core/sources/venues/protocol.js';
import type { ParsedFrame, VenueUpdate } from '../../core/sources/venues/update.js';
import { fixtureFrames } from '../../harness/realdata.js';

export interface Session {
  frames: ParsedFrame[];
  updates: VenueUpdate[];
  controls: string[];
  skipped: string[];
}

export function session(venue: VenueProtocol, market: Market, fixturePath: string): Session {
  const frames = fixtureFrames(fixturePath).map((text) => venue.parseFrame(text, market));
  return {
    frames,
    updates: frames.flatMap((f) => f.updates),
    controls: frames.flatMap((f) => (f.control ? [f.control] : [])),
    skipped: frames.flatMap((f) => f.skipped.map((s) => `${s.item}: ${s.reason}`)),
  };
}

/** The one reason a text frame (or its one item) was skipped for; otherwise how many were, which no reason matches. */
export function skippedReason(venue: VenueProtocol, market: Market, text: string): string {
  const { skipped, updates } = venue.parseFrame(text, market);
  return skipped.length === 1 ? skipped[0]!.reason : `(${skipped.length} skipped, ${updates.length} read)`;
}

/** The numbers of an update that it carries (not NaN), for comparing with what a fixture says. */
export function carried(u: VenueUpdate): Partial<VenueUpdate> {
  return Object.fromEntries(Object.entries(u).filter(([, v]) => !(typeof v === 'number' && Number.isNaN(v))));
}

/** The message of the PayloadError `read` throws, or null when it throws none (any other error is thrown on). */
export function payloadError(read: () => unknown): string | null {
  try {
    read();
    return null;
  } catch (err) {
    if (err instanceof PayloadError) return err.message;
    throw err;
  }
}
