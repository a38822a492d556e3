// Key revocation across two api parts joined by a real redis-server: a key revoked through one node's control socket
// (its changeKeys) is reloaded by the other within 2 s, which ends that key's stream with a `closed` event and refuses
// the key from then on; each node's periodic reload is left far away (KEY_RELOAD_S 3600), so only the signal can do it.
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import t from 'tap';
import { HttpFigures } from '../../../core/http-figures.js';
import { hashKey, lookupPrefix } from '../../../core/keys.js';
import { NO_REDIS, startRedis } from '../../../harness/redis.js';
import type { KeyRecord } from '../../../server/auth.js';
import { ApiNodeBroker } from '../../../server/broker/api-node.js';
import { clock } from '../../../server/clock.js';
import { loadConfig } from '../../../server/config.js';
import { DatabaseHealth } from '../../../server/db-health.js';
import { Lifetime } from '../../../server/lifetime.js';
import { Readiness } from '../../../server/readiness.js';
import { ApiRole } from '../../../server/roles/api.js';
import type { Services } from '../../../server/services/index.js';
import { StreamHub } from '../../../server/stream/hub.js';
import { within } from '../../helpers/within.js';

const log = pino({ level: 'silent' });
const KEY = `live_${'a'.repeat(40)}`;

/** The keys table both nodes read, as the shared database holds it. */
const records: KeyRecord[] = [
  {
    id: 1,
    prefix: lookupPrefix(KEY),
    hash: hashKey(KEY),
    name: 'doomed',
    account: 'test',
    createdAt: new Date(clock.now()).toISOString(),
    revoked: false,
    rpm: null,
    scopes: ['read'],
    expiresAt: null,
  },
];
const services = { keys: { list: async () => records.map((r) => ({ ...r })) } } as unknown as Services;

t.test('a key revoked on one node ends its streams on the other within 2 s', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const config = loadConfig({ ...process.env, KEY_RELOAD_S: '3600', PORT: '0', REDIS_URL: redis.url });
  const node = async () => {
    const life = new Lifetime();
    const hub = new StreamHub(config.stream);
    const readiness = new Readiness('starting', new DatabaseHealth(log));
    // Wired as the api role is: the broker's buckets, stream counts and key changes.
    const broker = new ApiNodeBroker(redis.url, log, { node: randomUUID(), maxRateClients: 1000 });
    hub.shareCounts(broker.streamCounts);
    for (const part of broker.parts) readiness.watchBroker(part);
    const figures = new HttpFigures();
    const api = new ApiRole(config, log, {
      readiness,
      startedAt: clock.now(),
      figures,
      hub,
      buckets: broker.rateLimits,
    });
    t.teardown(async () => {
      broker.close();
      hub.close();
      await life.close();
    });
    await within(3000, () => broker.keyChanges.connected && readiness.problem() === null, 'connected');
    const changeKeys = await api.watchKeys(services, hub, life, broker.keyChanges);
    return { api, hub, changeKeys };
  };
  const [a, b] = [await node(), await node()];
  t.equal(b.api.keys.keyPrincipal('key:1')?.client, 'key:1', 'both nodes know the key');
  const ends: string[] = [];
  b.hub.track({ client: 'key:1', opened: clock.now(), end: (reason) => void ends.push(reason) });

  const t0 = clock.now();
  await a.changeKeys(async () => {
    records[0]!.revoked = true;
  });
  const ms = await within(2000, () => ends.length === 1, "B ends the revoked key's stream");
  t.ok(ms < 2000, `B ended it ${clock.now() - t0} ms after the revocation on A`);
  t.same(ends, ['revoked']);
  t.equal(b.api.keys.keyPrincipal('key:1'), null, 'and refuses the key from then on');
});
