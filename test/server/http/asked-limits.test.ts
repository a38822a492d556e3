// The request pipeline with a rate-limit store that must ask for a key's tokens (a shared one whose lease is spent):
// the answer waits for the verdict, carries its headers, is a 429 when refused, and a client gone meanwhile is only
// logged; anonymous refusals never wait.
import { connect } from 'node:net';
import { Type } from '@sinclair/typebox';
import { pino } from 'pino';
import t from 'tap';
import { HttpFigures } from '../../../core/http-figures.js';
import { generateKey, hashKey, lookupPrefix } from '../../../core/keys.js';
import type { BucketVerdict } from '../../../core/ratelimit.js';
import { KeyIndex } from '../../../server/auth.js';
import { clock } from '../../../server/clock.js';
import { mountRoutes } from '../../../server/http/pipeline.js';
import { type us_listen_socket, uWS } from '../../../server/http/uws.js';
import { Limiter } from '../../../server/limits.js';
import type { RateLimitBucket, RateLimitStore } from '../../../server/ports/index.js';
import { LocalRateLimits } from '../../../server/rate-buckets.js';

/** Key buckets in memory, each verdict given `delayMs` later (an ask of Redis) or at once when `delayMs` is null. */
class AskingStore implements RateLimitStore {
  delayMs: number | null = 20;
  asked = 0;
  private readonly local = new LocalRateLimits(100);
  takeKey(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict | Promise<BucketVerdict> {
    const v = { ...this.local.takeKey(bucket, nowMs, cost) };
    if (this.delayMs === null) return v;
    this.asked++;
    return new Promise((resolve) => setTimeout(() => resolve(v), this.delayMs!));
  }
  takeAnonymous(bucket: RateLimitBucket, nowMs: number, cost: number): BucketVerdict {
    return this.local.takeAnonymous(bucket, nowMs, cost);
  }
  forget(): void {}
}

const key = generateKey();
const keys = new KeyIndex({ keyRpm: 5, anonRpm: 100, anon: false, anonMetrics: false });
keys.load([
  {
    id: 1,
    prefix: lookupPrefix(key),
    hash: hashKey(key),
    name: 'asked',
    account: 'test',
    createdAt: new Date(clock.now()).toISOString(),
    revoked: false,
    rpm: null,
    scopes: ['read'],
    expiresAt: null,
  },
]);
const store = new AskingStore();
const lines: { msg: string; status?: number; route?: string }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
let handled = 0;
const app = uWS.App();
const router = mountRoutes(
  app,
  [
    {
      path: '/v1/thing',
      summary: 'a thing',
      tags: [],
      auth: true,
      response: Type.Object({ n: Type.Number() }),
      handler: () => ({ n: ++handled }),
    },
  ],
  {
    keys,
    limiter: new Limiter(store),
    gate: { notReadyReason: () => null, problem: () => null },
    log,
    figures: new HttpFigures(),
    tickets: { admit: () => ({ principal: keys.byIp('x'), topics: [] }) },
    compressMinBytes: 1024,
    websocket: { idleTimeoutS: 8, maxBackpressure: 1 << 20, maxPayloadLength: 1024 },
  },
);
router.serve({});
const listening = await new Promise<us_listen_socket>((resolve, reject) =>
  app.listen('127.0.0.1', 0, (s) => (s ? resolve(s) : reject(new Error('no port')))),
);
const port = uWS.us_socket_local_port(listening);
t.teardown(() => uWS.us_listen_socket_close(listening));
const url = `http://127.0.0.1:${port}`;
const auth = { authorization: `Bearer ${key}` };

t.test(
  'an asked verdict: the answer waits for it, with its headers, and is a 429 once the bucket is empty',
  async (t) => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${url}/v1/thing`, { headers: auth });
      statuses.push(res.status);
      t.equal(res.headers.get('x-ratelimit-limit'), '5', `answer ${i + 1} carries the headers`);
      if (res.status === 429) {
        t.ok(Number(res.headers.get('retry-after')) >= 1, 'the 429 says when to retry');
        t.equal(((await res.json()) as { error: { code: string } }).error.code, 'rate_limited');
      } else await res.arrayBuffer();
    }
    t.same(statuses, [200, 200, 200, 200, 200, 429]);
    t.equal(store.asked, 6, 'each verdict was asked for');
    const missing = await fetch(`${url}/v1/nothing`, { headers: auth });
    t.equal(missing.status, 429, 'a 404 under /v1 is admitted first, the verdict waited for');
  },
);

t.test('a client gone while its verdict is asked: no answer written, the request logged', async (t) => {
  store.delayMs = 150;
  const logged = lines.length;
  await new Promise<void>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /v1/thing HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`);
      setTimeout(() => socket.destroy(), 20);
    });
    socket.on('close', () => resolve());
  });
  await new Promise((r) => setTimeout(r, 300));
  t.ok(
    lines.slice(logged).some((l) => l.route === '/v1/thing'),
    'the request is in the access log',
  );
  const alive = await fetch(`${url}/v1/thing`, { headers: { authorization: 'Bearer nope' } });
  t.equal(alive.status, 401, 'the server answers on');
});

t.test('an anonymous refusal spends from the IP bucket, which never waits', async (t) => {
  store.delayMs = null;
  keys.load([]);
  const res = await fetch(`${url}/v1/thing`, { headers: auth });
  t.equal(res.status, 401, 'an unknown key is refused');
  t.equal(res.headers.get('x-ratelimit-limit'), '100', 'with the headers of its IP bucket');
});
