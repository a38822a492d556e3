// A WebSocket that stops reading: the others keep their pace, it is closed 1013 "too slow" once it stays backed up,
// and what the server holds for it stays within STREAM_MAX_PENDING_BYTES (uWS's maxBackpressure), beyond which uWS
// cuts it at once.
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import t, { type Test } from 'tap';
import { startServer } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';
import { connect, type SocketClient } from '../../helpers/ws.js';

const MAX_PENDING = 8 << 20;

/**
 * A demo server ticking every 50 ms with no quote cadence: about 1.3 MB/s on every topic, so a reader that stops fills
 * its socket fast. Stopped at the end of `t`.
 */
async function fastServer(t: Test, env: Record<string, string>) {
  const server = await startServer({ env: { TAPEWIRE_DEMO: '1', TICK_MS: '50', STREAM_QUOTE_MS: '0', ...env } });
  t.teardown(() => server.dispose());
  const list = (await (await server.get('/v1/instruments')).json()) as { data: { symbol: string }[] };
  return {
    server,
    url: (topics: string) => `${server.url.replace(/^http/, 'ws')}/v1/ws?topics=${encodeURIComponent(topics)}`,
    every: ['quotes', ...list.data.map((i) => `instrument:${i.symbol}`)].join(','),
  };
}

/** Opens a socket on `url` and stops reading it: the kernel's buffers fill, then the server's backpressure grows. */
async function stalledSocket(t: Test, url: string, requestId: string): Promise<SocketClient & { resume(): void }> {
  const client = connect(url, { requestId });
  t.teardown(() => client.close());
  await client.opened;
  const socket = (client.ws as unknown as { _socket: Socket })._socket;
  socket.pause();
  return Object.assign(client, { resume: () => socket.resume() });
}

t.test('a socket that stops reading does not slow the others, and is closed with the reason', async (t) => {
  const { server, url, every } = await fastServer(t, {
    STREAM_STALL_S: '2',
    STREAM_MAX_PENDING_BYTES: String(MAX_PENDING),
  });
  /** The server process's resident memory, in bytes. */
  const rss = () =>
    Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) * 1024;
  const healthy = connect(url('quotes'));
  t.teardown(() => healthy.close());
  await healthy.opened;
  const before = rss();
  const stalled = await stalledSocket(t, url(every), 'stalled-socket');

  const line = await server.waitForLog((l) => l.reqId === 'stalled-socket' && l.ended !== undefined, 60_000);
  t.equal(line.ended, 'stalled', 'closed for staying backed up');
  t.equal(line.status, 101);
  const grown = rss() - before;
  t.ok(grown < MAX_PENDING + (48 << 20), `the server grew ${Math.round(grown / 2 ** 20)} MiB meanwhile`);
  stalled.resume();
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

t.test('a socket further behind than STREAM_MAX_PENDING_BYTES is cut by uWS at once', async (t) => {
  const { server, url, every } = await fastServer(t, { STREAM_STALL_S: '600', STREAM_MAX_PENDING_BYTES: '65536' });
  const opened = clock.now();
  const stalled = await stalledSocket(t, url(every), 'overflowing-socket');
  const line = await server.waitForLog((l) => l.reqId === 'overflowing-socket' && l.ended !== undefined, 60_000);
  const ms = clock.now() - opened;
  t.ok(ms < 30_000, `cut ${ms} ms after it opened, long before STREAM_STALL_S`);
  // uWS cuts it as a send overflows; the access log can say `overflow` only when the sweep saw it backed up first.
  t.match(line.ended, /^(overflow|client)$/);
  stalled.resume();
  const { code } = await stalled.closed;
  t.equal(code, 1006, 'no close frame: the connection is cut');
});
