// A crash in the middle of the first demo load: nothing half-loaded is kept, and the next start loads the whole
// universe again, because the load is one transaction.
// The same on any day: a kill in the middle of the load; what the load holds on each day is load.test.ts's.

import { rmSync } from 'node:fs';
import t from 'tap';
import { demoWorld } from '../../../../core/demo/world.js';
import { startServer, tempDataDir } from '../../../../harness/server.js';
import { DEMO_SEED, demoEvents } from '../../../helpers/demo-events.js';

const dataDir = tempDataDir();
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

t.test('killed while loading the demo, the next start loads it whole', async (t) => {
  const first = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1' }, waitReady: false });
  let reason = '';
  while (!/loading the demo universe \(([3-8]\d)%\)/.test(reason)) {
    const ready = await first.get('/ready');
    reason = await ready.text();
    if (ready.status === 200 || first.child.exitCode !== null)
      throw new Error('the load ended before the test could stop it');
    await new Promise((r) => setTimeout(r, 50));
  }
  t.equal((await first.stop('SIGKILL')).code, null, `killed mid-load (${/\((\d+)%\)/.exec(reason)![1]}%)`);

  const server = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1' } });
  t.teardown(() => server.stop());
  t.ok(
    server.logs.some((l) => l.msg === 'demo universe loaded'),
    'loaded again, not taken as already loaded',
  );
  const { data } = (await (await server.get('/v1/meta')).json()) as {
    data: { stats: Record<string, number>; dataset: { loadedAt: string } };
  };
  // Every story of the world and of its filings loaded, once, give or take a routine story since.
  const anchor = Date.parse(data.dataset.loadedAt);
  const events = demoEvents(demoWorld(DEMO_SEED, anchor), anchor).length;
  t.ok(
    data.stats.events! - events >= 0 && data.stats.events! - events <= 2,
    `every story, once (${data.stats.events})`,
  );
  t.equal(data.stats.instruments, 30);
  t.equal(data.stats.listings, 144);
});
