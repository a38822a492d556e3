// The tests' own redis-server (harness/redis.ts): it answers the client the broker uses, comes back empty on the same
// address after a restart, and ends with the test process that started it, even one killed with SIGKILL.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import t from 'tap';
import { answersPing, NO_REDIS, startRedis } from '../../../harness/redis.js';
import { ROOT } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';

t.test('a redis-server on a free port, stopped and restarted on it', { skip: NO_REDIS }, async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  t.match(redis.url, /^redis:\/\/127\.0\.0\.1:\d+$/);
  const client = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  t.teardown(() => client.disconnect());
  t.equal(await client.set('k', String(clock.now())), 'OK', 'ioredis talks to it');
  await redis.stop();
  t.notOk(await answersPing(redis.port), 'stopped');
  await redis.restart();
  t.ok(await answersPing(redis.port), 'back on the same port');
  const again = new Redis(redis.url, { maxRetriesPerRequest: 0 });
  t.teardown(() => again.disconnect());
  t.equal(await again.get('k'), null, 'and empty: nothing was kept on disk');
});

t.test(
  'a redis-server ends with the test process that started it, even one killed with SIGKILL',
  { skip: NO_REDIS },
  async (t) => {
    const script =
      `import { startRedis } from ${JSON.stringify(`${ROOT}harness/redis.ts`)};\n` +
      'console.log((await startRedis()).port);\nsetInterval(() => undefined, 1000);\n';
    const starter = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = Number(
      await new Promise<string>((resolve, reject) => {
        createInterface({ input: starter.stdout! }).once('line', resolve);
        starter.once('exit', (code) => reject(new Error(`the starter exited with ${code} before its Redis was up`)));
      }),
    );
    t.ok(await answersPing(port), 'its Redis runs');
    starter.kill('SIGKILL');
    const deadline = clock.now() + 5000;
    while ((await answersPing(port)) && clock.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    t.notOk(await answersPing(port), 'and is gone within 5 s of its starter');
  },
);
