// Serialized answers of read-only queries over data that changes rarely (stories, moves), by route and query, kept
// while the data's version is unchanged: a dashboard or agent asking the same question again is answered from memory,
// and a burst of the same new question costs one database read.
import type { RawJson } from './router.js';

export class AnswerCache<T = RawJson> {
  /** In least recently used order: the first entry is evicted first. */
  private readonly entries = new Map<string, { version: number; body: Promise<T> }>();

  constructor(
    private readonly max: number,
    /** The version of the data answers are built from, now. */
    private readonly version: () => number,
  ) {}

  /** The answer to `key` (a route and its parsed input): the one kept, the one being built, or `build()` serialized. */
  answer<D>(this: AnswerCache<RawJson>, key: string, serialize: (data: D) => RawJson, build: () => Promise<D>): Promise<RawJson> {
    return this.get(key, () => build().then(serialize));
  }

  /** The value for `key` at the current version: the one kept, the one being built, or a new one from `build`. */
  get(key: string, build: () => Promise<T>): Promise<T> {
    const version = this.version();
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.version === version) {
      this.entries.set(key, hit);
      return hit.body;
    }
    const body = build();
    const entry = { version, body };
    this.entries.set(key, entry);
    // A failed build is not kept: the next request tries again.
    body.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return body;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The version of the stories, catalysts and moves answers are built from: bumped whenever their rows change. */
export class DataVersion {
  private value = 0;

  bump(): void {
    this.value++;
  }

  get current(): number {
    return this.value;
  }
}

/** A version that changes every `ms`: for values re-read from the database at most that often. */
export function every(ms: number): () => number {
  return () => Math.floor(Date.now() / ms);
}
