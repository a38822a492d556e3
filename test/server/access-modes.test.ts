// Access modes over real processes: anonymous access on only for a loopback development run (or asked for), refused
// where anyone could reach it, and logged at start.

import { rmSync } from 'node:fs';
import t from 'tap';
import { runNode, startServer, tempDataDir } from '../../harness/server.js';

const accessLine = (l: Record<string, unknown>) => typeof l.msg === 'string' && l.msg.startsWith('access:');

t.test('the embedded default on loopback serves anonymous callers and says so at start', async (t) => {
  const server = await startServer({ env: { NODE_ENV: '' } });
  t.teardown(() => server.dispose());
  const line = await server.waitForLog(accessLine);
  t.equal(line.anonymous, true);
  t.match(line.why, /development run on the embedded database/);
  t.equal((await server.get('/v1/meta')).status, 200);
});

t.test('an anonymous IP has a bucket per surface: the API spent, /mcp and the pages still answer', async (t) => {
  const server = await startServer({ env: { NODE_ENV: '', RATE_LIMIT_ANON_RPM: '3' } });
  t.teardown(() => server.dispose());
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await server.get('/v1/meta')).status);
  t.same(statuses, [200, 200, 200, 429], '/v1 spent its three');
  const ping = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  t.equal(ping.status, 200, '/mcp has its own');
  t.equal(ping.headers.get('x-ratelimit-remaining'), '2');
  const page = await server.get('/');
  t.equal(page.status, 200, 'and so do the pages');
  t.equal(page.headers.get('x-ratelimit-remaining'), '2');
});

t.test('bound to every address, anonymous access is off by default', async (t) => {
  const server = await startServer({ env: { NODE_ENV: '', HOST: '0.0.0.0' } });
  t.teardown(() => server.dispose());
  const line = await server.waitForLog(accessLine);
  t.equal(line.anonymous, false);
  t.match(line.why, /HOST=0\.0\.0\.0 is not a loopback address/);
  const res = await server.get('/v1/meta');
  t.equal(res.status, 401);
  await res.arrayBuffer();
});

t.test('asking for anonymous access where it is refused stops the start with the reason', async (t) => {
  const dataDir = tempDataDir();
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', TAPEWIRE_DEMO: '0' };
  const open = await runNode('server/main.ts', [], {
    ...base,
    NODE_ENV: 'development',
    HOST: '0.0.0.0',
    TAPEWIRE_ANON: '1',
  });
  t.equal(open.code, 2);
  t.match(open.stderr, /TAPEWIRE_ANON=1 is refused with HOST=0\.0\.0\.0.*TAPEWIRE_ANON_PUBLIC=1/s);
  for (const nodeEnv of ['Production', 'production ', 'prod']) {
    const prod = await runNode('server/main.ts', [], { ...base, NODE_ENV: nodeEnv, TAPEWIRE_ANON: '1' });
    t.equal(prod.code, 2, `NODE_ENV=${JSON.stringify(nodeEnv)}`);
    t.match(prod.stderr, /refused when NODE_ENV is production/);
  }
});
