// The change signal across nodes, on a real redis-server: a bump on one node reaches the others within a second,
// named keys and all; `current` stays a read of memory while Redis is away, and the nodes catch up when it returns.
import { Redis } from 'ioredis';
import { pino } from 'pino';
import t from 'tap';
import { NO_REDIS, startRedis } from '../../../harness/redis.js';
import { RedisVersions } from '../../../server/broker/redis-versions.js';
import { clock } from '../../../server/clock.js';
import { within } from '../../helpers/within.js';

/** A node's versions, with what it logged. */
function node(url: string) {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { broker: new RedisVersions(url, log), lines };
}

t.test('a bump on one node is seen by another within a second, with its keys', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const [a, b] = [node(redis.url), node(redis.url)];
  t.teardown(() => [a, b].forEach((n) => n.broker.close()));
  await Promise.all([a.broker.joined, b.broker.joined]);
  const [va, vb] = [a.broker.versions, b.broker.versions];

  const [aBefore, bBefore] = [va.stories.current, vb.stories.current];
  va.stories.bump();
  t.equal(va.stories.current, aBefore + 1, 'the bumping node sees its bump at once');
  const ms = await within(1000, () => vb.stories.current > bBefore, 'the other node sees it');
  t.ok(ms < 1000, `seen by the other node in ${ms} ms`);
  t.equal(vb.stories.current, bBefore + 1, 'once');
  await new Promise((r) => setTimeout(r, 100));
  t.equal(va.stories.current, aBefore + 1, 'and its own message coming back is not a second bump');
  t.equal(vb.macro.current, b.broker.versions.macro.current, 'other datasets unmoved');

  const apple = '0000320193';
  const [appleBefore, otherBefore, secBefore] = [vb.sec.of(apple), vb.sec.of('0000789019'), vb.sec.current];
  va.sec.bump([apple]);
  await within(1000, () => vb.sec.current > secBefore, 'the keyed bump arrives');
  t.ok(vb.sec.of(apple) > appleBefore, 'the named key is bumped on the other node');
  t.equal(vb.sec.of('0000789019'), otherBefore, 'another key is not');

  const macro = va.macro.current;
  vb.macro.bump();
  await within(1000, () => va.macro.current > macro, 'and the other way');
  t.pass('a bump on the second node reaches the first');
});

t.test(
  'Redis away: current is read from memory, bumps apply here, and all catch up when it returns',
  { skip: NO_REDIS },
  async (t) => {
    const redis = await startRedis();
    t.teardown(() => redis.stop());
    const [a, b] = [node(redis.url), node(redis.url)];
    t.teardown(() => [a, b].forEach((n) => n.broker.close()));
    await Promise.all([a.broker.joined, b.broker.joined]);
    const [va, vb] = [a.broker.versions, b.broker.versions];

    await redis.stop();
    await within(2000, () => !a.broker.connected && !b.broker.connected, 'both nodes notice');
    const [odds, key] = [va.odds.current, vb.odds.of('k')];
    const bOdds = vb.odds.current;
    t.doesNotThrow(() => va.odds.bump(['k']), 'a bump while Redis is away does not throw');
    t.equal(va.odds.current, odds + 1, 'and applies on its own node at once');
    const reads = clock.now();
    for (let i = 0; i < 100_000; i++) va.odds.current + vb.odds.current;
    t.ok(clock.now() - reads < 100, 'current is a read of memory: 200,000 reads while Redis is away take under 100 ms');
    t.equal(vb.odds.current, bOdds, 'the other node has not heard of it');

    await redis.restart();
    const back = await within(5000, () => a.broker.connected && b.broker.connected, 'both nodes reconnect');
    t.ok(back < 5000, `both reconnected ${back} ms after Redis returned`);
    await within(2000, () => vb.odds.current > bOdds, 'the bump made while away reaches the other node');
    t.ok(vb.odds.of('k') > key, 'as a change of every key, as its keys were not told');

    const stories = va.stories.current;
    vb.stories.bump();
    const ms = await within(1000, () => va.stories.current > stories, 'a bump after the return');
    t.ok(ms < 1000, `a bump after the return is seen in ${ms} ms`);
    const said = a.lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    t.ok(said.includes('Redis connection lost: reconnecting'), 'the loss was logged');
    t.equal(said.filter((m) => m === 'Redis connected').length, 2, 'and the return');
  },
);

t.test(
  'a node cut off while another bumps learns it missed a change from the counters',
  { skip: NO_REDIS },
  async (t) => {
    const redis = await startRedis();
    t.teardown(() => redis.stop());
    const [a, b] = [node(redis.url), node(redis.url)];
    t.teardown(() => [a, b].forEach((n) => n.broker.close()));
    await Promise.all([a.broker.joined, b.broker.joined]);
    const admin = new Redis(redis.url);
    t.teardown(() => admin.disconnect());
    const [va, vb] = [a.broker.versions, b.broker.versions];
    const [entities, other] = [vb.entities.current, vb.entities.of('other')];

    // B's connection is cut; it reconnects no sooner than 100 ms later, and the bump is published before that.
    const clients = (await admin.client('LIST')) as string;
    const id = new RegExp(`id=(\\d+) .*name=tapewire:versions:${b.broker.node} `).exec(clients)?.[1];
    t.ok(id, "B's connection is named after its node");
    await admin.client('KILL', 'ID', id!);
    va.entities.bump(['one']);
    await within(3000, () => vb.entities.current > entities, 'B catches up once back');
    t.ok(vb.entities.of('other') > other, 'as a change of every key: which keys it missed is not known');
  },
);
