// Answers kept in memory, so that a question asked again is answered without redoing its work: answers of read-only
// queries over data that changes rarely (stories, moves) kept while the data's version is unchanged and they are asked
// for, within one budget of bytes for all (kept-answers.ts), and answers of the hot market state kept until the next
// tick.

import { mapShelf } from '../../../core/map-shelf.js';
import { clock } from '../../clock.js';
import type { Caller } from '../../db.js';
import { onAbort } from '../../on-abort.js';
import { jsonSize, type KeptAnswers, keptAnswers } from './kept-answers.js';

/** An answer being built or built: who still waits for it while it builds, and how to stop its build. */
interface Entry<T> {
  version: number;
  body: Promise<T>;
  settled: boolean;
  /** Clients waiting for the build; a waiter without a caller (the service itself) pins it. */
  waiting: number;
  pinned: boolean;
  stop: AbortController;
  /** Its size as counted by the budget, once built and kept. */
  bytes: number;
  /** The stamp of its last ask (kept-answers.ts). */
  stamp: number;
}

/** Values by key at the current version of their data: the one kept, the one being built, or a new one. */
export class AnswerCache<T> {
  /** In least recently used order: the first entry is evicted first. */
  private readonly entries = new Map<string, Entry<T>>();
  private readonly shelf = mapShelf(
    this.entries,
    (entry) => entry.stamp,
    (key, entry) => this.drop(key, entry),
  );

  constructor(
    private readonly max: number,
    /** The version of the data the answer under a key is built from, now. */
    private readonly version: (key: string) => number,
    private readonly kept: KeptAnswers = keptAnswers,
  ) {
    kept.join(this.shelf);
  }

  /**
   * The value for `key`: the one kept, the one being built (a burst of one new question costs one build), or
   * `build(caller)`. A build runs for the first caller's owner and request, and is aborted once every caller waiting for it has left,
   * so that a question nobody waits for any more costs no database time; callers arriving after that start anew.
   */
  get(key: string, build: (caller?: Caller) => Promise<T>, caller?: Caller): Promise<T> {
    const version = this.version(key);
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.version === version) {
      this.entries.set(key, hit);
      hit.stamp = this.kept.stamp();
      if (!hit.settled) this.wait(key, hit, caller);
      return hit.body;
    }
    if (hit) this.kept.shrank(hit.bytes);
    const stop = new AbortController();
    const entry: Entry<T> = {
      version,
      body: null!,
      settled: false,
      waiting: 0,
      pinned: false,
      stop,
      bytes: 0,
      stamp: this.kept.stamp(),
    };
    this.wait(key, entry, caller);
    entry.body = build(caller && { owner: caller.owner, request: caller.request ?? caller, signal: stop.signal });
    entry.body.then(
      (value) => {
        entry.settled = true;
        if (this.entries.get(key) !== entry) return;
        entry.bytes = jsonSize(value);
        this.kept.grew(entry.bytes);
      },
      () => {
        entry.settled = true;
        if (this.entries.get(key) === entry) this.drop(key, entry);
      },
    );
    this.entries.set(key, entry);
    if (this.entries.size > this.max) this.shelf.dropOldest();
    return entry.body;
  }

  private drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.kept.shrank(entry.bytes);
  }

  private wait(key: string, entry: Entry<T>, caller: Caller | undefined): void {
    if (!caller) {
      entry.pinned = true;
      return;
    }
    entry.waiting++;
    onAbort(caller.signal, () => {
      if (--entry.waiting || entry.pinned || entry.settled) return;
      // Forgotten at once: a client asking in the meantime must not be handed the aborted build.
      if (this.entries.get(key) === entry) this.drop(key, entry);
      entry.stop.abort(caller.signal.reason);
    });
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

/** A version that changes every `ms`: for values re-read from the database at most that often. */
export function every(ms: number): () => number {
  return () => Math.floor(clock.now() / ms);
}
