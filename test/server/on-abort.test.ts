// server/on-abort.ts: any number of waits on one signal hold one listener on it, each called once on abort unless it
// was forgotten first.

import { getEventListeners } from 'node:events';
import t from 'tap';
import { onAbort } from '../../server/on-abort.js';

t.test('fifty waits, one listener on the signal; each called once, the forgotten ones not', async (t) => {
  const controller = new AbortController();
  const called: number[] = [];
  const forget = Array.from({ length: 50 }, (_, k) => onAbort(controller.signal, () => called.push(k)));
  t.equal(getEventListeners(controller.signal, 'abort').length, 1);
  forget.slice(0, 10).forEach((f) => f());
  controller.abort();
  controller.abort();
  t.same(
    called,
    Array.from({ length: 40 }, (_, k) => k + 10),
  );
});

t.test('one function waiting twice is called twice', async (t) => {
  const controller = new AbortController();
  let calls = 0;
  const listener = () => calls++;
  onAbort(controller.signal, listener);
  onAbort(controller.signal, listener);
  controller.abort();
  t.equal(calls, 2);
});
