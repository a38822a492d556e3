// Answers bounded for a language model's context window: a page cut to the items that fit, or arrays of one answer
// cut in a stated order, each time with a notice saying what was left out and how to get it. Sizes are JSON characters.
import type { Page } from './paging.js';

const size = (x: unknown) => JSON.stringify(x).length;
/** Characters kept for the notice itself. */
const NOTICE_CHARS = 600;

interface Fitted<T> {
  data: T;
  /** What was left out and how to get it; absent when nothing was. */
  notice?: string;
}

/**
 * A page of a list cut to its leading items whose JSON, with the rest of the answer, fits in `maxChars`; its
 * `nextOffset` then points at the first item left out. Other fields of the answer (a summary) are kept as they are.
 */
export function fitPage<T, A extends { data: T[]; page: Page }>(answer: A, maxChars: number): A & Fitted<T[]> {
  if (size(answer) <= maxChars) return answer;
  let room = maxChars - NOTICE_CHARS - size({ ...answer, data: [] });
  let n = 0;
  for (; n < answer.data.length; n++) {
    const cost = size(answer.data[n]) + (n ? 1 : 0);
    if (cost > room) break;
    room -= cost;
  }
  if (!n) throw new Error('a single item is larger than the answer may be');
  const nextOffset = answer.page.offset + n;
  return {
    ...answer,
    data: answer.data.slice(0, n),
    page: { ...answer.page, nextOffset },
    notice: `Cut to ${n} of the ${answer.data.length} items asked for, to fit the answer size: call again with offset=${nextOffset} for the next ones.`,
  };
}

/** One array of an answer that may be cut: what it is, how to get what is cut, its items in the order they are dropped (last first), and the answer keeping `n` of them. */
export interface Trim<O> {
  what: string;
  more: string;
  items(o: O): readonly unknown[];
  keep(o: O, n: number): O;
}

/** `data` with the arrays of `trims` cut, in that order and each from its end, until its JSON fits in `maxChars`. */
export function fitObject<O>(data: O, trims: Trim<O>[], maxChars: number): Fitted<O> {
  let total = size({ data });
  if (total <= maxChars) return { data };
  total += NOTICE_CHARS;
  const notes: string[] = [];
  for (const trim of trims) {
    if (total <= maxChars) break;
    const items = trim.items(data);
    let n = items.length;
    while (n > 0 && total > maxChars) {
      n--;
      total -= size(items[n]) + (n ? 1 : 0);
    }
    if (n === items.length) continue;
    data = trim.keep(data, n);
    notes.push(`${trim.what}: ${n} of ${items.length} shown (${trim.more})`);
  }
  if (total > maxChars) throw new Error('the answer does not fit even with every array cut');
  return { data, notice: `Cut to fit the answer size. ${notes.join('; ')}.` };
}

/** The keys of `O` whose values are arrays. */
type ArrayKey<O> = { [K in keyof O]-?: O[K] extends readonly unknown[] | undefined ? K : never }[keyof O];

/** The trim of the top-level array `key` of an answer, kept from its start. */
export function cutTail<O>(key: ArrayKey<O>, what: string, more: string): Trim<O> {
  return {
    what,
    more,
    items: (o) => o[key] as readonly unknown[],
    keep: (o, n) => ({ ...o, [key]: (o[key] as readonly unknown[]).slice(0, n) }),
  };
}

/**
 * The trim of several series of one answer, each oldest first: their items are dropped oldest first across all of
 * them (every series keeps its latest items, within one of each other where they are long enough).
 */
export function oldestAcross<O>(
  what: string,
  more: string,
  series: (o: O) => readonly (readonly unknown[])[],
  keep: (o: O, kept: number[]) => O,
): Trim<O> {
  return {
    what,
    more,
    items: (o) => newestFirst(series(o)).map(([s, k]) => series(o)[s]![k]),
    keep: (o, n) => {
      const all = series(o);
      const kept = all.map(() => 0);
      for (const [s] of newestFirst(all).slice(0, n)) kept[s]!++;
      return keep(o, kept);
    },
  };
}

/** [series, index] pairs: every series' newest item, then every series' next newest, and so on. */
function newestFirst(series: readonly (readonly unknown[])[]): [number, number][] {
  const out: [number, number][] = [];
  for (let back = 1; series.some((s) => s.length >= back); back++) {
    series.forEach((s, i) => {
      if (s.length >= back) out.push([i, s.length - back]);
    });
  }
  return out;
}
