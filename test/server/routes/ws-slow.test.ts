// A WebSocket that stops reading: the others keep their pace, it is closed 1013 "too slow" once it stays backed up,
// and what the server holds for it stays within STREAM_MAX_PENDING_BYTES (uWS's maxBackpressure).
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import t from 'tap';
import { startServer } from '../../../harness/server.js';
import { connect } from '../../helpers/ws.js';

const MAX_PENDING = 8 << 20;
// Ticks every 50 ms with no quote cadence: about 1.3 MB/s on every topic, so a reader that stops fills its socket fast.
const server = await startServer({
  env: {
    TAPEWIRE_DEMO: '1',
    TICK_MS: '50',
    STREAM_QUOTE_MS: '0',
    STREAM_STALL_S: '2',
    STREAM_MAX_PENDING_BYTES: String(MAX_PENDING),
  },
});
t.teardown(() => server.dispose());
const wsUrl = (topics: string) => `${server.url.replace(/^http/, 'ws')}/v1/ws?topics=${encodeURIComponent(topics)}`;

/** The server process's resident memory, in bytes. */
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) * 1024;

t.test('a socket that stops reading does not slow the others, and is closed with the reason', async (t) => {
  const list = (await (await server.get('/v1/instruments')).json()) as { data: { symbol: string }[] };
  const topics = ['quotes', ...list.data.map((i) => `instrument:${i.symbol}`)].join(',');
  const healthy = connect(wsUrl('quotes'));
  t.teardown(() => healthy.close());
  await healthy.opened;
  const before = rss();

  const stalled = connect(wsUrl(topics), { requestId: 'stalled-socket' });
  t.teardown(() => stalled.close());
  await stalled.opened;
  // The `ws` package's own socket: paused, the kernel's buffers fill and then the server's backpressure grows.
  (stalled.ws as unknown as { _socket: Socket })._socket.pause();

  const line = await server.waitForLog((l) => l.reqId === 'stalled-socket' && l.ended !== undefined, 60_000);
  t.equal(line.ended, 'stalled', 'closed for staying backed up');
  t.equal(line.status, 101);
  const grown = rss() - before;
  t.ok(grown < MAX_PENDING + (48 << 20), `the server grew ${Math.round(grown / 2 ** 20)} MiB meanwhile`);
  (stalled.ws as unknown as { _socket: Socket })._socket.resume();
  const { code, reason } = await stalled.closed;
  t.equal(code, 1013, 'its last frame is the close, once it reads what was held');
  t.match(reason, /^too slow/);
  const metrics = await (await server.get('/metrics')).text();
  t.match(metrics, /^tapewire_stream_closed_total\{reason="stalled"\} 1$/m, '/metrics counts it as a slow client');

  const arrivals = healthy.messages.map((m) => m.at);
  const gaps = arrivals.slice(1).map((at, k) => at - arrivals[k]!);
  t.ok(healthy.messages.length > 500, `the healthy socket kept receiving (${healthy.messages.length} quotes)`);
  // Loose on purpose (tests share a busy machine): what it rules out is the healthy socket waiting on the stalled one.
  t.ok(Math.max(...gaps) < 3000, `with no pause over 3 s (longest ${Math.max(...gaps)} ms)`);
});
