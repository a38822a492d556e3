// The WebSocket fan-out on the hub alone, with sockets and a publish that record: one uWS publish per message per group
// of sockets, the hub's ids, regrouping on subscribe and unsubscribe, the allowance shared with SSE streams, and the
// sweep's lifetime and stall closes.
import { pino } from 'pino';
import t from 'tap';
import type { CloseReason } from '../../../core/stream/close-reasons.js';
import { clock } from '../../../server/clock.js';
import type { Socket } from '../../../server/http/socket.js';
import type { HttpResponse } from '../../../server/http/uws.js';
import type { Outgoing } from '../../../server/ports/broadcast.js';
import { StreamHub } from '../../../server/stream/hub.js';
import type { SocketStream } from '../../../server/stream/socket-stream.js';
import { SocketHub } from '../../../server/stream/sockets.js';

const LIMITS = {
  replay: 16,
  heartbeatMs: 60_000,
  lifetimeMs: 3_600_000,
  stallMs: 30_000,
  maxPendingBytes: 1 << 20,
  perClient: 5,
  retryMs: 3000,
};

interface FakeSocket {
  topics: Set<string>;
  /** Each uWS subscribe (+) and unsubscribe (-), in order. */
  moves: string[];
  sent: Record<string, unknown>[];
  closed: { code: number; reason: string; why: string } | null;
  buffered: number;
}

function setup() {
  const hub = new StreamHub(LIMITS);
  const published: { topic: string; frame: Record<string, unknown> }[] = [];
  const sockets = new SocketHub(
    hub,
    (topic, frame) => {
      published.push({ topic, frame: JSON.parse(Buffer.from(frame).toString()) });
      return true;
    },
    pino({ level: 'silent' }),
    LIMITS,
  );
  t.teardown(() => {
    sockets.close();
    hub.close();
  });
  /** Opens a stream of `client` on `topics` as uWS would, on a socket that records. */
  const open = (client: string, topics: string[], resolve = (names: string[]) => names) => {
    const stream = sockets.stream({ client, topics, lastEventId: null, resolve });
    const fake: FakeSocket = { topics: new Set(), moves: [], sent: [], closed: null, buffered: 0 };
    const ws = {
      subscribe: (name: string) => {
        fake.moves.push(`+${name}`);
        fake.topics.add(name);
      },
      unsubscribe: (name: string) => {
        fake.moves.push(`-${name}`);
        fake.topics.delete(name);
      },
      send: (text: string) => fake.sent.push(JSON.parse(text)),
      cork: (fn: () => void) => fn(),
      getBufferedAmount: () => fake.buffered,
      end: (code: number, reason: string) => {
        fake.closed = { code, reason, why: stream.close(code) };
      },
    } as unknown as Socket;
    stream.open(ws);
    return { stream, fake, ws };
  };
  return { hub, sockets, published, open };
}

const quote = (symbol: string): Outgoing => ({
  event: 'quote',
  key: `quote:${symbol}`,
  topics: ['quotes', `instrument:${symbol}`],
  json: JSON.stringify({ symbol }),
});

t.test('each message is published once per group, with the id the hub gave it', async (t) => {
  const { hub, published, open } = setup();
  const both = open('key:1', ['quotes', 'instrument:BTC']);
  open('key:2', ['instrument:BTC', 'quotes']);
  const eth = open('key:3', ['instrument:ETH']);
  const ids: number[] = [];
  hub.onPublish((batch, firstId) => batch.forEach((_, k) => ids.push(firstId + k)));
  hub.publish([quote('BTC'), quote('ETH')]);
  t.same(
    published.map((p) => [p.topic, p.frame.id, (p.frame.data as { symbol: string }).symbol]),
    [
      ['instrument:BTC,quotes', String(ids[0]), 'BTC'],
      ['instrument:BTC,quotes', String(ids[1]), 'ETH'],
      ['instrument:ETH', String(ids[1]), 'ETH'],
    ],
    'a socket on both topics of a quote is in one group, so it is sent once',
  );
  t.same([...both.fake.topics], ['instrument:BTC,quotes'], 'one uWS topic per socket');
  t.same([...eth.fake.topics], ['instrument:ETH']);
  t.same(published[0]!.frame, { type: 'quote', id: String(ids[0]), data: { symbol: 'BTC' } });
  t.equal(hub.counts.sent, 5, 'copies counted per socket: 2 + 2 + 1');
});

t.test('subscribe and unsubscribe move the socket between groups, joining before leaving', async (t) => {
  const { hub, open } = setup();
  hub.publish([quote('BTC')]);
  const { stream, fake, ws } = open('key:1', []);
  const frame = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
  stream.message(ws, frame('{"op":"subscribe","topics":["quotes"]}'), false);
  t.same(fake.sent[0], { type: 'subscribed', topics: ['quotes'] });
  t.match(fake.sent[1], { type: 'quote', data: { symbol: 'BTC' } }, 'then the present state of the topic');
  stream.message(ws, frame('{"op":"subscribe","topics":["events"]}'), false);
  stream.message(ws, frame('{"op":"unsubscribe","topics":["quotes","events"]}'), false);
  t.same(fake.moves, ['+quotes', '+events,quotes', '-quotes', '-events,quotes']);
  t.same([...fake.topics], [], 'no topic left');
  t.same(fake.sent.at(-1), { type: 'unsubscribed', topics: ['quotes', 'events'] });
});

t.test('sockets and SSE streams of a key end oldest first when its limit is lowered, all when revoked', async (t) => {
  const { hub, open } = setup();
  const res = {
    onWritable: () => undefined,
    cork: (fn: () => void) => fn(),
    write: () => true,
    end: () => undefined,
    close: () => undefined,
  } as unknown as HttpResponse;
  const tick = () => new Promise((r) => setTimeout(r, 5));
  const ended: Record<string, CloseReason[]> = { 'key:1': [], 'key:2': [] };
  const sse = (client: string) => hub.open(res, ['events'], client, null, (reason) => ended[client]!.push(reason));
  sse('key:1');
  await tick();
  const newer = open('key:1', ['events']);
  const older = open('key:2', ['events']);
  await tick();
  sse('key:2');
  t.equal(hub.streams.subscribers, 4, 'sockets counted with SSE streams');
  t.throws(() => hub.admit('key:1', 2), { code: 'rate_limited' }, 'and held against the allowance together');
  t.equal(
    hub.enforce(() => 1),
    2,
  );
  t.same(ended['key:1'], ['limit_lowered'], "key:1's SSE stream, its oldest, ends");
  t.equal(newer.fake.closed, null, 'and its socket stays');
  t.match(older.fake.closed, { code: 1008, reason: /^limit_lowered/, why: 'limit_lowered' }, "key:2's socket ends");
  t.match(older.fake.sent.at(-1), { type: 'closed', data: { reason: 'limit_lowered', message: /1 streams/ } });
  t.same(ended['key:2'], [], 'and its SSE stream stays');
  hub.enforce(() => null);
  t.match(newer.fake.closed, { code: 1008, why: 'revoked' });
  t.same(ended['key:2'], ['revoked']);
  t.equal(hub.counts.ended.revoked, 2);
  t.equal(hub.streams.subscribers, 0);
});

t.test('the sweep closes a socket past its lifetime, and one backed up since STREAM_STALL_S', async (t) => {
  const { open } = setup();
  const check = (s: SocketStream, ms: number) => s.check(clock.now() + ms);
  const old = open('key:1', ['events']);
  check(old.stream, LIMITS.lifetimeMs);
  t.match(old.fake.closed, { code: 1001, reason: /^lifetime/, why: 'lifetime' });

  const slow = open('key:2', ['events']);
  slow.fake.buffered = 4096;
  check(slow.stream, 0);
  check(slow.stream, LIMITS.stallMs - 1000);
  t.equal(slow.fake.closed, null, 'backed up, not yet for long');
  check(slow.stream, LIMITS.stallMs + 1000);
  t.match(slow.fake.closed, { code: 1013, reason: /^too slow/, why: 'stalled' });

  const recovers = open('key:3', ['events']);
  recovers.fake.buffered = 4096;
  check(recovers.stream, 0);
  recovers.fake.buffered = 0;
  check(recovers.stream, LIMITS.stallMs / 2);
  recovers.fake.buffered = 4096;
  check(recovers.stream, LIMITS.stallMs + 1000);
  t.equal(recovers.fake.closed, null, 'a socket that drained starts its count again');
});
