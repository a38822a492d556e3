// The database queue for client queries: turns taken round robin between callers, a caller's cap and the queue's
// bound answered at once with a 503, and a query whose client left dropped before it runs.

import { getEventListeners } from 'node:events';
import t from 'tap';
import { RetryLaterError } from '../../core/errors.js';
import { type Caller, QueryQueue } from '../../server/db-queue.js';

/** A query that runs until `finish` is called, recording when it started. */
function controlled(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const caller = (owner: string, controller = new AbortController()): Caller & { controller: AbortController } => ({
  owner,
  signal: controller.signal,
  controller,
});
const tick = () => new Promise((r) => setImmediate(r));

t.test('one slot: owners take turns whatever order they queued in', async (t) => {
  const queue = new QueryQueue({ slots: 1, perOwner: 10, maxWaiting: 100 });
  const started: string[] = [];
  const jobs = ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'c1'].map((name) => ({ name, ...controlled(started, name) }));
  const runs = jobs.map((j) => queue.run(caller(j.name[0]!), j.work));
  for (const j of ['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4']) {
    await tick();
    t.equal(started.at(-1), j, `${j} runs next`);
    jobs.find((x) => x.name === j)!.finish();
  }
  t.same(
    await Promise.all(runs),
    jobs.map((j) => j.name),
  );
  t.same(queue.depth, { waiting: 0, running: 0 });
});

t.test('an owner over its cap, and a full queue, are refused at once with Retry-After', async (t) => {
  const queue = new QueryQueue({ slots: 1, perOwner: 3, maxWaiting: 4 });
  const started: string[] = [];
  const held = Array.from({ length: 3 }, (_, i) => controlled(started, `a${i}`));
  const runs = held.map((h) => queue.run(caller('a'), h.work));
  const refused = queue.run(caller('a'), controlled(started, 'a3').work);
  await t.rejects(refused, { code: 'unavailable', message: /at most 3/ });
  await refused.catch((err) => t.ok(err instanceof RetryLaterError && err.retryAfterS >= 1, 'with a Retry-After'));
  const others = ['b', 'c'].map((o) => controlled(started, o));
  const otherRuns = others.map((h, i) => queue.run(caller(['b', 'c'][i]!), h.work));
  t.same(queue.depth, { waiting: 4, running: 1 });
  await t.rejects(queue.run(caller('d'), controlled(started, 'd').work), {
    code: 'unavailable',
    message: /queue is full/,
  });
  for (const h of [...held, ...others]) h.finish();
  await Promise.all([...runs, ...otherRuns]);
  t.notOk(started.includes('a3') || started.includes('d'), 'refused work never ran');
});

t.test("the cap counts requests: one request's queries side by side never refuse one another", async (t) => {
  const queue = new QueryQueue({ slots: 1, perOwner: 2, maxWaiting: 100 });
  const started: string[] = [];
  const brief = caller('a');
  // A kept answer's build runs under a signal of its own, on behalf of the request that asked first.
  const build = { owner: 'a', request: brief, signal: new AbortController().signal };
  const fanOut = Array.from({ length: 12 }, (_, i) => controlled(started, `q${i}`));
  const runs = fanOut.map((q, i) => queue.run(i % 2 ? build : brief, q.work));
  const second = controlled(started, 'second');
  const secondRun = queue.run(caller('a'), second.work);
  await t.rejects(
    queue.run(caller('a'), controlled(started, 'third').work),
    { code: 'unavailable', message: /at most 2/ },
    'a third request is refused',
  );
  for (const q of [...fanOut, second]) {
    await tick();
    q.finish();
  }
  await Promise.all([...runs, secondRun]);
  t.equal(started.length, 13, 'all twelve queries of the first request and the second request ran');
  t.same(queue.depth, { waiting: 0, running: 0 });
  const again = controlled(started, 'again');
  const later = queue.run(caller('a'), again.work);
  again.finish();
  t.equal(await later, 'again', 'the owner is free again once its requests are done');
});

t.test('a query whose client leaves while it waits is dropped and frees its place', async (t) => {
  const queue = new QueryQueue({ slots: 1, perOwner: 2, maxWaiting: 10 });
  const started: string[] = [];
  const first = controlled(started, 'first');
  const running = queue.run(caller('a'), first.work);
  const leaving = caller('a');
  const waiting = queue.run(leaving, controlled(started, 'gone').work);
  leaving.controller.abort();
  await t.rejects(waiting, { name: 'AbortError' });
  t.same(queue.depth, { waiting: 0, running: 1 });
  const next = controlled(started, 'next');
  const after = queue.run(caller('a'), next.work);
  first.finish();
  await running;
  await tick();
  next.finish();
  await after;
  t.same(started, ['first', 'next'], 'the abandoned query never reached the database');
});

t.test('a client gone before its turn comes is not run either', async (t) => {
  const queue = new QueryQueue({ slots: 1, perOwner: 5, maxWaiting: 10 });
  const gone = caller('a');
  gone.controller.abort();
  await t.rejects(
    queue.run(gone, async () => t.fail('ran')),
    { name: 'AbortError' },
  );
  t.same(queue.depth, { waiting: 0, running: 0 });
});

t.test("one request's thirty queries waiting side by side hold one listener on its signal", async (t) => {
  // Each used to add its own: a request fanning out passed Node's 10 (MaxListenersExceededWarning).
  const queue = new QueryQueue({ slots: 1, perOwner: 10, maxWaiting: 100 });
  const request = caller('a');
  const started: string[] = [];
  const jobs = Array.from({ length: 30 }, (_, i) => controlled(started, `q${i}`));
  const runs = jobs.map((j) => queue.run(request, j.work));
  t.equal(getEventListeners(request.signal, 'abort').length, 1);
  jobs.forEach((j) => j.finish());
  await Promise.all(runs);
  t.equal(started.length, 30);
});
