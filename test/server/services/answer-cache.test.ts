// Kept answers: one build per key and data version (or the version of that key's data), also for concurrent askers;
// failures not kept; LRU bounded; and the per-tick cache builds once per version.
import t from 'tap';
import { DataVersion } from '../../../server/data-version.js';
import { AnswerCache, PerVersion } from '../../../server/services/kept/answer-cache.js';

t.test('built once per key and version, rebuilt when the data changes', async (t) => {
  const version = new DataVersion();
  const cache = new AnswerCache<string>(10, () => version.current);
  let builds = 0;
  const build = async () => `n=${++builds}`;
  const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
  t.equal(a, 'n=1');
  t.equal(b, a, 'a concurrent asker shares the build');
  t.equal(await cache.get('k', build), 'n=1');
  version.bump();
  t.equal(await cache.get('k', build), 'n=2', 'a new version rebuilds');
  t.equal(builds, 2);
});

t.test('versions per key: a bump naming keys rebuilds only their answers', async (t) => {
  const version = new DataVersion();
  const cache = new AnswerCache<string>(10, (key) => version.of(key));
  let builds = 0;
  const build = async () => `n=${++builds}`;
  t.equal(await cache.get('a', build), 'n=1');
  t.equal(await cache.get('b', build), 'n=2');
  version.bump();
  t.equal(await cache.get('a', build), 'n=1', 'a bump naming no key leaves them');
  version.bump(['b']);
  t.equal(await cache.get('a', build), 'n=1');
  t.equal(await cache.get('b', build), 'n=3', 'the key named is built anew');
  t.equal(version.current, 2);
});

t.test('a failed build is not kept, and the least recently used answer goes first', async (t) => {
  const cache = new AnswerCache<string>(2, () => 0);
  await t.rejects(cache.get('bad', async () => Promise.reject(new Error('no'))));
  t.equal(await cache.get('bad', async () => 'fine'), 'fine');
  await cache.get('a', async () => 'a');
  await cache.get('bad', async () => 'again');
  await cache.get('b', async () => 'b');
  t.equal(cache.size, 2);
  t.equal(await cache.get('bad', async () => 'rebuilt'), 'fine', 'recently used: kept');
  t.equal(await cache.get('a', async () => 'rebuilt'), 'rebuilt', 'least recently used: dropped');
});

t.test('per version: built once per key until the version changes', async (t) => {
  let version = 0;
  const kept = new PerVersion(() => version);
  let builds = 0;
  t.equal(
    kept.get('x', () => ++builds),
    1,
  );
  t.equal(
    kept.get('x', () => ++builds),
    1,
    'the same version: kept',
  );
  t.equal(
    kept.get('y', () => ++builds),
    2,
    'another key: built',
  );
  version++;
  t.equal(
    kept.get('x', () => ++builds),
    3,
    'a new version: rebuilt',
  );
});

t.test('a shared build stops only once every caller waiting for it has left', async (t) => {
  const cache = new AnswerCache<string>(10, () => 0);
  const signals: AbortSignal[] = [];
  const build = (c?: { signal: AbortSignal }) =>
    new Promise<string>((resolve, reject) => {
      signals.push(c?.signal as AbortSignal);
      c?.signal.addEventListener('abort', () => reject(c.signal.reason));
      setTimeout(() => resolve('built'), 50);
    });
  const [one, two] = [new AbortController(), new AbortController()];
  const first = cache.get('k', build, { owner: 'key:1', signal: one.signal });
  const second = cache.get('k', build, { owner: 'key:2', signal: two.signal });
  one.abort();
  t.notOk(signals[0]!.aborted, 'one caller still waits: the build goes on');
  t.equal(await second, 'built');
  await t.resolves(first, 'the leaver is handed the answer too (nobody reads it)');

  const three = new AbortController();
  const alone = cache.get('j', build, { owner: 'key:3', signal: three.signal });
  three.abort();
  t.ok(signals[1]!.aborted, 'its only caller left: the build is stopped');
  await t.rejects(alone, { name: 'AbortError' });
  const fresh = cache.get('j', build, { owner: 'key:4', signal: new AbortController().signal });
  t.equal(signals.length, 3, 'a caller after that starts a new build, never the stopped one');
  t.equal(await fresh, 'built');

  const pinned = cache.get('p', build);
  const four = new AbortController();
  const joined = cache.get('p', build, { owner: 'key:5', signal: four.signal });
  four.abort();
  t.equal(signals[3], undefined, 'a build the service itself asked for has no signal: it is never stopped');
  t.equal(await pinned, 'built');
  t.equal(await joined, 'built');
});
