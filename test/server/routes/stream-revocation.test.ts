// A key's streams end when the key may no longer hold them: all of them when it is revoked (through the keys CLI: at
// once), the oldest beyond its allowance when its rate limit is lowered (straight in the database: at the next key
// reload). Each ends with a last `closed` event saying why, and the access log says so too. The server runs on an
// external database (PGlite over TCP in this process), so that this test can change a key in the database itself.
import t from 'tap';
import { createKey, startServer } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';
import { startPostgres } from '../../helpers/postgres.js';
import { type Listener, listen } from '../../helpers/sse.js';

/** EventSource's readyState values. */
const OPEN = 1;
const CLOSED = 2;
/**
 * Longer than pg's pool keeps an idle connection (10 s): between two key reloads the server lets its one database
 * connection go, and this test's own update of the database gets its turn.
 */
const KEY_RELOAD_S = 12;

const pg = await startPostgres();
t.teardown(() => pg.stop());
const db = pg.db;

const server = await startServer({
  env: {
    DATABASE_URL: pg.url,
    DB_POOL_SIZE: '1',
    KEY_RELOAD_S: String(KEY_RELOAD_S),
    META_REFRESH_S: '3600',
    STREAM_HEARTBEAT_S: '1',
    STREAM_MAX_PER_KEY: '5',
    // A stream ended by the server is reconnected by EventSource after this: the answer it gets then is checked too.
    STREAM_RETRY_MS: '200',
  },
});
t.teardown(() => server.dispose());

const url = `${server.url}/v1/stream?topics=events`;
const streams: Listener[] = [];
t.teardown(() => streams.forEach((s) => s.close()));

/** Opens a stream and waits until it is open, so that streams opened one after another are in that order on the server. */
async function open(key: string): Promise<Listener> {
  const s = listen(url, { key });
  streams.push(s);
  await s.opened;
  return s;
}

const closedEvent = (s: Listener) => s.messages.find((m) => m.event === 'closed');
const ended = (reason: string) => server.logs.filter((l) => l.route === '/v1/stream' && l.ended === reason);

async function until(test: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = clock.now() + ms;
  while (!test()) {
    if (clock.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

t.test('revoking a key with the keys CLI ends its open streams at once, with a last event saying why', async (t) => {
  const leaked = await createKey(server, 'leaked');
  const other = await createKey(server, 'other');
  const mine = [await open(leaked), await open(leaked), await open(leaked)];
  const bystander = await open(other);

  const revoke = await server.keys('revoke', leaked.slice(0, 12));
  t.equal(revoke.code, 0, revoke.stderr);
  const revokedAt = clock.now();
  // The server answers the CLI once the keys are reloaded and the streams ended: a second is slack for the last bytes.
  await until(() => mine.every(closedEvent), 2000, 'every stream of the revoked key received `closed`');
  for (const s of mine) {
    t.match(closedEvent(s)!.data, { reason: 'revoked', message: /revoked/ }, 'the last event says why');
    t.equal(s.messages.at(-1)!.event, 'closed', 'and is the last one');
  }
  await until(() => ended('revoked').length === 3, 2000, 'three streams logged as ended by revocation');
  t.ok(
    ended('revoked').every((l) => l.status === 200 && !l.aborted),
    'ended cleanly by the server, not cut',
  );
  // EventSource reconnects after `retry:`, and is refused for good: the key is revoked.
  await until(() => mine.every((s) => s.readyState === CLOSED), 5000, 'the reconnections are refused');
  t.ok(clock.now() - revokedAt < 5000);

  t.equal(bystander.readyState, OPEN, "another key's stream stays open");
  t.notOk(closedEvent(bystander));
  t.equal(server.logs.filter((l) => l.route === '/v1/stream' && l.ended).length, 3, 'no other stream ended');
  t.equal(
    (await server.get('/v1/stream?topics=events', { key: leaked, method: 'HEAD' })).status,
    401,
    'the key is refused',
  );
});

t.test('a rate limit lowered below the streams a key holds ends the oldest beyond what it now allows', async (t) => {
  const key = await createKey(server, 'lowered', 1000);
  const { id } = (JSON.parse((await server.keys('list', '--json')).stdout) as { id: number; name: string }[]).find(
    (k) => k.name === 'lowered',
  )!;
  const held: Listener[] = [];
  for (let k = 0; k < 5; k++) held.push(await open(key));

  // Straight in the database, as an operator of an external database may: the server sees it at its next key reload.
  // PGlite serves one connection at a time: the update runs once the server's pool lets its idle connection go.
  const update = db.query('UPDATE api_keys SET rpm = 3 WHERE id = $1', [id]);
  const stuck = new Promise((_, reject) =>
    setTimeout(() => reject(new Error("the server's database connection never went idle")), 60_000).unref(),
  );
  await Promise.race([update, stuck]);
  await until(() => held.filter(closedEvent).length === 2, (KEY_RELOAD_S + 5) * 1000, 'two streams received `closed`');
  t.ok(closedEvent(held[0]!) && closedEvent(held[1]!), 'the two oldest are ended');
  for (const s of held.slice(0, 2)) {
    t.match(closedEvent(s)!.data, { reason: 'limit_lowered', message: /3 requests a minute.*3 streams/ });
  }
  await until(() => ended('limit_lowered').length === 2, 2000, 'two streams logged as ended by the lowered limit');
  // Their reconnections are refused for good: the key holds all it may. (Its bucket now holds 3 requests: these two
  // reconnections and the request below.)
  await until(() => held.slice(0, 2).every((s) => s.readyState === CLOSED), 5000, 'the reconnections are refused');
  t.same(
    held.slice(2).map((s) => s.readyState),
    [OPEN, OPEN, OPEN],
    'the three newest stay open',
  );
  t.notOk(held.slice(2).some(closedEvent));
  const more = await server.get('/v1/stream?topics=events', { key });
  t.equal(more.status, 429, 'a fourth stream is refused');
  t.match(await more.json(), { error: { code: 'rate_limited', message: /3 open streams \(at most 3/ } });
});
