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
  /** The words of its names, each also as its stem: every word of a query of several must find one. */
  words: string[];
  /** The trigrams of each name and of each word of a name: a query close to one word of a long name matches it. */
  grams: Set<string>[];
  /** False for what is over (a settled prediction market): it ranks after live matches of the same score. */
  live: boolean;
}

/**
 * Words that name no one in particular: matched alone they made "Apple Inc." find every other "Inc." and "eth" find
 * every "ETF". Whole names still hold them.
 */
const COMMON_WORDS = new Set([
  'inc',
  'corp',
  'corporation',
  'company',
  'ltd',
  'plc',
  'group',
  'holdings',
  'trust',
  'the',
  'and',
  'index',
  'fund',
]);

/** Words a query of several is read without: they name nothing ("will the fed cut" is "fed cut"). */
const QUERY_FILLER = new Set([
  ...COMMON_WORDS,
  'a',
  'an',
  'of',
  'to',
  'in',
  'on',
  'at',
  'by',
  'for',
  'is',
  'will',
  'its',
]);

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** A light English stem, enough for names and headlines: plurals and third persons ("cuts rates" is "cut rate"). */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

export function searchable(ref: Ref, names: string[] = [], live = true): Searchable {
  const all = [...new Set([ref.key, ref.label, ...names].map((n) => n.toLowerCase()))];
  const every = [...new Set(all.flatMap(wordsOf))];
  const words = every.filter((w) => w.length >= 4 && !COMMON_WORDS.has(w));
  return {
    ref,
    names: all,
    words: [...new Set([...every, ...every.map(stem)])],
    grams: [...new Set([...all, ...words])].map(trigrams),
    live,
  };
}

/**
 * How well `item` matches `query` (lower-cased): 3 exact, 2 when a name or one of its words starts with it, 1 plus the
 * best similarity of one of its names when that reaches FUZZY_MIN, 0 not at all. A query of several words matches only
 * when each word does (its weakest sets the score, EVERY_WORD at best), in any order and form: "rate cut" finds "cut
 * rates", not "hold rates".
 */
export function matchScore(item: Searchable, query: string, queryGrams: Set<string>): number {
  if (item.names.includes(query)) return 3;
  if (item.names.some((n) => n.startsWith(query) || wordsOf(n).some((w) => w.startsWith(query)))) return 2;
  const words = wordsOf(query).filter((w) => !QUERY_FILLER.has(w));
  if (words.length > 1) return Math.min(...words.map((w) => wordScore(item, w)));
  return fuzzy(item, words.length ? trigrams(words[0]!) : queryGrams);
}

/** A query of several words each starting a word of the item: below a name that starts with the whole query. */
export const EVERY_WORD = 1.95;

/** EVERY_WORD when a word of the item (or its stem) starts with `word` or its stem, else its fuzzy score. */
function wordScore(item: Searchable, word: string): number {
  const root = stem(word);
  return item.words.some((w) => w.startsWith(word) || w.startsWith(root)) ? EVERY_WORD : fuzzy(item, trigrams(word));
}

function fuzzy(item: Searchable, grams: Set<string>): number {
  const s = Math.max(...item.grams.map((g) => similarity(g, grams)));
  return s >= FUZZY_MIN ? 1 + s : 0;
}

/** The best matches of `query` among `items`, best first (ties: the live one, the shorter label, then alphabetical). */
export function rankMatches(items: readonly Searchable[], query: string, limit: number): { ref: Ref; score: number }[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const grams = trigrams(q);
  return items
    .map((item) => ({ ref: item.ref, live: item.live, score: matchScore(item, q, grams) }))
    .filter((m) => m.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(b.live) - Number(a.live) ||
        a.ref.label.length - b.ref.label.length ||
        a.ref.label.localeCompare(b.ref.label),
    )
    .slice(0, limit)
    .map(({ ref, score }) => ({ ref, score }));
}

/**
 * A search box's text as a tsquery of word prefixes that must all match (`fed rate` → `fed:* & rate:*`), so stories are
 * found while a word is still being typed ("fed" finds "Federal Reserve"); null without a word. Only letters and
 * digits pass, so no text can make the query invalid.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words
    ? [...new Set(words)]
        .slice(0, 16)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

/**
 * Web-search text for websearch_to_tsquery with its chains of negations folded into one: PostgreSQL nests a NOT per
 * `-` of a run (`---x`, `- - x`, `-!-!x`), and 32 of them overflow its parser ("tsquery stack too small", a 500). An
 * odd run is one `-`, an even one none, as the chain meant.
 */
export function webSearchText(text: string): string {
  return text.replace(/-(?:[^\p{L}\p{N}"]*-)+/gu, (run) => (run.match(/-/g)!.length % 2 ? '-' : ' '));
}
