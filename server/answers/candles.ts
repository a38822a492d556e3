// The bytes of a candle answer: the candles as chunks (slices of the ring's kept blocks) between a head and the closing
// braces. Answers from memory are kept as bytes while the bars they hold are unchanged: clients polling the same
// candles (a chart's default pull, a bot's window) between two ticks get the same answer in one buffer, sent in one
// write, instead of one assembled per request from the kept blocks.
import { type CandleRun, type CandleView, candleChunks, candleCount, lateNotice } from '../../core/candle-view.js';
import type { Bar } from '../../core/kernels/bars.js';
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
}

/** At most this many answers and joined bytes are kept; the least recently asked go first. */
const MAX_ANSWERS = 256;
const MAX_JOINED_BYTES = 64 * 1024 * 1024;
/** Larger answers stay in their chunks: joining one costs a copy of its size, and memory for each kept. */
const MAX_JOINED_ANSWER = 8 * 1024 * 1024;

const CLOSE = Buffer.from(']}}');

/** The answer `{ data: CandleSeries }` of `view`, as bytes. */
export function candleAnswer(view: CandleView): RawJson {
  const { run } = view;
  return run.from === 'database' ? new RawJson(build(view)) : kept.get(view, run);
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
  private joinedBytes = 0;

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
    if (hit) this.forget(key, hit);
    if (
      hit &&
      hit.version === version &&
      hit.instrument === instrument &&
      hit.availableFrom === availableFrom &&
      sameBar(hit.live, live)
    ) {
      if (!hit.joined && hit.body.byteLength <= MAX_JOINED_ANSWER) {
        hit.body = new RawJson(hit.body.whole());
        hit.joined = true;
      }
      this.keep(key, hit);
      return hit.body;
    }
    const body = new RawJson(build(view));
    this.keep(key, { version, live: live && { ...live }, instrument, availableFrom, body, joined: false });
    return body;
  }

  private keep(key: string, kept: Kept): void {
    this.kept.set(key, kept);
    if (kept.joined) this.joinedBytes += kept.body.byteLength;
    while (this.kept.size > MAX_ANSWERS || this.joinedBytes > MAX_JOINED_BYTES) {
      const [oldest, entry] = this.kept.entries().next().value!;
      this.forget(oldest, entry);
    }
  }

  private forget(key: string, kept: Kept): void {
    this.kept.delete(key);
    if (kept.joined) this.joinedBytes -= kept.body.byteLength;
  }
}

const kept = new CandleAnswers();

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
