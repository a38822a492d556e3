// Key changes told across nodes through a real redis-server: a node's change reaches the others well within 2 s, and
// so does one a keys CLI made straight in the database with REDIS_URL set; a node back from a cut reloads, as it may
// have missed one; a CLI that cannot reach Redis says so and still succeeds.
import { rmSync } from 'node:fs';
import { pino } from 'pino';
import t from 'tap';
import { NO_REDIS, startRedis } from '../../../harness/redis.js';
import { blankDataDir, runCli } from '../../../harness/server.js';
import { announceKeyChange, RedisKeyChanges } from '../../../server/broker/key-changes.js';
import { clock } from '../../../server/clock.js';
import { within } from '../../helpers/within.js';

const log = pino({ level: 'silent' });

/** A node's key changes, counting what it is told. */
function node(url: string) {
  const changes = new RedisKeyChanges(url, log);
  const told: number[] = [];
  changes.onChange(() => told.push(clock.now()));
  return { changes, told };
}

t.test('a change on one node reaches the others, not itself', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const [a, b, c] = [node(redis.url), node(redis.url), node(redis.url)];
  t.teardown(() => [a, b, c].forEach((n) => n.changes.close()));
  await within(3000, () => [a, b, c].every((n) => n.changes.connected), 'all connect');
  await new Promise((r) => setTimeout(r, 50));

  a.changes.announce();
  const ms = await within(2000, () => b.told.length === 1 && c.told.length === 1, 'the others are told');
  t.ok(ms < 2000, `told in ${ms} ms`);
  await new Promise((r) => setTimeout(r, 100));
  t.same([a.told.length, b.told.length, c.told.length], [0, 1, 1], 'the announcing node is not told its own change');

  t.equal(await announceKeyChange(redis.url, log), true, 'a CLI tells Redis');
  await within(2000, () => a.told.length === 1 && b.told.length === 2, 'every node hears a CLI');
  t.pass('every node hears a CLI');

  await redis.restart();
  await within(5000, () => a.told.length === 2 && b.told.length === 3, 'each node reloads once back from the cut');
  t.pass('a node back from a cut is told to reload: a change may have been missed');
  b.changes.announce();
  await within(2000, () => a.told.length === 3, 'and changes flow again');
  t.pass('changes flow again after the return');
});

t.test('the keys CLI, straight on the database, tells the nodes through REDIS_URL', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const a = node(redis.url);
  t.teardown(() => a.changes.close());
  await within(3000, () => a.changes.connected, 'connected');
  const dataDir = await blankDataDir();
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, REDIS_URL: redis.url };

  const created = await runCli('keys', ['create', '--name', 'told'], env);
  t.equal(created.code, 0, created.stderr);
  await within(2000, () => a.told.length === 1, 'the node is told of the new key');
  const listed = await runCli('keys', ['list'], env);
  t.equal(listed.code, 0);
  const revoked = await runCli('keys', ['revoke', '1'], env);
  t.equal(revoked.code, 0, revoked.stderr);
  await within(2000, () => a.told.length === 2, 'and of the revocation');
  t.equal(a.told.length, 2, 'a listing changes nothing and tells nobody');

  await redis.stop();
  const away = await runCli('keys', ['create', '--name', 'untold'], env);
  t.equal(away.code, 0, 'the change is made without Redis');
  t.match(away.stderr, /could not be told through REDIS_URL: they apply the change at their next key reload/);
});
