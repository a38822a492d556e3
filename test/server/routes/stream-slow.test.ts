// A subscriber that stops reading its socket: the others keep their pace, and it is closed once it stays backed up
// (and counted so in /metrics).
// The same on any day: a stalled reader's socket; the demo is only the stream's source.

import { connect } from 'node:net';
import t from 'tap';
import { startServer } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';
import { listen } from '../../helpers/sse.js';

// Ticks every 50 ms with no quote cadence: about 1.3 MB/s on every topic, so a reader that stops fills its socket fast.
const server = await startServer({
  env: { TAPEWIRE_DEMO: '1', TICK_MS: '50', STREAM_QUOTE_MS: '0', STREAM_STALL_S: '2' },
});
t.teardown(() => server.dispose());

t.test('a stalled reader does not slow the others and gets closed', async (t) => {
  const list = (await (await server.get('/v1/instruments')).json()) as { data: { symbol: string }[] };
  const topics = ['quotes', ...list.data.map((i) => `instrument:${i.symbol}`)].join(',');
  const healthy = listen(`${server.url}/v1/stream?topics=quotes`);
  t.teardown(() => healthy.close());

  const stalled = connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => stalled.once('connect', () => resolve()));
  stalled.write(
    `GET /v1/stream?topics=${encodeURIComponent(topics)} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: stalled-reader\r\n\r\n`,
  );
  stalled.pause();
  let closed = false;
  stalled.on('close', () => (closed = true));
  t.teardown(() => stalled.destroy());

  const line = await server.waitForLog((l) => l.reqId === 'stalled-reader' && l.ended !== undefined, 60_000);
  t.equal(line.ended, 'stalled', 'closed for staying backed up');
  t.equal(line.status, 200);
  stalled.resume();
  const started = clock.now();
  while (!closed && clock.now() - started < 5000) await new Promise((r) => setTimeout(r, 50));
  t.ok(closed, 'its connection is gone');
  const metrics = await (await server.get('/metrics')).text();
  t.match(
    metrics,
    /^tapewire_stream_closed_total\{reason="stalled"\} 1$/m,
    '/metrics counts it as a slow client cut off',
  );

  const arrivals = healthy.messages.map((m) => m.at);
  const gaps = arrivals.slice(1).map((at, k) => at - arrivals[k]!);
  t.ok(healthy.messages.length > 500, `the healthy reader kept receiving (${healthy.messages.length} quotes)`);
  // Loose on purpose (tests share a busy machine): what it rules out is the healthy reader waiting on the stalled one.
  t.ok(Math.max(...gaps) < 3000, `with no pause over 3 s (longest ${Math.max(...gaps)} ms)`);
  const health = await server.get('/v1/instruments/BTC');
  t.equal(health.status, 200, 'and the server answers as before');
});
