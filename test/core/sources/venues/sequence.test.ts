// Sequence numbers: a jump in a contiguous one is a gap, a number not above the last is a repeat, and a new
// connection starts afresh.
import t from 'tap';
import { SequenceTracker } from '../../../../core/sources/venues/sequence.js';

t.test('a contiguous sequence', async (t) => {
  const s = new SequenceTracker(true);
  t.same(
    [5, 6, 9, 9, 8, 10].map((n) => s.check('', n)),
    ['first', 'next', 'gap', 'behind', 'behind', 'next'],
  );
  t.equal(s.missed, 2);
  t.equal(s.check('', NaN), 'next', 'a frame without a number says nothing');
  s.reset();
  t.equal(s.check('', 1), 'first', 'a new connection numbers from its own start');
});

t.test('an increasing sequence per listing', async (t) => {
  const s = new SequenceTracker(false);
  t.same(
    [s.check('A', 100), s.check('B', 5), s.check('A', 180), s.check('A', 150), s.check('B', 6)],
    ['first', 'first', 'next', 'behind', 'next'],
  );
});
