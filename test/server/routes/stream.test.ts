// GET /v1/stream with a real SSE client on the live demo: topics, message shapes, heartbeat, resume without gaps,
// reset, auth and the per-key stream cap, and the stories the demo's newswire publishes (one a second here).
import t from 'tap';
import { createKey, startServer } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';
import { listen, type Received } from '../../helpers/sse.js';

const server = await startServer({
  env: {
    TAPEWIRE_DEMO: '1',
    TAPEWIRE_ANON: '0',
    STREAM_HEARTBEAT_S: '1',
    STREAM_REPLAY: '64',
    STREAM_MAX_PER_KEY: '3',
    RATE_LIMIT_RPM: '100000',
    DEMO_NEWS_EVERY_S: '1',
  },
});
t.teardown(() => server.dispose());
const key = await createKey(server, 'stream');
const url = (topics: string) => `${server.url}/v1/stream?topics=${encodeURIComponent(topics)}`;

/** Message ids as numbers: strictly increasing within one stream. */
const ids = (messages: Received[]) => messages.map((m) => Number(m.id));
const increasing = (xs: number[]) => xs.every((x, k) => k === 0 || x > xs[k - 1]!);

t.test('topics are validated before the stream opens', async (t) => {
  const problems = async (topics: string | null) => {
    const res = await server.get(topics === null ? '/v1/stream' : `/v1/stream?topics=${encodeURIComponent(topics)}`, {
      key,
    });
    t.equal(res.status, 422, `${topics}: 422`);
    const body = (await res.json()) as { error: { code: string; details: { param: string; message: string }[] } };
    t.equal(body.error.code, 'validation_failed');
    return body.error.details.map((d) => d.message);
  };
  t.match(await problems(null), [/required|topics/]);
  t.match(await problems(','), [/at least one topic/]);
  t.match(await problems('quotes,price'), [/"price": not a topic/]);
  t.match(await problems('instrument:NOPE'), [/"instrument:NOPE": no instrument has this symbol/]);
  t.match(await problems('instrument:'), [/no instrument/]);
  t.match(
    (await problems(Array.from({ length: 51 }, (_, k) => `instrument:x${k}`).join(',')))[0],
    /51 topics; at most 50/,
    'more than 50 topics',
  );
  const head = await server.get('/v1/stream?topics=quotes', { key, method: 'HEAD' });
  t.equal(head.status, 200);
  t.equal(head.headers.get('content-type'), 'text/event-stream');
});

t.test('the stream opens with SSE headers and retry, and sends heartbeats', async (t) => {
  const controller = new AbortController();
  const res = await server.get('/v1/stream?topics=events', { key, signal: controller.signal });
  t.equal(res.status, 200);
  t.equal(res.headers.get('content-type'), 'text/event-stream');
  t.equal(res.headers.get('cache-control'), 'no-cache');
  t.equal(res.headers.get('x-accel-buffering'), 'no');
  t.ok(res.headers.get('x-ratelimit-remaining'), 'rate-limited like every /v1 path');
  const reader = res.body!.getReader();
  let text = '';
  const started = clock.now();
  while (!text.includes(': heartbeat') && clock.now() - started < 5000)
    text += new TextDecoder().decode((await reader.read()).value);
  t.match(text, /^retry: \d+\n\n/, 'retry comes first');
  t.match(text, /: heartbeat\n\n/, 'a heartbeat comment within the interval');
  controller.abort();
});

t.test('quotes: every instrument, the present state first, then each tick', async (t) => {
  const client = listen(url('quotes'), { key });
  t.teardown(() => client.close());
  await client.until((ms) => new Set(ms.map((m) => m.data.symbol)).size >= 30 && ms.length >= 60);
  t.ok(
    client.messages.every((m) => m.event === 'quote'),
    'only quotes on `quotes`',
  );
  for (const m of client.messages) {
    t.same(Object.keys(m.data).sort(), ['changePct', 'price', 'priceLabel', 'priceTs', 'symbol', 'venuesInPool']);
    if (
      typeof m.data.price !== 'number' ||
      typeof m.data.venuesInPool !== 'number' ||
      m.data.priceLabel !== `${m.data.symbol} · 24/7 (venues)`
    ) {
      t.fail(`bad quote ${JSON.stringify(m.data)}`);
    }
  }
  t.ok(increasing(ids(client.messages)), 'ids strictly increase');
  const btc = client.messages.filter((m) => m.data.symbol === 'BTC').at(-1)!;
  const detail = (await (await server.get('/v1/instruments/BTC', { key })).json()) as {
    data: { priceTs: string; price: number };
  };
  t.ok(
    Date.parse(detail.data.priceTs) - Date.parse(btc.data.priceTs as string) <= 2000,
    'the stream is as fresh as the detail',
  );
});

t.test('instrument:<symbol>: its quotes, every venue listing and the open candle, whatever the case', async (t) => {
  const client = listen(url('instrument:eth'), { key });
  t.teardown(() => client.close());
  await client.until((ms) => ms.filter((m) => m.event === 'quote').length >= 2 && ms.some((m) => m.event === 'candle'));
  const detail = (await (await server.get('/v1/instruments/ETH', { key })).json()) as {
    data: { venues: { listingId: number }[] };
  };
  const venues = client.messages.filter((m) => m.event === 'venue');
  t.same(
    [...new Set(venues.map((m) => m.data.listingId))].sort(),
    detail.data.venues.map((v) => v.listingId).sort(),
    'every listing of ETH',
  );
  t.ok(
    client.messages.every((m) => m.data.symbol === 'ETH'),
    'nothing of another instrument',
  );
  t.match(venues[0]!.data, {
    symbol: 'ETH',
    listingId: Number,
    venue: String,
    market: /^(spot|perp)$/,
    inPool: Boolean,
    deviationPct: Number,
  });
  const candle = client.messages.find((m) => m.event === 'candle')!;
  t.match(candle.data, {
    symbol: 'ETH',
    interval: '1m',
    candle: { ts: String, open: Number, high: Number, low: Number, close: Number, volumeUsd: Number },
  });
  t.equal(Date.parse((candle.data.candle as { ts: string }).ts) % 60_000, 0, 'the candle of the current minute');
});

t.test('resume with Last-Event-ID: nothing missed, nothing twice', async (t) => {
  const witness = listen(url('instrument:SOL'), { key });
  t.teardown(() => witness.close());
  const first = listen(url('instrument:SOL'), { key });
  await first.until((ms) => ms.filter((m) => m.event === 'quote').length >= 2);
  first.close();
  const last = first.messages.at(-1)!.id;
  await new Promise((r) => setTimeout(r, 2000));
  const second = listen(url('instrument:SOL'), { key, lastEventId: last });
  t.teardown(() => second.close());
  await second.until((ms) => ms.filter((m) => m.event === 'quote').length >= 3);
  const got = [...ids(first.messages), ...ids(second.messages)];
  t.ok(increasing(got), 'ids strictly increase across the reconnection');
  t.notOk(
    second.messages.some((m) => m.event === 'reset'),
    'no reset: the gap is still held',
  );
  const lastSeen = got.at(-1)!;
  const expected = ids(witness.messages).filter((id) => id > Number(first.messages[0]!.id) && id <= lastSeen);
  t.same(
    got.filter((id) => id > Number(first.messages[0]!.id)),
    expected,
    'exactly what a client that never left saw',
  );
});

t.test('reset when the missed messages are no longer held, or the id was never written', async (t) => {
  const first = listen(url('quotes'), { key });
  await first.until((ms) => ms.length >= 30);
  first.close();
  // 64 messages per topic are held: 30 quotes a second overrun them in under 3 s.
  await new Promise((r) => setTimeout(r, 3500));
  const late = listen(url('quotes'), { key, lastEventId: first.messages.at(-1)!.id });
  t.teardown(() => late.close());
  await late.until((ms) => ms.length >= 31);
  t.equal(late.messages[0]!.event, 'reset');
  t.match(late.messages[0]!.data, {
    reason: 'expired',
    lastEventId: first.messages.at(-1)!.id,
    message: /present state/,
  });
  const state = late.messages.slice(1, 31);
  t.ok(
    state.every((m) => m.event === 'quote'),
    'the present state follows the reset',
  );
  t.equal(new Set(state.map((m) => (m.data as { symbol: string }).symbol)).size, 30, 'a quote of every instrument');
  t.ok(Number(late.messages[0]!.id) > Number(first.messages.at(-1)!.id), 'the reset carries an id to resume from');
  t.ok(increasing(ids(late.messages)));

  const stranger = listen(url('quotes'), { key, lastEventId: '12' });
  t.teardown(() => stranger.close());
  await stranger.until((ms) => ms.length >= 2);
  t.match(stranger.messages[0], { event: 'reset', data: { reason: 'unknown' } });
  t.equal(stranger.messages[1]!.event, 'quote');
  t.ok(increasing(ids(stranger.messages)));
});

t.test('auth and the per-key cap on concurrent streams', async (t) => {
  t.equal((await server.get('/v1/stream?topics=quotes')).status, 401, 'no key');
  const controllers = [1, 2, 3].map(() => new AbortController());
  const open = await Promise.all(
    controllers.map((c) => server.get('/v1/stream?topics=events', { key, signal: c.signal })),
  );
  t.same(
    open.map((r) => r.status),
    [200, 200, 200],
  );
  const over = await server.get('/v1/stream?topics=events', { key });
  t.equal(over.status, 429);
  t.equal(over.headers.get('retry-after'), '10', 'a 429 says when to retry');
  t.match(await over.json(), { error: { code: 'rate_limited', message: /3 open streams/ } });
  const other = await createKey(server, 'other');
  const fine = new AbortController();
  t.equal(
    (await server.get('/v1/stream?topics=events', { key: other, signal: fine.signal })).status,
    200,
    'another key is not affected',
  );
  fine.abort();
  controllers[0]!.abort();
  await server.waitForLog((l) => l.route === '/v1/stream' && l.ended === 'client');
  let status = 0;
  for (let k = 0; k < 50 && status !== 200; k++) {
    const c = new AbortController();
    status = (await server.get('/v1/stream?topics=events', { key, signal: c.signal })).status;
    c.abort();
    if (status !== 200) await new Promise((r) => setTimeout(r, 50));
  }
  t.equal(status, 200, 'a closed stream frees its place');
  controllers.forEach((c) => c.abort());
});

t.test(
  'stories: on `events` in the Event shape, on the topics of their instruments, and at once in /v1/events',
  async (t) => {
    const client = listen(url('events'), { key });
    t.teardown(() => client.close());
    await client.until((ms) => ms.filter((m) => m.event === 'event').length >= 2);
    t.ok(
      client.messages.every((m) => m.event === 'event'),
      'only stories on `events`',
    );
    const story = client.messages[0]!.data as {
      id: number;
      type: string;
      path: string;
      headline: string;
      sourceUrl: string;
      entities: { type: string; key: string }[];
      occurredAt: string;
    };
    t.match(story, {
      type: 'event',
      key: String(story.id),
      path: `/events/${story.id}`,
      kind: String,
      precision: 'minute',
      importance: Number,
      sourceName: String,
    });
    t.ok(new URL(story.sourceUrl).hostname.endsWith('.example'));
    t.ok(clock.now() - Date.parse(story.occurredAt) < 120_000, 'a story of now');
    const listed = (await (await server.get('/v1/events?limit=5', { key })).json()) as { data: { id: number }[] };
    t.ok(
      listed.data.some((e) => e.id === story.id),
      'the list shows it at once',
    );
    const detail = await server.get(`/v1/events/${story.id}`, { key });
    t.equal(detail.status, 200);

    // The newest story, read again from its instrument's topic by resuming from just before it.
    const latest = client.messages.at(-1)!;
    const symbol = (latest.data.entities as { type: string; key: string }[]).find((e) => e.type === 'instrument')!.key;
    const own = listen(url(`instrument:${symbol}`), { key, lastEventId: String(Number(latest.id) - 1) });
    t.teardown(() => own.close());
    await own.until((ms) => ms.some((m) => m.event === 'event' || m.event === 'reset'));
    const first = own.messages.find((m) => m.event === 'event' || m.event === 'reset')!;
    t.equal(first.id, latest.id, `the story is on instrument:${symbol} too`);
    t.same(first.data, latest.data);
  },
);
