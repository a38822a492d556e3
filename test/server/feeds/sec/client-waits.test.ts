// The EDGAR client's turns (requests spaced at its rate) on the feed's signal, which lives as long as the feed: each
// wait used to leave its abort listener there, so that a round of a dozen throttled requests passed Node's 10 and
// printed MaxListenersExceededWarning. Waits now share one listener, and each takes its call back when it ends.

import { getEventListeners } from 'node:events';
import t from 'tap';
import { startReplay } from '../../../../harness/replay.js';
import { EdgarClient } from '../../../../server/feeds/sec/client.js';

t.test('throttled requests side by side hold one listener on the signal, and warn of nothing', async (t) => {
  const edgar = await startReplay(() => ({ body: '{}' }));
  t.teardown(() => edgar.close());
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  process.on('warning', onWarning);
  t.teardown(() => process.off('warning', onWarning));
  const client = new EdgarClient('Tapewire Tests tests@example.com', 200);
  const signal = new AbortController().signal;
  const answers = await Promise.all(Array.from({ length: 15 }, (_, k) => client.get(`${edgar.url}/item/${k}`, signal)));
  t.equal(answers.length, 15);
  t.equal(
    getEventListeners(signal, 'abort').length,
    1,
    'the waits side by side shared one listener (server/on-abort.ts)',
  );
  t.same(
    warnings.map((w) => w.name),
    [],
  );
});

t.test('a stop still ends a wait at once', async (t) => {
  const client = new EdgarClient('Tapewire Tests tests@example.com', 1);
  const stop = new AbortController();
  const edgar = await startReplay(() => ({ body: '{}' }));
  t.teardown(() => edgar.close());
  await client.get(`${edgar.url}/first`, stop.signal);
  const waiting = client.get(`${edgar.url}/second`, stop.signal);
  const t0 = performance.now();
  stop.abort();
  await t.rejects(waiting, /stopped/);
  t.ok(performance.now() - t0 < 500, 'not after its turn of a second');
});
