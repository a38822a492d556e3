// The database server goes away and comes back: answers that need it are a 503 with Retry-After meanwhile (never a
// 500), answers from memory go on, the outage is logged once with its duration, /ready says what is wrong, and all
// recovers without a restart. A full disk likewise: writes fail, /ready says so until a write succeeds again.
import t from 'tap';
import { createKey, ROOT, runCli, startServer } from '../../harness/server.js';
import { clock } from '../../server/clock.js';
import { startPostgres } from '../helpers/postgres.js';

const pg = await startPostgres();
t.teardown(() => pg.stop());
// PGlite over TCP serves one connection at a time (as in external-db.test.ts): a second one would wait past the pool's
// connect timeout whenever two queries overlap, as the market load's read-ahead makes them.
const server = await startServer({
  env: { DATABASE_URL: pg.url, DB_POOL_SIZE: '1', META_REFRESH_S: '3600', KEY_RELOAD_S: '3600' },
});
t.teardown(() => server.dispose());
const key = await createKey(server, 'outage');

const since = (n: number) => server.logs.slice(n);

t.test('an outage: 503 with Retry-After while it lasts, logged once, reported by /ready, recovered', async (t) => {
  t.equal((await server.get('/v1/events', { key })).status, 200);
  const before = server.logs.length;
  await pg.pause();

  for (let i = 0; i < 5; i++) {
    const res = await server.get(`/v1/events?q=outage${i}`, { key });
    t.equal(res.status, 503, `request ${i}: 503`);
    t.equal(res.headers.get('retry-after'), '5');
    const body = (await res.json()) as { error: { code: string; message: string } };
    t.equal(body.error.code, 'unavailable');
    t.match(body.error.message, /database is unreachable/);
  }
  const memory = await server.get('/v1/glossary', { key });
  t.equal(memory.status, 200, 'answers from memory are served');
  await memory.arrayBuffer();

  const ready = await server.get('/ready');
  t.equal(ready.status, 503);
  const readyBody = (await ready.json()) as {
    error: { message: string; details: { database: string; since: string } };
  };
  t.match(readyBody.error.message, /^Degraded: the database is unreachable/);
  t.equal(readyBody.error.details.database, 'unreachable');
  t.ok(Date.parse(readyBody.error.details.since) <= clock.now());
  t.notMatch(
    readyBody.error.message,
    /127\.0\.0\.1|ECONNREFUSED/,
    'the public probe does not tell where the database is',
  );

  await server.waitForLog((l) => l.msg === 'request' && l.status === 503 && l.route === '/v1/events');
  t.equal(
    since(before).filter((l) => String(l.msg).startsWith('database unreachable')).length,
    1,
    'the outage is logged once',
  );
  t.notOk(
    since(before).some((l) => l.msg === 'unhandled error' || ((l.level as number) >= 50 && l.msg === 'request')),
    'no 500 and no stack per request',
  );

  await pg.resume();
  let status = 0;
  for (let i = 0; i < 100 && status !== 200; i++) {
    // A new question each time: a kept answer would not ask the database.
    const res = await server.get(`/v1/events?q=back${i}`, { key });
    status = res.status;
    await res.arrayBuffer();
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  t.equal(status, 200, 'served again once the database is back, without a restart');
  t.equal((await server.get('/ready')).status, 200);
  const back = await server.waitForLog((l) => l.msg === 'database reachable again');
  t.type(back.downS, 'number', 'with the outage duration');
});

t.test('a full disk: /ready says writes fail until one succeeds again', async (t) => {
  // The database's own disk_full error, raised where the import writes stories.
  await pg.db.exec(`
    CREATE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'could not extend file "base/5/16384": No space left on device' USING ERRCODE = 'disk_full'; END $$;
    CREATE TRIGGER test_disk_full BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION test_disk_full();`);
  const importFixture = () =>
    runCli('import', ['demo', `${ROOT}test/fixtures/demo/wire.json`], { DATA_DIR: server.dataDir });
  const failed = await importFixture();
  t.not(failed.code, 0, 'the import fails');
  const ready = await server.get('/ready');
  t.equal(ready.status, 503);
  const body = (await ready.json()) as { error: { message: string; details: { database: string } } };
  t.equal(body.error.details.database, 'disk_full');
  t.match(body.error.message, /disk is full/);
  t.ok(await server.waitForLog((l) => l.msg === 'database disk full: writes fail until space is freed'));
  const reading = await server.get('/v1/events', { key });
  t.equal(reading.status, 200, 'reads go on');
  await reading.arrayBuffer();

  await pg.db.exec('DROP TRIGGER test_disk_full ON events; DROP FUNCTION test_disk_full();');
  const done = await importFixture();
  t.equal(done.code, 0, done.stderr);
  t.equal((await server.get('/ready')).status, 200, 'ready again after a write succeeded');
  t.ok(await server.waitForLog((l) => l.msg === 'database takes writes again'));
});
