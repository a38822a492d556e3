// TAPEWIRE_ROLE at start: all (the default) runs the ingest and api parts in one process; ingest or api alone needs a
// broker that does not exist yet, and is refused as configuration.
import { rmSync } from 'node:fs';
import t from 'tap';
import { runNode, startServer, tempDataDir } from '../../harness/server.js';

t.test('ingest or api alone is refused with exit code 2, saying it needs REDIS_URL', async (t) => {
  const dataDir = tempDataDir();
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  for (const role of ['ingest', 'api']) {
    const res = await runNode('server/main.ts', [], { TAPEWIRE_ROLE: role, DATA_DIR: dataDir, PORT: '0' });
    t.equal(res.code, 2, `${role}: refused as configuration`);
    t.match(res.stderr, new RegExp(`Invalid configuration:\\n  - TAPEWIRE_ROLE=${role} needs REDIS_URL`));
  }
});

t.test('TAPEWIRE_ROLE=all serves as a plain start does', async (t) => {
  const server = await startServer({ env: { TAPEWIRE_ROLE: 'all' } });
  t.teardown(() => server.dispose());
  t.equal((await server.get('/ready')).status, 200, 'ready');
  t.equal((await server.get('/v1/meta')).status, 200, 'and serving');
  t.equal((await server.get('/v1/instruments')).status, 200);
});
