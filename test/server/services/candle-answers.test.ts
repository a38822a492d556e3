// Kept candle answers: whatever is pushed, cleared or changed in the open bar between asks, an answer is byte for byte
// the one built afresh; unchanged, it is not built again, and asked again it is one buffer.
import t from 'tap';
import fc from 'fast-check';
import type { Bar } from '../../../core/kernels/bars.js';
import { BarRing, BLOCK, candleJson } from '../../../core/series.js';
import { CandleAnswers } from '../../../server/services/kept/candle-answers.js';

const instrument = { symbol: 'BTC' };

/** The answer of positions i0..i1 of series 1 with `live` after them, as the candle service builds it. */
function answer(ring: BarRing, i0: number, i1: number, live: Bar | null): Buffer[] {
  const tail = live ? [Buffer.from(candleJson(live.ts, live.open, live.high, live.low, live.close, live.volume, live.venues))] : [];
  return [Buffer.from(`{"count":${i1 - i0 + tail.length},"candles":[`), ...ring.json(1, i0, i1, live !== null), ...tail, Buffer.from(']}')];
}

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
        else if ('live' in o) live = o.live === null ? null : { ts: ts + 60_000, open: 1, high: 4, low: 0, close: o.live, volume: 7, venues: 2 };
        else {
          const n = ring.size(1);
          const [a, b] = o.ask.map((q) => Math.round((q * n) / 4)).sort((x, y) => x - y) as [number, number];
          for (let again = 0; again < 2; again++) {
            const got = answers.get({ ring, s: 1, i0: a, i1: b, live, instrument }, () => answer(ring, a, b, live));
            if (!Buffer.concat(got.chunks).equals(Buffer.concat(answer(ring, a, b, live)))) return false;
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

t.test('unchanged, an answer is built once and, asked again, sent as one buffer; the least recently asked go first', (t) => {
  const ring = new BarRing(1, 1000);
  for (let k = 1; k <= 600; k++) ring.push(0, k * 60_000, k, k, k, k, k, 1);
  const answers = new CandleAnswers();
  let builds = 0;
  const build = () => (builds++, [Buffer.from('['), ...ring.json(0, 0, 600), Buffer.from(']')]);
  const stamp = { ring, s: 0, i0: 0, i1: 600, live: null, instrument };
  const first = answers.get(stamp, build);
  t.ok(first.chunks.length > 2, 'first asked: the kept blocks as they are');
  const second = answers.get(stamp, build);
  t.equal(second.chunks.length, 1, 'asked again: one buffer');
  t.ok(Buffer.from(second.chunks[0]!).equals(Buffer.concat(first.chunks)));
  t.equal(answers.get(stamp, build), second, 'then the same answer');
  t.equal(builds, 1);

  const copy = new BarRing(1, 1000);
  for (let k = 1; k <= 600; k++) copy.push(0, k * 60_000, k, k, k, k, k, 1);
  t.not(answers.get({ ...stamp, ring: copy }, build), second, 'the same positions of another ring: built again');
  t.equal(answers.get(stamp, build), second, 'and the first ring\'s answer still kept');
  t.equal(builds, 2);

  const renamed = { ...stamp, instrument: { symbol: 'BTC' } };
  t.not(answers.get(renamed, build), second, 'another instrument object: built again');
  answers.get(renamed, build);
  t.equal(builds, 3);
  for (let k = 0; k < 254; k++) answers.get({ ...stamp, i0: 1000 + k }, () => [Buffer.from('[]')]);
  answers.get(renamed, build);
  t.equal(builds, 3, 'kept among 256 answers');
  for (let k = 0; k < 256; k++) answers.get({ ...stamp, i0: 2000 + k }, () => [Buffer.from('[]')]);
  answers.get(renamed, build);
  t.equal(builds, 4, 'forgotten after 256 others were asked since');
  t.end();
});
