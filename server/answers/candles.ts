// The bytes of a candle answer: the candles as chunks (slices of the ring's kept blocks) between a head and the closing
// braces. Answers from memory are kept as bytes while the bars they hold are unchanged: clients polling the same
// candles (a chart's default pull, a bot's window) between two ticks get the same answer in one buffer, sent in one
// write, instead of one assembled per request from the kept blocks. Joined answers count against the budget of every
// kept answer, and go when nobody asks for them (server/services/kept/kept-answers.ts).

import { type CandleRun, type CandleView, candleChunks, candleCount, lateNotice } from '../../core/candle-view.js';
import type { Bar } from '../../core/kernels/bars.js';
import { type MapShelf, mapShelf } from '../../core/map-shelf.js';
import { RawJson } from '../http/raw-json.js';

interface Kept {
  /** The ring's version of series `s` the answer was built at. */
  version: number;
  live: Bar | null;
  instrument: CandleView['instrument'];
  availableFrom: number | null;
  body: RawJson;
  /** Whether `body` is one buffer: an answer is joined into one when it is asked for a second time. */
  joined: boolean;
  /** The stamp of its last ask. */
  stamp: number;
}

/**
 * The budget of every kept answer, as services/kept's ledger gives it (the edge imports no service: start-up hands
 * it over). Until then nothing is counted and nothing goes for being idle.
 */
export interface AnswerBudget {
  join(shelf: MapShelf): void;
  stamp(): number;
  grew(bytes: number): void;
  shrank(bytes: number): void;
}

const UNCOUNTED: AnswerBudget = { join() {}, stamp: () => 0, grew() {}, shrank() {} };

/** At most this many answers are kept; the least recently asked go first. */
const MAX_ANSWERS = 256;
/** Larger answers stay in their chunks: joining one costs a copy of its size, and memory for each kept. */
const MAX_JOINED_ANSWER = 8 * 1024 * 1024;

const CLOSE = Buffer.from(']}}');

/** The answer `{ data: CandleSeries }` of `view`, as bytes. */
export function candleAnswer(view: CandleView): RawJson {
  const { run } = view;
  return run.from === 'database' ? new RawJson(build(view)) : candleAnswers.get(view, run);
}

function build(view: CandleView): Buffer[] {
  const from = view.availableFrom === null ? 'null' : `"${new Date(view.availableFrom).toISOString()}"`;
  const notice = view.late ? `,"notice":${JSON.stringify(lateNotice(view))}` : '';
  const head = `{"data":{"instrument":${JSON.stringify(view.instrument)},"interval":"${view.interval}","count":${candleCount(view)},"availableFrom":${from}${notice},"candles":[`;
  return [Buffer.from(head), ...candleChunks(view), CLOSE];
}

export class CandleAnswers {
  /** In least recently used order. */
  private readonly kept = new Map<string, Kept>();
  private readonly shelf = mapShelf(
    this.kept,
    (kept) => kept.stamp,
    (key, kept) => this.forget(key, kept),
  );
  private budget = UNCOUNTED;

  /** Counts the joined answers against `budget` from now on. */
  countIn(budget: AnswerBudget): void {
    this.budget = budget;
    budget.join(this.shelf);
    for (const kept of this.kept.values()) if (kept.joined) budget.grew(kept.body.byteLength);
  }

  /**
   * The answer kept for what `view` holds now, else a new one, kept. An answer asked once stays in its chunks (slices
   * of the kept blocks: no copy for a question never asked again); asked again with nothing changed, it is joined into
   * one buffer that serves every later ask.
   */
  get(view: CandleView, run: Extract<CandleRun, { from: 'memory' }>): RawJson {
    const { live, instrument, availableFrom } = view;
    const { ring, s } = run;
    const key = `${ring.id}:${s}:${run.i0}:${run.i1}:${live ? 1 : 0}:${view.late ? 1 : 0}`;
    const version = ring.version(s);
    const hit = this.kept.get(key);
    if (
      hit &&
      hit.version === version &&
      hit.instrument === instrument &&
      hit.availableFrom === availableFrom &&
      sameBar(hit.live, live)
    ) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      hit.stamp = this.budget.stamp();
      if (!hit.joined && hit.body.byteLength <= MAX_JOINED_ANSWER) {
        hit.body = new RawJson(hit.body.whole());
        hit.joined = true;
        this.budget.grew(hit.body.byteLength);
      }
      return hit.body;
    }
    if (hit) this.forget(key, hit);
    const body = new RawJson(build(view));
    const stamp = this.budget.stamp();
    this.kept.set(key, { version, live: live && { ...live }, instrument, availableFrom, body, joined: false, stamp });
    if (this.kept.size > MAX_ANSWERS) this.shelf.dropOldest();
    return body;
  }

  private forget(key: string, kept: Kept): void {
    this.kept.delete(key);
    if (kept.joined) this.budget.shrank(kept.body.byteLength);
  }
}

/** The candle answers of the process, counted against the kept answers' budget once start-up hands it over. */
export const candleAnswers = new CandleAnswers();

/** Whether two open bars have the same values (NaN, an unknown volume, equal to itself). */
function sameBar(a: Bar | null, b: Bar | null): boolean {
  if (a === null || b === null) return a === b;
  const same = Object.is;
  return (
    same(a.ts, b.ts) &&
    same(a.open, b.open) &&
    same(a.high, b.high) &&
    same(a.low, b.low) &&
    same(a.close, b.close) &&
    same(a.volume, b.volume) &&
    same(a.venues, b.venues)
  );
}
