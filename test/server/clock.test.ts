// TAPEWIRE_CLOCK moves the whole server as of another day: its answers' "now" and the embedded database's own now()
// (a key's creation time is the database's), by the same offset as this test's clock.
import t from 'tap';
import { createKey, startServer } from '../../harness/server.js';
import { CLOCK_OFFSET_MS, clock } from '../../server/clock.js';

const DAY = 86_400_000;
/** The server's clock ahead of this test's, which may run shifted itself (npm run test:any-day). */
const AHEAD = 400 * DAY - CLOCK_OFFSET_MS;

t.test('a server 400 days ahead: its now and its database’s now', async (t) => {
  const server = await startServer({ env: { TAPEWIRE_CLOCK: '+400d', TAPEWIRE_ANON: '0' } });
  t.teardown(() => server.dispose());
  const key = await createKey(server, 'clock');
  const meta = (await (await server.get('/v1/meta', { key })).json()) as { data: { now: string } };
  const ahead = Date.parse(meta.data.now) - clock.now();
  t.ok(
    Math.abs(ahead - AHEAD) < 60_000,
    `the server's now is 400 days ahead of the real clock (${ahead} ms ahead of the test's)`,
  );
  const [created] = JSON.parse((await server.keys('list', '--json')).stdout) as { createdAt: string }[];
  const dbAhead = Date.parse(created!.createdAt) - clock.now();
  t.ok(Math.abs(dbAhead - AHEAD) < 60_000, `so is the embedded database's now() (${dbAhead} ms)`);
});
