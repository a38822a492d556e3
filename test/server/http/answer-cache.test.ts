// The answer cache: one build per key and data version, also for concurrent askers; failures not kept; LRU bounded.
import t from 'tap';
import { AnswerCache, DataVersion } from '../../../server/http/answer-cache.js';
import { RawJson } from '../../../server/http/router.js';

const serialize = (data: unknown) => new RawJson(Buffer.from(JSON.stringify(data)));
const text = async (p: Promise<RawJson>) => Buffer.from((await p).whole()).toString();

t.test('built once per key and version, rebuilt when the data changes', async (t) => {
  const version = new DataVersion();
  const cache = new AnswerCache(10, () => version.current);
  let builds = 0;
  const build = async () => ({ n: ++builds });
  const [a, b] = await Promise.all([text(cache.answer('k', serialize, build)), text(cache.answer('k', serialize, build))]);
  t.equal(a, '{"n":1}');
  t.equal(b, a, 'a concurrent asker shares the build');
  t.equal(await text(cache.answer('k', serialize, build)), '{"n":1}');
  version.bump();
  t.equal(await text(cache.answer('k', serialize, build)), '{"n":2}', 'a new version rebuilds');
  t.equal(builds, 2);
});

t.test('a failed build is not kept, and the least recently used answer goes first', async (t) => {
  const cache = new AnswerCache(2, () => 0);
  await t.rejects(cache.answer('bad', serialize, async () => Promise.reject(new Error('no'))));
  t.equal(await text(cache.answer('bad', serialize, async () => 'fine')), '"fine"');
  await cache.answer('a', serialize, async () => 'a');
  await cache.answer('bad', serialize, async () => 'again');
  await cache.answer('b', serialize, async () => 'b');
  t.equal(cache.size, 2);
  t.equal(await text(cache.answer('bad', serialize, async () => 'rebuilt')), '"fine"', 'recently used: kept');
  t.equal(await text(cache.answer('a', serialize, async () => 'rebuilt')), '"rebuilt"', 'least recently used: dropped');
});
