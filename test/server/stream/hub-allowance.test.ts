// The stream allowance of a key (min(STREAM_MAX_PER_KEY, its rpm); none for a key no longer active), applied when a
// stream opens and, through enforce(), when the keys are reloaded: on the hub alone, with responses that record.
import t from 'tap';
import type { CloseReason } from '../../../core/stream/close-reasons.js';
import type { HttpResponse } from '../../../server/http/uws.js';
import { StreamHub, streamAllowance } from '../../../server/stream/hub.js';

interface FakeResponse {
  written: string[];
  end: 'clean' | 'cut' | null;
  /** What write() answers: false is a socket backed up. */
  takes: boolean;
}

function hub(perClient = 5): StreamHub {
  const h = new StreamHub({
    replay: 16,
    heartbeatMs: 60_000,
    lifetimeMs: 3_600_000,
    stallMs: 30_000,
    maxPendingBytes: 1 << 20,
    perClient,
    retryMs: 3000,
  });
  t.teardown(() => h.close());
  return h;
}

function open(h: StreamHub, client: string, ended: [string, CloseReason][] = []): FakeResponse {
  const fake: FakeResponse = { written: [], end: null, takes: true };
  const res = {
    onWritable: () => undefined,
    cork: (fn: () => void) => fn(),
    write: (bytes: string | Buffer) => {
      fake.written.push(String(bytes));
      return fake.takes;
    },
    end: (bytes?: string) => {
      if (bytes) fake.written.push(bytes);
      fake.end = 'clean';
    },
    close: () => void (fake.end = 'cut'),
  } as unknown as HttpResponse;
  h.open(res, ['events'], client, null, (reason) => ended.push([client, reason]));
  return fake;
}

const closedData = (fake: FakeResponse) => {
  const frame = fake.written.find((w) => w.startsWith('event: closed\n'));
  return frame ? (JSON.parse(/^data: (.*)$/m.exec(frame)![1]!) as { reason: string; message: string }) : null;
};

t.test(
  'the allowance: the rpm, at most STREAM_MAX_PER_KEY, none without an active key or with no requests',
  async (t) => {
    t.equal(streamAllowance(600, 20), 20);
    t.equal(streamAllowance(20, 20), 20);
    t.equal(streamAllowance(3, 20), 3);
    t.equal(streamAllowance(1, 20), 1);
    t.equal(streamAllowance(0, 20), 0);
    t.equal(streamAllowance(null, 20), 0);
  },
);

t.test('a stream is admitted only within the allowance', async (t) => {
  const h = hub(5);
  h.admit('key:1', 2);
  open(h, 'key:1');
  open(h, 'key:1');
  t.throws(() => h.admit('key:1', 2), {
    code: 'rate_limited',
    message: /holds 2 open streams \(at most 2, as its rate limit is 2 requests a minute\)/,
  });
  t.doesNotThrow(() => h.admit('key:1', 3), 'a higher rate allows one more');
  t.throws(() => h.admit('key:2', 0), { message: /at most 0/ }, 'an rpm of 0 allows none');
  for (let k = 0; k < 5; k++) open(h, 'key:3');
  t.throws(
    () => h.admit('key:3', 1000),
    { message: /^This key already holds 5 open streams \(at most 5\); close one first$/ },
    'the cap alone',
  );
});

t.test('enforce ends every stream of a key no longer active and the oldest beyond a lowered allowance', async (t) => {
  const h = hub(5);
  const ended: [string, CloseReason][] = [];
  const revoked = [open(h, 'key:1', ended), open(h, 'key:1', ended), open(h, 'key:1', ended)];
  const lowered = [open(h, 'key:2', ended), open(h, 'key:2', ended), open(h, 'key:2', ended), open(h, 'key:2', ended)];
  const steady = [open(h, 'key:3', ended), open(h, 'key:3', ended)];
  const anonymous = open(h, 'ip:127.0.0.1', ended);
  const asked: string[] = [];
  const rpms: Record<string, number> = { 'key:2': 2, 'key:3': 600 };
  t.equal(
    h.enforce((client) => {
      asked.push(client);
      return rpms[client] ?? null;
    }),
    5,
    'five streams ended',
  );
  t.notOk(asked.includes('ip:127.0.0.1'), 'anonymous streams are not a key');

  for (const fake of revoked) {
    t.equal(fake.end, 'clean');
    t.match(closedData(fake), { reason: 'revoked', message: /revoked/ });
    t.ok(fake.written.at(-1)!.startsWith('event: closed\n'), 'the last bytes written');
    t.notMatch(fake.written.at(-1)!, /^id:/m, 'without an id: Last-Event-ID stays at the last message');
  }
  t.same(
    lowered.map((f) => f.end),
    ['clean', 'clean', null, null],
    'the two oldest of the lowered key end',
  );
  t.match(closedData(lowered[0]!), {
    reason: 'limit_lowered',
    message: /now 2 requests a minute, which allows 2 streams/,
  });
  t.same(
    [...steady, anonymous].map((f) => f.end),
    [null, null, null],
    'keys within their allowance and anonymous streams stay',
  );
  t.same(
    ended.map(([, reason]) => reason),
    ['revoked', 'revoked', 'revoked', 'limit_lowered', 'limit_lowered'],
    'each end is told why (the access log says it)',
  );
  t.throws(() => h.admit('key:2', 2), { message: /holds 2 open streams/ }, 'the lowered key is at its allowance');
  t.doesNotThrow(() => h.admit('key:1', 600), 'a revoked key holds nothing any more (authentication refuses it)');
  t.equal(
    h.enforce((client) => rpms[client] ?? null),
    0,
    'nothing more to end',
  );
});

t.test('a stream too far behind to read its last event is cut', async (t) => {
  const h = hub(5);
  const fake = open(h, 'key:1');
  fake.takes = false;
  h.publish([{ event: 'event', key: null, topics: ['events'], json: '{}' }]);
  h.enforce(() => null);
  t.equal(fake.end, 'cut');
  t.equal(closedData(fake), null);
});
