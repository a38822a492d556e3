// Entity references and the site path scheme they carry: one place decides what /instruments/BTC or /companies/x is.
import { bpText } from './units.js';

export interface Ref {
  type: string;
  key: string;
  label: string;
  path: string | null;
}

export function instrumentRef(inst: { symbol: string; name: string }): Ref & { type: 'instrument' } {
  return { type: 'instrument', key: inst.symbol, label: inst.name, path: `/instruments/${inst.symbol}` };
}

/** A company by its slug, labelled with its name; without one (a company the data does not name), the slug in title case. */
export function companyRef(slug: string, name?: string | null): Ref {
  const label =
    name ??
    slug
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ');
  return { type: 'company', key: slug, label, path: `/companies/${slug}` };
}

/** A macro series by its slug (e.g. us-cpi). */
export function macroRef(key: string, label: string): Ref {
  return { type: 'macro', key, label, path: `/macro/${key}` };
}

/** A sector by its slug (e.g. technology). */
export function sectorRef(key: string, label: string): Ref {
  return { type: 'sector', key, label, path: `/sectors/${key}` };
}

/** A person by their slug. */
export function personRef(key: string, label: string): Ref {
  return { type: 'person', key, label, path: `/people/${key}` };
}

/** A project by its `company/project` key. */
export function projectRef(key: string, label: string): Ref {
  return { type: 'project', key, label, path: `/projects/${key}` };
}

/**
 * The reference of an entity a source names by type, key and label, with the site path of its type: how records from
 * any source link to the service's entities.
 */
export function entityRef(type: EntityType, key: string, label: string): Ref {
  switch (type) {
    case 'instrument':
      return instrumentRef({ symbol: key, name: label });
    case 'company':
      return companyRef(key, label);
    case 'macro':
      return macroRef(key, label);
    case 'sector':
      return sectorRef(key, label);
    case 'person':
      return personRef(key, label);
    case 'project':
      return projectRef(key, label);
  }
}

/** A glossary term by its slug. */
export function glossaryRef(entry: { slug: string; term: string }): Ref {
  return { type: 'glossary', key: entry.slug, label: entry.term, path: `/glossary/${entry.slug}` };
}

/** A story by its id, labelled with its headline. */
export function eventRef(id: number, headline: string): Ref {
  return { type: 'event', key: String(id), label: headline, path: `/events/${id}` };
}

/** Entity types a story or catalyst can be linked to, as filters name them (`type:key`). */
export const ENTITY_TYPES = ['instrument', 'company', 'person', 'macro', 'project', 'sector'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
const ENTITY_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,79})?$/;

/**
 * The `type:key` pairs of an entity filter, lower-cased for matching, or why one is malformed (an unknown type, an
 * empty or ill-formed key; a project key is `company/project`).
 */
export function parseEntityFilter(raw: string): { keys: string[]; problems: string[] } {
  const keys: string[] = [];
  const problems: string[] = [];
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(':');
    const type = colon < 0 ? '' : part.slice(0, colon).toLowerCase();
    const key = colon < 0 ? '' : part.slice(colon + 1);
    const shown = JSON.stringify(part.slice(0, 60));
    if (!(ENTITY_TYPES as readonly string[]).includes(type))
      problems.push(`${shown}: expected type:key with type one of ${ENTITY_TYPES.join(', ')}`);
    else if (!ENTITY_KEY.test(key) || (type === 'project') !== key.includes('/'))
      problems.push(`${shown}: not a valid ${type} key`);
    else keys.push(`${type}:${key}`.toLowerCase());
  }
  if (!keys.length && !problems.length) problems.push('names no entity');
  return { keys, problems };
}

/** A scheduled catalyst by its id, labelled with its title; it has no page of its own. */
export function catalystRef(id: number, title: string): Ref {
  return { type: 'catalyst', key: String(id), label: title, path: null };
}

/** A move of an instrument on a UTC date, labelled with its size. */
export function moveRef(symbol: string, date: string, pct: number, changeBp: number | null = null): Ref {
  const size = changeBp === null ? `${pct >= 0 ? '+' : ''}${pct.toFixed(2)}%` : bpText(changeBp);
  return {
    type: 'move',
    key: `${symbol}/${date}`,
    label: `${symbol} ${size} on ${date}`,
    path: `/instruments/${symbol}/moves/${date}`,
  };
}

/** A prediction market by its slug, labelled with its question. */
export function marketRef(slug: string, question: string): Ref {
  return { type: 'market', key: slug, label: question, path: `/odds/${slug}` };
}
