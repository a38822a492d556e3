// What the kept answers hold in all, against one budget: every cache of answers counts its answers' sizes here, the
// least recently asked answer of any cache goes first when the total is over the budget, and answers nobody asked for
// during the idle time are dropped, so that the memory a burst of questions took comes back once it stops
// (bench/results/2026-12-07-memory-back.md). A hit stamps its entry with a count of asks, a field written: no clock
// read, no allocation; a timer notes the count every quarter of the idle time and drops what is stamped before the
// note of four quarters ago.

import type { MapShelf } from '../../../core/map-shelf.js';

export interface KeptSettings {
  /** The total size of the answers kept, counted as their JSON. */
  budgetBytes: number;
  /** An answer not asked for this long is dropped (within a quarter more). */
  idleMs: number;
}

/** Notes per idle time. */
const STEPS = 4;

/**
 * 32 MiB: bench:memory's load filled it, the heap and buffers then holding about five times that; a minute: an answer
 * asked for again is asked within seconds (a chart's poll, a page's readers), and a burst's memory is back in two.
 */
export const KEPT_DEFAULTS: KeptSettings = { budgetBytes: 32 * 1024 * 1024, idleMs: 60_000 };

export class KeptAnswers {
  private asks = 0;
  /** The count of asks at each of the last STEPS notes, oldest first. */
  private readonly notes: number[] = Array(STEPS).fill(0);
  private bytes = 0;
  private readonly shelves = new Set<MapShelf>();
  private timer: NodeJS.Timeout | null = null;
  private settings: KeptSettings;

  constructor(settings: KeptSettings = KEPT_DEFAULTS) {
    this.settings = { ...settings };
  }

  /** New settings, from the configuration at start; answers over the new budget go at once. */
  configure(settings: KeptSettings): void {
    this.settings = { ...settings };
    this.fit();
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.every();
    }
  }

  join(shelf: MapShelf): void {
    this.shelves.add(shelf);
    this.every();
  }

  /** The stamp of an ask: later asks have larger ones, in every cache. */
  stamp(): number {
    return ++this.asks;
  }

  /** An answer of `bytes` kept: the least recently asked answers go until the total fits the budget. */
  grew(bytes: number): void {
    this.bytes += bytes;
    this.fit();
  }

  shrank(bytes: number): void {
    this.bytes -= bytes;
  }

  get total(): number {
    return this.bytes;
  }

  /** Notes the count of asks, and drops what was not asked for since the note of STEPS notes ago: what the timer runs. */
  sweep(): void {
    const idle = this.notes.shift()!;
    this.notes.push(this.asks);
    for (const shelf of this.shelves) shelf.dropIdle(idle);
  }

  private fit(): void {
    while (this.bytes > this.settings.budgetBytes) {
      let oldest: MapShelf | null = null;
      let at = Infinity;
      for (const shelf of this.shelves) {
        const stamp = shelf.oldestStamp();
        if (stamp < at) [oldest, at] = [shelf, stamp];
      }
      if (!oldest) return;
      oldest.dropOldest();
    }
  }

  private every(): void {
    this.timer ??= setInterval(() => this.sweep(), this.settings.idleMs / STEPS);
    // Kept answers never keep a process alive.
    this.timer.unref();
  }
}

/** The ledger of every AnswerCache of the process (services are built once per process), configured at start. */
export const keptAnswers = new KeptAnswers();

/**
 * About how many bytes `value` takes as JSON: what a kept answer is counted at, its objects and the bytes the edge
 * writes from them taking a multiple of it. Walked once, when its build settles; deeper than any answer is left out.
 */
export function jsonSize(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
    case 'bigint':
      return 8;
    case 'boolean':
      return 5;
    case 'object':
      break;
    default:
      return 0;
  }
  if (value === null) return 4;
  if (depth > 16) return 0;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
  if (value instanceof Date) return 26;
  let n = 2;
  if (Array.isArray(value)) {
    for (const v of value) n += jsonSize(v, depth + 1) + 1;
  } else if (value instanceof Map) {
    for (const [k, v] of value) n += jsonSize(k, depth + 1) + jsonSize(v, depth + 1) + 2;
  } else if (value instanceof Set) {
    for (const v of value) n += jsonSize(v, depth + 1) + 1;
  } else {
    for (const k in value) n += k.length + 4 + jsonSize((value as Record<string, unknown>)[k], depth + 1);
  }
  return n;
}
