// TAPEWIRE_CLOCK's values: a signed duration (the same offset in every process), an instant (this process starts
// there), anything else refused with what is expected.
import t from 'tap';
import { clockOffset } from '../../core/clock-shift.js';

t.test('durations and instants', (t) => {
  const real = Date.UTC(2026, 11, 6, 12);
  t.same(clockOffset('+30d', real), { offsetMs: 30 * 86_400_000 });
  t.same(clockOffset('-90m', real), { offsetMs: -90 * 60_000 });
  t.same(clockOffset(' +1500ms ', real), { offsetMs: 1500 });
  t.same(clockOffset('2026-12-25T15:00:00Z', real), { offsetMs: Date.UTC(2026, 11, 25, 15) - real });
  for (const bad of ['30d', 'tomorrow', '2026-12-25', '+1y', ''])
    t.match(clockOffset(bad, real), { problem: /TAPEWIRE_CLOCK=.*expected a signed duration/ }, JSON.stringify(bad));
  t.end();
});
