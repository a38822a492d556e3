// Start-up and shutdown: readiness gating, graceful SIGTERM, nothing lost to a crash, one owner per DATA_DIR, clear
// refusals.

import { chmodSync, mkdirSync, rmSync, statSync } from 'node:fs';
import t from 'tap';
import { blankDataDir, createKey, runNode, startServer, tempDataDir } from '../../harness/server.js';

t.test('/ready and /v1 answer 503 with a reason until the database is ready', async (t) => {
  const server = await startServer({ waitReady: false });
  t.teardown(() => server.dispose());
  const ready = await server.get('/ready');
  t.equal(ready.status, 503);
  const body = (await ready.json()) as { error: { code: string; message: string } };
  t.equal(body.error.code, 'unavailable');
  t.match(body.error.message, /Not ready: (opening the database|applying migrations)/);
  const meta = await server.get('/v1/meta');
  t.equal(meta.status, 503);
  t.equal(meta.headers.get('retry-after'), '5');
  await meta.arrayBuffer();
  while ((await server.get('/ready')).status !== 200) await new Promise((r) => setTimeout(r, 100));
  t.equal((await server.get('/v1/meta')).status, 200, 'anonymous development access once ready');
});

t.test('SIGTERM and SIGINT stop the server with exit code 0 within 5 s, keeping data', async (t) => {
  const dataDir = await blankDataDir();
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const server = await startServer({ dataDir });
    const res = await server.get('/v1/meta');
    t.equal(res.status, 200);
    // Exit code 0 is the proof of time: past its 4.5 s deadline the server exits with 1.
    const { code, ms } = await server.stop(signal);
    t.equal(code, 0, `${signal}: exit 0, in ${Math.round(ms)} ms`);
  }
  const again = await startServer({ dataDir });
  t.equal((await again.get('/v1/meta')).status, 200, 'restarts on the same data directory');
  await again.stop();
});

t.test(
  'a crash (SIGKILL) loses nothing committed: the next start takes over the data directory with its keys',
  async (t) => {
    const dataDir = await blankDataDir();
    t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { TAPEWIRE_ANON: '0' };
    const server = await startServer({ dataDir, env });
    const key = await createKey(server, 'survivor');
    t.equal((await server.get('/v1/meta', { key })).status, 200);
    t.equal((await server.stop('SIGKILL')).code, null, 'killed');
    const again = await startServer({ dataDir, env });
    t.teardown(() => again.stop());
    t.equal((await again.get('/v1/meta', { key })).status, 200, 'the key created before the crash still opens /v1');
    t.equal((await again.get('/v1/meta')).status, 401, 'and keys are still required');
  },
);

t.test('a second server beside a running one is refused', async (t) => {
  const first = await startServer();
  t.teardown(() => first.dispose());

  t.test('on the same DATA_DIR', async (t) => {
    const second = await runNode('server/main.ts', [], { DATA_DIR: first.dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    t.equal(second.code, 1);
    t.match(second.stderr, /in use by process \d+/);
  });

  t.test('on the same port, not silently sharing it', async (t) => {
    const dataDir = tempDataDir();
    t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
    const second = await runNode('server/main.ts', [], {
      DATA_DIR: dataDir,
      PORT: String(first.port),
      LOG_LEVEL: 'silent',
    });
    t.equal(second.code, 1);
    t.match(second.stderr, /cannot listen on 127\.0\.0\.1:\d+: the port is in use/);
  });
});

t.test('invalid configuration stops the start with every problem named', async (t) => {
  const dataDir = tempDataDir();
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const res = await runNode('server/main.ts', [], { PORT: 'eighty', LOG_LEVEL: 'chatty', DATA_DIR: dataDir });
  t.equal(res.code, 2);
  t.match(res.stderr, /PORT="eighty"/);
  t.match(res.stderr, /LOG_LEVEL="chatty"/);
  const long = await runNode('server/main.ts', [], { DATA_DIR: `/tmp/${'d'.repeat(100)}` });
  t.equal(long.code, 2);
  t.match(long.stderr, /DATA_DIR .* longer than 89 bytes/);
});

t.test('the slow JavaScript fallback of uWS is refused unless allowed', async (t) => {
  const dataDir = tempDataDir();
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const res = await runNode('server/main.ts', [], {
    UWS_USE_FALLBACK: '1',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
  });
  t.equal(res.code, 1);
  t.match(res.stderr, /No uWebSockets\.js binary loads for Node v[\d.]+ \(ABI \d+\)/);
  t.match(res.stderr, /TAPEWIRE_ALLOW_UWS_FALLBACK=1/);
});

t.test('a DATA_DIR other users can reach is tightened to 0700, with a warning', async (t) => {
  const dataDir = await blankDataDir();
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o777);
  const server = await startServer({ dataDir });
  t.teardown(() => server.dispose());
  const warning = await server.waitForLog((l) => typeof l.msg === 'string' && l.msg.includes('had mode 0777'));
  t.match(warning.msg, /tightened to 0700/);
  t.equal(statSync(dataDir).mode & 0o777, 0o700);
});
