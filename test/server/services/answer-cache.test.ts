// Kept answers: one build per key and data version (or the version of that key's data), also for concurrent askers;
// failures not kept; LRU bounded, by count and by one budget of bytes across caches; dropped once idle; and the
// per-tick cache builds once per version.
import t from 'tap';
import { DataVersion } from '../../../server/data-version.js';
import { AnswerCache, PerVersion } from '../../../server/services/kept/answer-cache.js';
import { jsonSize, KeptAnswers } from '../../../server/services/kept/kept-answers.js';

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

t.test('one budget of bytes for every cache: the least recently asked answer of any goes first', async (t) => {
  const kept = new KeptAnswers({ budgetBytes: 1000, idleMs: 60_000 });
  const stories = new AnswerCache<string>(100, () => 0, kept);
  const moves = new AnswerCache<string>(100, () => 0, kept);
  const text = (n: number) => 'x'.repeat(n - 2);
  let builds = 0;
  const build = (n: number) => async () => {
    builds++;
    return text(n);
  };
  await stories.get('a', build(400));
  await moves.get('b', build(400));
  t.equal(kept.total, 800, 'counted as their JSON');
  await stories.get('a', build(400));
  await stories.get('c', build(400));
  t.equal(kept.total, 800, 'over the budget: one went');
  t.equal(moves.size, 0, "the other cache's, asked for least recently");
  t.equal(stories.size, 2);
  t.equal(builds, 3);
  await moves.get('big', build(5000));
  t.equal(kept.total, 0, 'an answer larger than the whole budget is handed out, and nothing kept');
  t.equal(await moves.get('big', build(5000)), text(5000));
  t.equal(builds, 5, 'so it is built again');
  await stories.get('d', build(300));
  await stories.get('d', build(300));
  t.equal(builds, 6, 'answers within the budget are kept again');
  t.equal(kept.total, 300);

  const version = new DataVersion();
  const versioned = new AnswerCache<string>(100, () => version.current, kept);
  await versioned.get('v', build(200));
  version.bump();
  await versioned.get('v', build(100));
  t.equal(kept.total, 400, 'an answer built again for new data replaces the old one in the count');
});

t.test('answers nobody asks for during the idle time are dropped, the others kept', async (t) => {
  const kept = new KeptAnswers({ budgetBytes: 1 << 20, idleMs: 60_000 });
  const cache = new AnswerCache<string>(100, () => 0, kept);
  let builds = 0;
  const build = async () => `n=${++builds}`;
  await cache.get('asked', build);
  await cache.get('once', build);
  for (let step = 0; step < 4; step++) {
    kept.sweep();
    await cache.get('asked', build);
  }
  t.equal(cache.size, 2, 'four steps (the idle time): both still kept');
  kept.sweep();
  t.equal(cache.size, 1, 'a fifth: the one not asked for since is dropped');
  t.equal(await cache.get('asked', build), 'n=1', 'the one asked for all along is kept');
  t.equal(kept.total, jsonSize('n=1'));
  for (let step = 0; step < 5; step++) kept.sweep();
  t.equal(cache.size, 0, 'and dropped too once nobody asks');
  t.equal(kept.total, 0, 'the count back to nothing');
  t.equal(await cache.get('asked', build), 'n=3', 'asked again: built again');
});

t.test('an answer is counted at about the size of its JSON', async (t) => {
  const answer = {
    data: [{ id: 1, headline: 'Rates cut', points: ['a', 'b'], at: new Date(0), summary: null, urgent: true }],
    page: { limit: 30, nextOffset: null },
    series: new Float64Array(10),
    byKey: new Map([['k', 'v']]),
  };
  const json = JSON.stringify(answer).length;
  const size = jsonSize(answer);
  t.ok(size > json * 0.8 && size < json * 1.5, `${size} for ${json} bytes of JSON`);
  const deep: Record<string, unknown> = {};
  deep.self = deep;
  t.ok(jsonSize(deep) < 1000, 'a cycle is cut off');
});
