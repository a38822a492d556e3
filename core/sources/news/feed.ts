// A news feed's items, RSS 2.0 (and RSS 1.0's RDF), or Atom, whatever namespace prefixes it writes (dc:date,
// media:content, atom:link): title, link, guid, publication time, description and the publisher when the item names
// one. Prefixes are matched by local name, so `dc:creator` and `DC:creator` read alike. An item without a title, a
// time or a link to cite is skipped with its reason; a document that is not a feed is refused whole.
import { PayloadError, type SkippedItem } from '../records.js';
import { childElements, parseXml, textOf, type XmlElement, XmlError } from '../xml.js';
import { plainText } from './text.js';

export interface FeedItem {
  /** Where it was in the feed (items[3]), for reports. */
  place: string;
  guid: string | null;
  link: string;
  title: string;
  /** The item's own description, as plain text: read for linking entities, never stored. */
  description: string;
  publishedMs: number;
  /** The publisher the item names (RSS <source>, dc:publisher), when not the feed's own. */
  publisher: string | null;
  categories: string[];
}

export interface Feed {
  /** The feed's own title (a channel's, or its image's), when it has one. */
  title: string | null;
  items: FeedItem[];
  skipped: SkippedItem[];
}

const local = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();
const children = (el: XmlElement, name: string) => childElements(el).filter((c) => local(c.name) === name);
const child = (el: XmlElement, name: string) => children(el, name)[0];
const text = (el: XmlElement | undefined) => (el ? plainText(textOf(el)) : '');

export function readFeed(xml: string): Feed {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (err) {
    if (err instanceof XmlError) throw new PayloadError(`not XML: ${err.message}`);
    throw err;
  }
  const kind = local(root.name);
  if (kind === 'rss') {
    const channel = child(root, 'channel');
    if (!channel) throw new PayloadError('an RSS document without a channel');
    return items(
      children(channel, 'item'),
      rssItem,
      text(child(channel, 'title')) || text(child(child(channel, 'image') ?? channel, 'title')),
    );
  }
  // RSS 1.0: the items beside the channel, under rdf:RDF.
  if (kind === 'rdf')
    return items(children(root, 'item'), rssItem, text(child(child(root, 'channel') ?? root, 'title')));
  if (kind === 'feed') return items(children(root, 'entry'), atomEntry, text(child(root, 'title')));
  throw new PayloadError(`not a news feed: the document is <${root.name}>, not <rss>, <rdf:RDF> or an Atom <feed>`);
}

type ItemReader = (el: XmlElement) => Omit<FeedItem, 'place'>;

function items(els: XmlElement[], read: ItemReader, title: string): Feed {
  const out: FeedItem[] = [];
  const skipped: SkippedItem[] = [];
  els.forEach((el, k) => {
    const place = `items[${k}]`;
    try {
      out.push({ place, ...read(el) });
    } catch (err) {
      if (!(err instanceof ItemProblem)) throw err;
      skipped.push({ item: place, reason: err.message });
    }
  });
  return { title: title || null, items: out, skipped };
}

class ItemProblem extends Error {}

function rssItem(el: XmlElement): Omit<FeedItem, 'place'> {
  const guidEl = child(el, 'guid');
  const guid = text(guidEl) || null;
  // A guid is the item's address unless it says it is not (isPermaLink="false").
  const guidLink = guid && guidEl?.attributes.isPermaLink !== 'false' ? guid : null;
  const link = text(child(el, 'link')) || (guidLink ?? '') || atomLink(el);
  const description = text(child(el, 'description')) || text(child(el, 'encoded')) || text(child(el, 'summary'));
  const when =
    text(child(el, 'pubdate')) || text(child(el, 'date')) || text(child(el, 'published')) || text(child(el, 'updated'));
  return finish(el, {
    guid,
    link,
    description,
    when,
    publisher: text(child(el, 'source')) || text(child(el, 'publisher')) || null,
  });
}

function atomEntry(el: XmlElement): Omit<FeedItem, 'place'> {
  const description = text(child(el, 'summary')) || text(child(el, 'content'));
  const when = text(child(el, 'published')) || text(child(el, 'updated')) || text(child(el, 'date'));
  const source = child(el, 'source');
  return finish(el, {
    guid: text(child(el, 'id')) || null,
    link: atomLink(el),
    description,
    when,
    publisher: source ? text(child(source, 'title')) || null : null,
  });
}

/** An Atom link to the item itself: rel="alternate" (or no rel), else the first with an address. */
function atomLink(el: XmlElement): string {
  const links = children(el, 'link').filter((l) => l.attributes.href);
  const alternate = links.find((l) => (l.attributes.rel ?? 'alternate') === 'alternate');
  return (alternate ?? links[0])?.attributes.href?.trim() ?? '';
}

function finish(
  el: XmlElement,
  f: { guid: string | null; link: string; description: string; when: string; publisher: string | null },
): Omit<FeedItem, 'place'> {
  const title = text(child(el, 'title'));
  if (!title) throw new ItemProblem('title: missing or empty');
  if (title.length > 500) throw new ItemProblem(`title: longer than 500 characters (${title.length})`);
  if (!/^https?:\/\/[^\s]+$/i.test(f.link))
    throw new ItemProblem(
      f.link ? `link: not an http(s) address (${f.link.slice(0, 80)})` : 'link: missing, and no guid is an address',
    );
  if (!f.when) throw new ItemProblem('publication time: missing (pubDate, dc:date, published or updated)');
  const publishedMs = feedTime(f.when);
  if (Number.isNaN(publishedMs)) throw new ItemProblem(`publication time: not a date (${f.when.slice(0, 60)})`);
  const categories = children(el, 'category')
    .map((c) => text(c) || c.attributes.term || '')
    .filter(Boolean);
  return {
    guid: f.guid,
    link: f.link,
    title,
    description: f.description,
    publishedMs,
    publisher: f.publisher,
    categories,
  };
}

/** RFC 822 (RSS: Sat, 26 Sep 2026 09:08:01 +0000, or GMT, EST) or ISO 8601 (Atom, dc:date); an ISO time without offset is UTC. */
export function feedTime(s: string): number {
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/i.exec(s.trim());
  if (iso) return Date.parse(`${iso[1]}T${iso[2] ?? '00:00:00'}${iso[3] ?? 'Z'}`);
  if (!/\d{4}/.test(s) || !/[a-z]{3}/i.test(s)) return NaN;
  return Date.parse(s);
}
