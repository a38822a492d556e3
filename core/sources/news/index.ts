// The news source's parser: an RSS or Atom feed into stories of source `rss`. A story is its item's link (tracking
// parameters and fragment dropped), so the same article from two feeds, or read again, is one story; an item whose
// guid was seen earlier in the same feed is a repeat. The headline is the source's; the summary is the service's own
// (what kind of story, from whom); the item's description is only read to find the entities it names.
import type { ParsedPayload, PayloadContext, SkippedItem, StoryRecord } from '../records.js';
import { classify } from './classify.js';
import { readFeed } from './feed.js';

export const NEWS_SOURCE = 'rss';

/** How a story's kind is told in its summary. */
const KIND_PHRASES: Record<string, string> = {
  earnings: 'Earnings report',
  guidance: 'Outlook update',
  m_and_a: 'Deal news',
  rating: 'Analyst rating change',
  macro_release: 'Economic data',
  policy_decision: 'Policy decision',
  legal: 'Legal news',
  regulatory: 'Regulatory news',
  management: 'Management change',
  capital: 'Capital news',
  partnership: 'Partnership news',
  product: 'Product news',
  news: 'News',
};

/** The story a story's summary is completed with once its entities are known (server side). */
export function newsSummary(kind: string, sourceName: string, labels: string[]): string {
  const about = labels.length
    ? `, about ${labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0]}`
    : '';
  return `${KIND_PHRASES[kind] ?? 'News'} reported by ${sourceName}${about}.`;
}

/**
 * A feed's items as stories; `context.key` names the feed's publisher (the configured feed's name) when the feed
 * does not; an item naming its own publisher is cited by that name.
 */
export function parseNewsPayload(text: string, context: Pick<PayloadContext, 'key'>): ParsedPayload {
  const feed = readFeed(text);
  const skipped: SkippedItem[] = [...feed.skipped];
  const stories: StoryRecord[] = [];
  const guids = new Set<string>();
  for (const item of feed.items) {
    if (item.guid !== null && guids.has(item.guid)) {
      skipped.push({ item: item.place, reason: `guid ${item.guid.slice(0, 80)}: given twice in the feed` });
      continue;
    }
    if (item.guid !== null) guids.add(item.guid);
    const { kind, importance } = classify(item.title);
    const sourceName = item.publisher ?? context.key ?? feed.title ?? new URL(item.link).hostname;
    stories.push({
      source: NEWS_SOURCE,
      sourceKey: storyKey(item.link),
      kind,
      occurredAt: item.publishedMs,
      precision: 'minute',
      headline: item.title,
      summary: newsSummary(kind, sourceName, []),
      points: [],
      importance,
      sourceName,
      sourceUrl: item.link,
      entities: [],
      mentions: `${item.title}\n${item.description}\n${item.categories.join(', ')}`,
    });
  }
  const at = (s: SkippedItem) => Number(/\d+/.exec(s.item)?.[0]);
  return { stories, skipped: skipped.sort((a, b) => at(a) - at(b)) };
}

/** Parameters that say how a reader arrived, not what they read. */
const TRACKING = /^(utm_\w+|\.tsrc|ncid|cmpid|mod|ref|src|fbclid|gclid|guccounter)$/i;

/** An item's link as its story's key: scheme and host in lower case, tracking parameters and fragment dropped. */
export function storyKey(link: string): string {
  const url = new URL(link);
  for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
  url.hash = '';
  return url.toString();
}
