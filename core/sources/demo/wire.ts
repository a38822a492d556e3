// The demo newswire's format: a JSON feed of story items, each with its guid, time, category, headline, summary,
// bullets, importance, provider, link and the entities it is about. Read into StoryRecords of source `demo`.
import { EVENT_KINDS, PRECISIONS } from '../../vocabulary.js';
import { readItems } from '../fields.js';
import type { SkippedItem, StoryRecord } from '../records.js';

export const WIRE_FEED = 'tapewire-demo-wire';

/** One item as the wire sends it. */
export interface WireItem {
  guid: string;
  published: string;
  precision: (typeof PRECISIONS)[number];
  category: (typeof EVENT_KINDS)[number];
  title: string;
  summary: string | null;
  bullets: string[];
  importance: number;
  provider: string;
  link: string;
  about: { type: string; id: string; name: string }[];
}

export interface WirePayload {
  feed: typeof WIRE_FEED;
  items: WireItem[];
}

/** The items of a wire payload as stories; an item that cannot be read is skipped with its reason. */
export function readWire(items: unknown[], source: string): { stories: StoryRecord[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems(
    items,
    'items',
    (f): StoryRecord => ({
      source,
      sourceKey: f.text('guid', 200),
      occurredAt: f.instant('published'),
      precision: f.oneOf('precision', PRECISIONS),
      kind: f.oneOf('category', EVENT_KINDS),
      headline: f.text('title', 500),
      summary: f.optionalText('summary', 5000),
      points: f.texts('bullets', 500),
      importance: f.integer('importance', 0, 100),
      sourceName: f.text('provider', 200),
      sourceUrl: f.url('link'),
      entities: f.entities('about'),
    }),
  );
  return { stories: records, skipped };
}
