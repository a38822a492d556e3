// A market's slug in the service: the source's own (a Polymarket slug, a Kalshi ticker) in lower case, cut to what a
// path segment holds. Two sources can use one slug; the writer then prefixes the later market's with its source.

const MAX = 100;

function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, MAX);
}

/** The slug of a market named `slug` by its source, or by its id when nothing of its slug is usable. */
export function marketSlug(slug: string, sourceKey: string): string {
  return normalized(slug) || normalized(sourceKey) || 'market';
}

/** The slug of a market whose own is another source's already. */
export function prefixedSlug(source: string, slug: string): string {
  return `${source}-${slug}`;
}
