// Kept candle answers: whatever is pushed, cleared or changed in the open bar between asks, an answer is the view's
// candles as objects, byte for byte once parsed; unchanged, it is not built again, and asked again it is one buffer,
// counted against the kept answers' budget and dropped once nobody asks for it.

import fc from 'fast-check';
import t from 'tap';
import { type CandleView, candleSeries } from '../../../core/candle-view.js';
import type { Bar } from '../../../core/kernels/bars.js';
import { instrumentRef } from '../../../core/refs.js';
import { BarRing, BLOCK } from '../../../core/series.js';
import { CandleAnswers } from '../../../server/answers/candles.js';
import { KeptAnswers } from '../../../server/services/kept/kept-answers.js';

const instrument = instrumentRef({ symbol: 'BTC', name: 'Bitcoin' });

/** The view of positions i0..i1 of series `s` of `ring` with `live` after them. */
function view(
  ring: BarRing,
  s: number,
  i0: number,
  i1: number,
  live: Bar | null,
  of = instrument,
): CandleView & { run: { from: 'memory' } } {
  return {
    instrument: of,
    interval: '1m',
    run: { from: 'memory', ring, s, i0, i1 },
    live,
    availableFrom: 0,
    late: false,
  };
}

const ask = (answers: CandleAnswers, v: ReturnType<typeof view>) => answers.get(v, v.run);

t.test('a kept answer is always the fresh one, whatever happens between asks', (t) => {
  const capacity = BLOCK + 50;
  const op = fc.oneof(
    fc.integer({ min: 1, max: 300 }).map((n) => ({ push: n })),
    fc.constant({ clear: true as const }),
    fc.option(fc.integer({ min: 1, max: 3 })).map((close) => ({ live: close })),
    // Few distinct ranges (quarters of what the ring holds), so that the same positions are asked again after changes.
    fc.tuple(fc.nat(4), fc.nat(4)).map(([a, b]) => ({ ask: [a, b] as const })),
  );
  fc.assert(
    fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
      const ring = new BarRing(2, capacity);
      const answers = new CandleAnswers();
      let ts = 0;
      const push = (n: number) => {
        for (let k = 0; k < n; k++) ring.push(1, (ts += 60_000), k, k + 2, k - 1, k + 1, k * 10, k % 5);
      };
      // Full from the start, so that every push moves the bars under the same positions.
      push(capacity);
      let live: Bar | null = null;
      for (const o of ops) {
        if ('push' in o) push(o.push);
        else if ('clear' in o) ring.clear(1);
        else if ('live' in o)
          live =
            o.live === null ? null : { ts: ts + 60_000, open: 1, high: 4, low: 0, close: o.live, volume: 7, venues: 2 };
        else {
          const n = ring.size(1);
          const [a, b] = o.ask.map((q) => Math.round((q * n) / 4)).sort((x, y) => x - y) as [number, number];
          for (let again = 0; again < 2; again++) {
            const v = view(ring, 1, a, b, live);
            const got = JSON.parse(Buffer.concat(ask(answers, v).chunks).toString());
            if (JSON.stringify(got) !== JSON.stringify({ data: candleSeries(v) })) return false;
          }
        }
      }
      return true;
    }),
    { numRuns: 1000 },
  );
  t.pass('every kept answer equalled a fresh build');
  t.end();
});

t.test(
  'unchanged, an answer is built once and, asked again, sent as one buffer; the least recently asked go first',
  (t) => {
    const ring = new BarRing(1, 1000);
    for (let k = 1; k <= 600; k++) ring.push(0, k * 60_000, k, k, k, k, k, 1);
    const answers = new CandleAnswers();
    const all = view(ring, 0, 0, 600, null);
    const first = ask(answers, all);
    t.ok(first.chunks.length > 2, 'first asked: the kept blocks as they are');
    const second = ask(answers, all);
    t.equal(second.chunks.length, 1, 'asked again: one buffer');
    t.ok(Buffer.from(second.chunks[0]!).equals(Buffer.concat(first.chunks)));
    t.equal(ask(answers, all), second, 'then the same answer, not built again');

    const copy = new BarRing(1, 1000);
    for (let k = 1; k <= 600; k++) copy.push(0, k * 60_000, k, k, k, k, k, 1);
    t.not(ask(answers, view(copy, 0, 0, 600, null)), second, 'the same positions of another ring: built again');
    t.equal(ask(answers, all), second, "and the first ring's answer still kept");

    const renamed = view(ring, 0, 0, 600, null, instrumentRef({ symbol: 'BTC', name: 'Bitcoin' }));
    const other = ask(answers, renamed);
    t.not(other, second, 'another instrument object: built again');
    const joined = ask(answers, renamed);
    t.not(joined, other, 'and joined when asked again');
    for (let k = 0; k < 254; k++) ask(answers, view(ring, 0, 1000 + k, 1000 + k, null));
    t.equal(ask(answers, renamed), joined, 'kept among 256 answers');
    for (let k = 0; k < 256; k++) ask(answers, view(ring, 0, 2000 + k, 2000 + k, null));
    t.not(ask(answers, renamed), joined, 'forgotten after 256 others were asked since');
    t.end();
  },
);

t.test('joined answers count against the budget of every kept answer, and go once idle', (t) => {
  const ring = new BarRing(1, 1000);
  for (let k = 1; k <= 600; k++) ring.push(0, k * 60_000, k, k, k, k, k, 1);
  const answers = new CandleAnswers();
  const all = view(ring, 0, 0, 600, null);
  const size = ask(answers, all).byteLength;
  const kept = new KeptAnswers({ budgetBytes: size * 2, idleMs: 60_000 });
  answers.countIn(kept);
  t.equal(kept.total, 0, 'an answer asked once is slices of the blocks: not counted');
  const joined = ask(answers, all);
  t.equal(kept.total, size, 'joined: counted at its size');
  const half = view(ring, 0, 0, 300, null);
  ask(answers, half);
  ask(answers, half);
  t.equal(kept.total, size + ask(answers, half).byteLength);
  const other = view(ring, 0, 100, 600, null);
  ask(answers, other);
  ask(answers, other);
  t.ok(kept.total <= size * 2, 'over the budget, the least recently asked went');
  t.not(ask(answers, all), joined, 'the first answer among them');
  for (let note = 0; note < 5; note++) kept.sweep();
  t.equal(kept.total, 0, 'nobody asked for five quarters of the idle time: all dropped');
  t.end();
});
