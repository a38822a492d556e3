// GET /v1/ws with a real WebSocket client on the live demo, beside SSE on the same server: the same messages and ids,
// subscribe and unsubscribe frames, resume without gaps, tickets, error frames, the shared stream cap, and revocation.
import t, { type Test } from 'tap';
import { createKey, startServer } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';
import { listen, type Received } from '../../helpers/sse.js';
import { connect, type Frame, Refused, type SocketClient } from '../../helpers/ws.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const server = await startServer({
  env: {
    TAPEWIRE_DEMO: '1',
    TAPEWIRE_ANON: '0',
    STREAM_TICKET_SECRET: SECRET,
    STREAM_HEARTBEAT_S: '1',
    STREAM_MAX_PER_KEY: '6',
    RATE_LIMIT_RPM: '100000',
  },
});
t.teardown(() => server.dispose());
const key = await createKey(server, 'ws');
const wsUrl = (query = '') => `${server.url.replace(/^http/, 'ws')}/v1/ws${query}`;
const sseUrl = (topics: string) => `${server.url}/v1/stream?topics=${encodeURIComponent(topics)}`;

/** A socket with `key`, open and recorded until the end of test `t`. */
async function socket(t: Test, query = '', k: string | null = key): Promise<SocketClient> {
  const client = connect(wsUrl(query), k ? { key: k } : {});
  t.teardown(async () => {
    client.close();
    await client.closed;
  });
  await client.opened;
  return client;
}
const ids = (ms: { id?: string }[]) => ms.map((m) => Number(m.id));
const increasing = (xs: number[]) => xs.every((x, k) => k === 0 || x > xs[k - 1]!);
const quotes = (fs: Frame[]) => fs.filter((f) => f.type === 'quote');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The ids of `ms` from `lo` to `hi`, both included. */
const within = (ms: { id?: string }[], lo: number, hi: number) => ids(ms).filter((id) => id >= lo && id <= hi);

/** The status of an upgrade the server refuses. */
async function refused(query: string, k: string | null = key): Promise<Refused> {
  const client = connect(wsUrl(query), k ? { key: k } : {});
  const err = await client.opened.then(
    () => new Error('opened'),
    (e: unknown) => e,
  );
  client.close();
  if (!(err instanceof Refused)) throw err;
  return err;
}

t.test('the upgrade is admitted as any /v1 request: key, topics, and only as a WebSocket', async (t) => {
  t.equal((await refused('?topics=quotes', null)).status, 401, 'no key');
  const bad = await refused('?topics=quotes,price');
  t.equal(bad.status, 422, 'a bad topic before the upgrade');
  t.match(JSON.parse(bad.body), {
    error: { code: 'validation_failed', details: [{ message: /"price": not a topic/ }] },
  });
  const plain = await server.get('/v1/ws?topics=quotes', { key });
  t.equal(plain.status, 400, 'a plain GET is not a WebSocket');
  t.match(await plain.json(), { error: { code: 'bad_request', message: /WebSocket upgrade/ } });
});

t.test('subscribe: quotes with the ids and data of the SSE stream on the same server', async (t) => {
  const sse = listen(sseUrl('quotes'), { key });
  t.teardown(() => sse.close());
  const ws = await socket(t);
  ws.send({ op: 'subscribe', topics: ['QUOTES'] });
  await ws.until((fs) => quotes(fs).length >= 90);
  await sse.until((ms) => ms.length >= 90);
  t.same(ws.frames[0], { type: 'subscribed', topics: ['quotes'], at: ws.frames[0]!.at }, 'acknowledged first');
  t.ok(
    quotes(ws.frames).every((f) => /^\d+$/.test(f.id!)),
    'ids are decimal strings, as SSE ids',
  );
  t.ok(increasing(ids(ws.messages)), 'ids strictly increase');
  const lo = Math.max(Number(ws.messages[0]!.id), Number(sse.messages[0]!.id));
  const hi = Math.min(Number(ws.messages.at(-1)!.id), Number(sse.messages.at(-1)!.id));
  t.ok(hi - lo > 0, 'the two streams overlap');
  t.same(within(ws.messages, lo, hi), within(sse.messages, lo, hi), 'the same messages by id, none missed or added');
  const byId = new Map(sse.messages.map((m: Received) => [m.id, m]));
  for (const f of ws.messages.filter((m) => Number(m.id) >= lo && Number(m.id) <= hi)) {
    const m = byId.get(f.id!)!;
    if (m.event !== f.type || JSON.stringify(m.data) !== JSON.stringify(f.data)) t.fail(`message ${f.id} differs`);
  }
});

t.test('unsubscribe: no message of a topic after its ack; the other topics go on', async (t) => {
  const ws = await socket(t, '?topics=quotes,instrument:ETH');
  await ws.until((fs) => new Set(quotes(fs).map((f) => f.data!.symbol)).size >= 30);
  ws.send({ op: 'unsubscribe', topics: ['quotes'] });
  await ws.until((fs) => fs.some((f) => f.type === 'unsubscribed'));
  const ack = ws.frames.findIndex((f) => f.type === 'unsubscribed');
  t.same(ws.frames[ack]!.topics, ['quotes']);
  await sleep(2500);
  const after = ws.frames.slice(ack + 1);
  t.ok(
    after.some((f) => f.type === 'quote'),
    "ETH's quotes still come on its topic",
  );
  t.ok(
    after.every((f) => f.data?.symbol === 'ETH'),
    'nothing of another instrument after the ack',
  );
});

t.test('resume from an id: no gap and no duplicate, by query or by a subscribe frame', async (t) => {
  const witness = listen(sseUrl('instrument:SOL'), { key });
  t.teardown(() => witness.close());
  await witness.opened;
  const first = await socket(t, '?topics=instrument:SOL');
  await first.until((fs) => quotes(fs).length >= 2);
  first.close();
  const last = first.messages.at(-1)!.id!;
  await sleep(2000);
  const byQuery = await socket(t, `?topics=instrument:SOL&lastEventId=${last}`);
  const byFrame = await socket(t);
  byFrame.send({ op: 'subscribe', topics: ['instrument:sol'], from: last });
  for (const resumed of [byQuery, byFrame]) {
    await resumed.until((fs) => quotes(fs).length >= 3);
    t.notOk(
      resumed.frames.some((f) => f.type === 'reset'),
      'no reset: the gap is still held',
    );
    const got = [...ids(first.messages), ...ids(resumed.messages)];
    t.ok(increasing(got), 'ids strictly increase across the reconnection: nothing twice');
    const lo = got[0]!;
    const hi = got.at(-1)!;
    await witness.until((ms) => Number(ms.at(-1)!.id) >= hi);
    t.same(got, within(witness.messages, lo, hi), 'every message the SSE witness got meanwhile: nothing missed');
  }
  const unknown = await socket(t, '?topics=instrument:SOL&lastEventId=12');
  await unknown.until((fs) => fs.some((f) => f.type === 'reset'));
  t.match(unknown.frames.find((f) => f.type === 'reset')!.data, { reason: 'unknown', lastEventId: '12' });
});

t.test('a stream ticket opens the socket without the key, on its topics only', async (t) => {
  const res = await server.get('/v1/stream/ticket?topics=quotes', { key });
  const { ticket } = ((await res.json()) as { data: { ticket: string } }).data;
  const ws = await socket(t, `?topics=quotes&ticket=${encodeURIComponent(ticket)}`, null);
  await ws.until((fs) => quotes(fs).length >= 30);
  ws.send({ op: 'subscribe', topics: ['events'] });
  await ws.until((fs) => fs.some((f) => f.error));
  t.match(ws.frames.find((f) => f.error)!.error, { code: 'unauthorized', message: /does not grant events/ });
  const seen = quotes(ws.frames).length;
  await ws.until((fs) => quotes(fs).length > seen);
  t.pass('the socket stays open and its quotes go on');
  t.equal((await refused(`?topics=events&ticket=${encodeURIComponent(ticket)}`, null)).status, 401, 'other topics');
  t.equal((await refused('?ticket=t1.forged.ticket', null)).status, 401, 'a forged ticket');
});

t.test('a bad frame gets an error frame in the API error shape, and the socket stays open', async (t) => {
  const ws = await socket(t);
  const answers = async (frame: string) => {
    const before = ws.frames.length;
    ws.ws.send(frame);
    await ws.until((fs) => fs.length > before);
    return ws.frames[before]!;
  };
  t.match(await answers('{"op":"dance","topics":["quotes"]}'), {
    error: { code: 'bad_request', message: /"op" must be "subscribe" or "unsubscribe"/ },
  });
  t.match(await answers('not json'), { error: { code: 'bad_request', message: /JSON/ } });
  t.match(await answers('{"op":"subscribe","topics":[]}'), { error: { code: 'bad_request', message: /topics/ } });
  t.match(await answers('{"op":"subscribe","topics":["instrument:NOPE"]}'), {
    error: { code: 'validation_failed', details: [{ param: 'topics', message: /no instrument has this symbol/ }] },
  });
  t.same(Object.keys((await answers('"x"')).error!).sort(), ['code', 'message'], '{error: {code, message}}');
  t.match(await answers('{"op":"subscribe","topics":["events"]}'), { type: 'subscribed', topics: ['events'] });
});

t.test('frames beyond a burst of 20 are refused, not read, and one a second is read again', async (t) => {
  const ws = await socket(t);
  const before = ws.frames.length;
  // Unsubscribing from a topic it does not hold costs the server nothing but the frame: only the bound answers no.
  for (let k = 0; k < 25; k++) ws.ws.send('{"op":"unsubscribe","topics":["events"]}');
  await ws.until((fs) => fs.length >= before + 25);
  const answers = ws.frames.slice(before, before + 25);
  const refused = answers.filter((f) => f.error?.code === 'rate_limited');
  t.equal(answers.filter((f) => f.type === 'unsubscribed').length, 20, 'the burst is read');
  t.ok(refused.length >= 4 && refused.length <= 5, `the rest refused (${refused.length}; a second may refill one)`);
  t.match(refused[0], { error: { code: 'rate_limited', message: /at most 20 frames at once/ } });
  await sleep(1100);
  const after = ws.frames.length;
  ws.ws.send('{"op":"subscribe","topics":["events"]}');
  await ws.until((fs) => fs.length > after);
  t.match(ws.frames[after], { type: 'subscribed', topics: ['events'] }, 'the socket stayed open and reads again');
});

t.test('sockets and SSE streams share the per-key cap', async (t) => {
  const capped = await createKey(server, 'capped');
  const sse = listen(sseUrl('events'), { key: capped });
  t.teardown(() => sse.close());
  await sse.opened;
  for (let k = 0; k < 5; k++) await socket(t, k % 2 ? '' : '?topics=events', capped);
  const over = await refused('?topics=events', capped);
  t.equal(over.status, 429, 'a seventh stream of the key is refused');
  t.match(JSON.parse(over.body), { error: { code: 'rate_limited', message: /6 open streams/ } });
});

t.test('revoking a key closes its sockets at once, with a last frame saying why', async (t) => {
  const leaked = await createKey(server, 'leaked');
  const mine = [await socket(t, '?topics=quotes', leaked), await socket(t, '', leaked)];
  const bystander = await socket(t, '?topics=quotes');
  const revoke = await server.keys('revoke', leaked.slice(0, 12));
  t.equal(revoke.code, 0, revoke.stderr);
  const revokedAt = clock.now();
  for (const s of mine) {
    const { code, reason } = await s.closed;
    t.equal(code, 1008, 'closed as a policy violation');
    t.match(reason, /^revoked/);
    t.match(s.frames.at(-1), { type: 'closed', data: { reason: 'revoked', message: /revoked/ } }, 'the last frame');
  }
  t.ok(clock.now() - revokedAt < 2000, `within ${clock.now() - revokedAt} ms`);
  const ended = await server.waitForLog((l) => l.route === '/v1/ws' && l.ended === 'revoked');
  t.equal(ended.status, 101, 'the access log tells the upgrade and why it ended');
  const seen = quotes(bystander.frames).length;
  await bystander.until((fs) => quotes(fs).length > seen);
  t.pass("another key's socket goes on");
  t.equal((await refused('?topics=quotes', leaked)).status, 401, 'the key is refused');
});
