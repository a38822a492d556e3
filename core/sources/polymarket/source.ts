// What every Polymarket reader shares: the source's name, its site's addresses (what a reader cites), the category a
// market is filed under, and the JSON-encoded lists its Gamma API sends as strings ("[\"Yes\", \"No\"]").
import { type Fields, ItemError } from '../fields.js';

export const POLYMARKET_SOURCE = 'polymarket';

/** Polymarket's own site: what its records cite unless their caller names another (the demo's, on .example). */
export const POLYMARKET_SITE = 'https://polymarket.com';

/** Polymarket's top-level categories; its other tags are finer ("World Elections", "Earn 4%"). */
const TOP_CATEGORIES = new Set([
  'politics',
  'elections',
  'crypto',
  'sports',
  'economy',
  'finance',
  'business',
  'tech',
  'science',
  'culture',
  'world',
  'geopolitics',
]);

/** An event's page on `site`. */
export function eventUrl(eventSlug: string, site: string): string {
  return `${site}/event/${encodeURIComponent(eventSlug)}`;
}

/** A market's page on `site`: under its event when it is known, else the site's address for the market alone. */
export function marketUrl(slug: string, eventSlug: string | null, site: string): string {
  return eventSlug
    ? `${eventUrl(eventSlug, site)}/${encodeURIComponent(slug)}`
    : `${site}/market/${encodeURIComponent(slug)}`;
}

/** The first of `labels` that is a top-level category, lower case; null when none is. */
export function topCategory(labels: string[]): string | null {
  return labels.map((l) => l.trim().toLowerCase()).find((l) => TOP_CATEGORIES.has(l)) ?? null;
}

/** The labels of a list of tags sent as strings (CLOB) or as `{label}` objects (Gamma); tags are decoration, so others are passed over. */
export function tagLabels(f: Fields, name: string): string[] {
  const tags = f.raw(name);
  if (!Array.isArray(tags)) return [];
  return tags.flatMap((tag: unknown) => {
    const label =
      typeof tag === 'string'
        ? tag
        : typeof tag === 'object' && tag !== null
          ? (tag as { label?: unknown }).label
          : null;
    return typeof label === 'string' && label.trim() ? [label] : [];
  });
}

/** A list sent as a JSON array or as a string holding one. */
export function encodedList(f: Fields, name: string): unknown[] {
  const raw = f.raw(name);
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'string') {
    try {
      const list: unknown = JSON.parse(raw);
      if (Array.isArray(list)) return list;
    } catch {
      // Not JSON: reported below like any other wrong value.
    }
  }
  throw new ItemError(`${name}: expected a list, or a JSON-encoded one`);
}
