// The replay buffer: what a reconnecting client missed, whether it can still be given, and the present state per key.
import t from 'tap';
import { type Buffered, mergeById, ReplayBuffer } from '../../../core/stream/replay.js';

const message = (id: number, key: string | null): Buffered => ({ id, key, frame: Buffer.from(`id: ${id}\n\n`) });

t.test('since: every message after an id while none of them was dropped', async (t) => {
  const buffer = new ReplayBuffer(4);
  for (const id of [10, 12, 13]) buffer.push(message(id, 'a'));
  t.same(
    buffer.since(10)!.map((m) => m.id),
    [12, 13],
  );
  t.same(
    buffer.since(11)!.map((m) => m.id),
    [12, 13],
    'an id of another topic in between',
  );
  t.same(buffer.since(13), [], 'up to date');
  for (const id of [14, 15]) buffer.push(message(id, 'a'));
  t.same(
    buffer.since(10)!.map((m) => m.id),
    [12, 13, 14, 15],
    '10 was dropped, but the client had it',
  );
  t.equal(buffer.since(9), null, 'an older client missed 10');
  buffer.push(message(16, 'a'));
  t.equal(buffer.since(11), null, '12 is gone');
  t.same(
    buffer.since(12)!.map((m) => m.id),
    [13, 14, 15, 16],
  );
});

t.test('current: the newest message per key, in id order; unkeyed messages are not state', async (t) => {
  const buffer = new ReplayBuffer(3);
  buffer.push(message(1, 'quote:BTC'));
  buffer.push(message(2, 'quote:ETH'));
  buffer.push(message(3, null));
  buffer.push(message(4, 'quote:BTC'));
  buffer.push(message(5, 'quote:SOL'));
  t.same(
    buffer.current().map((m) => m.id),
    [2, 4, 5],
    'ETH is kept even after it left the ring',
  );
});

t.test('mergeById: several topics in id order, each message once', async (t) => {
  const a = [message(1, 'x'), message(3, 'y'), message(4, 'z')];
  const b = [message(2, 'w'), message(3, 'y')];
  t.same(
    mergeById([a, b]).map((m) => m.id),
    [1, 2, 3, 4],
  );
  t.same(mergeById([]), []);
});
