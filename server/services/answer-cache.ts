// Answers kept in memory, so that a question asked again is answered without redoing its work: answers of read-only
// queries over data that changes rarely (stories, moves) kept while the data's version is unchanged, and answers of
// the hot market state kept until the next tick.

/** Values by key at the current version of their data: the one kept, the one being built, or a new one. */
export class AnswerCache<T> {
  /** In least recently used order: the first entry is evicted first. */
  private readonly entries = new Map<string, { version: number; body: Promise<T> }>();

  constructor(
    private readonly max: number,
    /** The version of the data answers are built from, now. */
    private readonly version: () => number,
  ) {}

  /** The value for `key`: the one kept, the one being built (a burst of one new question costs one build), or `build()`. */
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

/**
 * Values built at most once per version and key, synchronously: every hot answer is a function of the last tick, so
 * between ticks the same bytes serve every client instead of being rebuilt per request. Keys are few (one per
 * instrument and list), so nothing is evicted.
 */
export class PerVersion {
  private readonly kept = new Map<string, { version: number; value: unknown }>();

  constructor(private readonly version: () => number) {}

  get<T>(key: string, build: () => T): T {
    const version = this.version();
    const hit = this.kept.get(key);
    if (hit && hit.version === version) return hit.value as T;
    const value = build();
    this.kept.set(key, { version, value });
    return value;
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
