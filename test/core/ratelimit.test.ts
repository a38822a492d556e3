// TokenBuckets: a minute's quota as burst, continuous refill, bounded table.
import t from 'tap';
import { TokenBuckets } from '../../core/ratelimit.js';

t.test('allows the quota, then refuses with the time to the next token', (t) => {
  const b = new TokenBuckets(10);
  for (let i = 0; i < 3; i++) t.ok(b.take('a', 3, 1000).allowed, `request ${i + 1} allowed`);
  const v = b.take('a', 3, 1000);
  t.notOk(v.allowed);
  t.equal(v.remaining, 0);
  t.equal(Math.round(v.retryAfterMs), 20_000, 'one token every 20 s at 3/min');
  t.equal(Math.round(v.resetMs), 60_000, 'full again after a minute');
  t.end();
});

t.test('refills continuously and never above the quota', (t) => {
  const b = new TokenBuckets(10);
  for (let i = 0; i < 60; i++) b.take('a', 60, 0);
  t.notOk(b.take('a', 60, 0).allowed);
  t.ok(b.take('a', 60, 1000).allowed, 'one token after one second at 60/min');
  t.equal(b.take('a', 60, 10 * 60_000).remaining, 59, 'capped at the quota after a long idle');
  t.end();
});

t.test('clients are independent; the table recycles its oldest slot when full', (t) => {
  const b = new TokenBuckets(2);
  b.take('a', 1, 0);
  t.notOk(b.take('a', 1, 0).allowed);
  t.ok(b.take('b', 1, 0).allowed, 'b has its own bucket');
  b.take('c', 1, 0);
  t.equal(b.size, 2, 'bounded');
  t.ok(b.take('a', 1, 0).allowed, 'a was evicted and starts full');
  b.forget('a');
  t.equal(b.size, 1);
  t.end();
});
