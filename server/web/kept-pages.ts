// Rendered pages kept for the next viewers while the data they show has not changed, and for a second at most (the
// stream carries what changes after), as the API keeps its answers: rendering the instrument page cost 13 times its API
// call. A page's stream ticket is its viewer's own, so a kept page holds a slot where each viewer's ticket goes. Pages
// count against the budget of every kept answer, and go when nobody views them (server/services/kept/kept-answers.ts).
import { mapShelf } from '../../core/map-shelf.js';
import { clock } from '../clock.js';
import { type KeptAnswers, keptAnswers } from '../services/kept/index.js';

/** How long a kept page is served at most, whatever the data: the market ticks about this often. */
const KEEP_MS = 1000;
/** Pages kept at most (by path and query): arbitrary queries cannot grow it. */
const KEPT = 256;

export interface KeptPage {
  /** The page's HTML around its ticket slots, as UTF-8: one more part than slots. */
  parts: Buffer[];
  /** The topics of each slot's ticket. */
  topics: string[][];
}

/** The text a page renders where a viewer's ticket goes (no HTML escaping changes it). */
export const ticketSlot = (k: number) => `tapewire-ticket-slot-${k}-`;

/** `html` cut at its ticket slots, to be filled for each viewer. */
export function keptPage(html: string, topics: string[][]): KeptPage {
  const parts: Buffer[] = [];
  let from = 0;
  topics.forEach((_, k) => {
    const at = html.indexOf(ticketSlot(k), from);
    parts.push(Buffer.from(html.slice(from, at)));
    from = at + ticketSlot(k).length;
  });
  parts.push(Buffer.from(html.slice(from)));
  return { parts, topics };
}

/** The page with each slot filled by `ticket` of its topics: its bytes copied, not encoded again. */
export function filled(page: KeptPage, ticket: (topics: string[]) => string): Buffer {
  if (!page.topics.length) return page.parts[0]!;
  const chunks = [page.parts[0]!];
  for (let k = 0; k < page.topics.length; k++) chunks.push(Buffer.from(ticket(page.topics[k]!)), page.parts[k + 1]!);
  return Buffer.concat(chunks);
}

export class KeptPages {
  /** In the order they were rendered: the first goes first. */
  private readonly pages = new Map<string, KeptPage & { stamp: string; at: number; asked: number; bytes: number }>();
  private readonly shelf = mapShelf(
    this.pages,
    (page) => page.asked,
    (key, page) => this.drop(key, page.bytes),
  );

  constructor(private readonly kept: KeptAnswers = keptAnswers) {
    kept.join(this.shelf);
  }

  /** The page kept under `key` while the data is still `stamp` and it is young. */
  get(key: string, stamp: string): KeptPage | undefined {
    const page = this.pages.get(key);
    return page && page.stamp === stamp && clock.now() - page.at < KEEP_MS ? page : undefined;
  }

  set(key: string, stamp: string, page: KeptPage): void {
    const old = this.pages.get(key);
    if (old) this.drop(key, old.bytes);
    if (this.pages.size >= KEPT) this.shelf.dropOldest();
    const bytes = page.parts.reduce((n, part) => n + part.byteLength, 0);
    this.pages.set(key, { ...page, stamp, at: clock.now(), asked: this.kept.stamp(), bytes });
    this.kept.grew(bytes);
  }

  private drop(key: string, bytes: number): void {
    this.pages.delete(key);
    this.kept.shrank(bytes);
  }
}
