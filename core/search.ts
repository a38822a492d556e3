// Ranking of search matches over names and keys: an exact match beats a prefix beats a fuzzy one. Fuzzy matching uses
// trigram similarity as pg_trgm defines it (words padded with two spaces in front and one behind, shared trigrams over
// all distinct trigrams), so it reads the same as a database-side ranking would.
import type { Ref } from './refs.js';

/** Below this trigram similarity a name is not a fuzzy match. */
export const FUZZY_MIN = 0.3;

export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let k = 0; k + 3 <= padded.length; k++) out.add(padded.slice(k, k + 3));
  }
  return out;
}

export function similarity(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface Searchable {
  ref: Ref;
  /** Texts that name it, lower-cased: its key, its label, other names (a symbol, a company name). */
  names: string[];
  /** The trigrams of each name and of each word of a name: a query close to one word of a long name matches it. */
  grams: Set<string>[];
}

/**
 * Words that name no one in particular: matched alone they made "Apple Inc." find every other "Inc." and "eth" find
 * every "ETF". Whole names still hold them.
 */
const COMMON_WORDS = new Set(['inc', 'corp', 'corporation', 'company', 'ltd', 'plc', 'group', 'holdings', 'trust', 'the', 'and', 'index', 'fund']);

export function searchable(ref: Ref, names: string[] = []): Searchable {
  const all = [...new Set([ref.key, ref.label, ...names].map((n) => n.toLowerCase()))];
  const words = all.flatMap((n) => n.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 4 && !COMMON_WORDS.has(w));
  return { ref, names: all, grams: [...new Set([...all, ...words])].map(trigrams) };
}

/**
 * How well `item` matches `query` (lower-cased): 3 exact, 2 when a name or one of its words starts with it, 1 plus the
 * best similarity of one of its names when that reaches FUZZY_MIN, 0 not at all.
 */
export function matchScore(item: Searchable, query: string, queryGrams: Set<string>): number {
  if (item.names.includes(query)) return 3;
  if (item.names.some((n) => n.startsWith(query) || n.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(query)))) return 2;
  const s = Math.max(...item.grams.map((g) => similarity(g, queryGrams)));
  return s >= FUZZY_MIN ? 1 + s : 0;
}

/** The best matches of `query` among `items`, best first (ties: the shorter label, then alphabetical). */
export function rankMatches(items: readonly Searchable[], query: string, limit: number): { ref: Ref; score: number }[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const grams = trigrams(q);
  return items
    .map((item) => ({ ref: item.ref, score: matchScore(item, q, grams) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.ref.label.length - b.ref.label.length || a.ref.label.localeCompare(b.ref.label))
    .slice(0, limit);
}

/**
 * A search box's text as a tsquery of word prefixes that must all match (`fed rate` → `fed:* & rate:*`), so stories are
 * found while a word is still being typed ("fed" finds "Federal Reserve"); null without a word. Only letters and
 * digits pass, so no text can make the query invalid.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? [...new Set(words)].slice(0, 16).map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * Web-search text for websearch_to_tsquery with its chains of negations folded into one: PostgreSQL nests a NOT per
 * `-` of a run (`---x`, `- - x`, `-!-!x`), and 32 of them overflow its parser ("tsquery stack too small", a 500). An
 * odd run is one `-`, an even one none, as the chain meant.
 */
export function webSearchText(text: string): string {
  return text.replace(/-(?:[^\p{L}\p{N}"]*-)+/gu, (run) => ((run.match(/-/g)!.length % 2 ? '-' : ' ')));
}
