// DATABASE_URL: migrations on a PostgreSQL server (PGlite over TCP stands in), and a clear refusal without TimescaleDB.

import { rmSync } from 'node:fs';
import t from 'tap';
import { createKey, runNode, startServer, tempDataDir } from '../../harness/server.js';
import { startPostgres as postgres } from '../helpers/postgres.js';

t.test('a server without timescaledb is refused with a clear message', async (t) => {
  const pg = await postgres(false);
  t.teardown(() => pg.stop());
  const dataDir = tempDataDir();
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const res = await runNode('server/main.ts', [], {
    DATABASE_URL: pg.url,
    DB_POOL_SIZE: '1',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
  });
  t.equal(res.code, 1);
  t.match(res.stderr, /does not have the timescaledb extension/);
});

t.test('with timescaledb: migrates, serves keys, and never re-applies a migration', async (t) => {
  const pg = await postgres(true);
  t.teardown(() => pg.stop());
  const env = { DATABASE_URL: pg.url, DB_POOL_SIZE: '1' };
  const first = await startServer({ env });
  t.equal((await first.get('/v1/meta')).status, 401, 'anonymous access is off with an external database');
  const key = await createKey(first, 'ext');
  t.equal((await first.get('/v1/meta', { key })).status, 200);
  t.ok(await first.waitForLog((l) => l.msg === 'migration applied'));
  await first.dispose();

  const second = await startServer({ env });
  t.teardown(() => second.dispose());
  t.equal((await second.get('/v1/meta', { key })).status, 200, 'the key lives in the external database');
  await second.waitForLog((l) => l.msg === 'ready');
  t.notOk(
    second.logs.some((l) => l.msg === 'migration applied'),
    'nothing re-applied on restart',
  );
});
