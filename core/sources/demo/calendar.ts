// The demo calendar's format: a JSON feed of scheduled entries (earnings, macro releases, rate decisions), each with
// its uid, category, title, scheduled time, whether it is confirmed, consensus, link and entities. Read into
// CatalystRecords of source `demo`.
import { CATALYST_KINDS, PRECISIONS } from '../../vocabulary.js';
import { readItems } from '../fields.js';
import type { CatalystRecord, SkippedItem } from '../records.js';

export const CALENDAR_FEED = 'tapewire-demo-calendar';

export interface CalendarEntry {
  uid: string;
  category: (typeof CATALYST_KINDS)[number];
  title: string;
  scheduled: string;
  precision: (typeof PRECISIONS)[number];
  confirmed: boolean;
  description: string | null;
  consensus: string | null;
  link: string | null;
  about: { type: string; id: string; name: string }[];
}

export interface CalendarPayload {
  feed: typeof CALENDAR_FEED;
  entries: CalendarEntry[];
}

/** The entries of a calendar payload as catalysts; an entry that cannot be read is skipped with its reason. */
export function readCalendar(
  entries: unknown[],
  source: string,
): { catalysts: CatalystRecord[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems(
    entries,
    'entries',
    (f): CatalystRecord => ({
      source,
      sourceKey: f.text('uid', 200),
      kind: f.oneOf('category', CATALYST_KINDS),
      title: f.text('title', 500),
      expectedAt: f.instant('scheduled'),
      precision: f.oneOf('precision', PRECISIONS),
      confirmed: f.boolean('confirmed'),
      description: f.optionalText('description', 5000),
      consensus: f.optionalText('consensus', 500),
      sourceUrl: f.optionalUrl('link'),
      entities: f.entities('about'),
    }),
  );
  return { catalysts: records, skipped };
}
