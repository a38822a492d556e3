// A stream ends cleanly at its lifetime cap, and EventSource reconnects by itself.

import { EventSource } from 'eventsource';
import t from 'tap';
import { startServer } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';

const server = await startServer({ env: { TAPEWIRE_DEMO: '0', STREAM_LIFETIME_S: '1', STREAM_RETRY_MS: '100' } });
t.teardown(() => server.dispose());

t.test('the lifetime cap ends a stream cleanly, and the client comes back', async (t) => {
  const es = new EventSource(`${server.url}/v1/stream?topics=events`);
  t.teardown(() => es.close());
  let opened = 0;
  es.addEventListener('open', () => opened++);
  const ended = await server.waitForLog((l) => l.route === '/v1/stream' && l.ended === 'lifetime', 10_000);
  t.equal(ended.status, 200);
  t.notOk(ended.aborted, 'ended by the server, not cut');
  t.ok((ended.ms as number) >= 1000, `after the cap (${ended.ms} ms)`);
  const started = clock.now();
  while (opened < 2 && clock.now() - started < 5000) await new Promise((r) => setTimeout(r, 20));
  t.ok(opened >= 2, 'EventSource reconnected on its own');
});
