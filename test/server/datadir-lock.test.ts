// DATA_DIR's lock between real processes: three racing on a stale lock give exactly one owner every time, a lock file
// naming a live unrelated process does not block, kill -9 frees the lock at once, and the CLIs' direct path and a
// server exclude each other.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import t, { type Test } from 'tap';
import { ROOT, runNode, startServer, tempDataDir } from '../../harness/server.js';
import { lockDataDir } from '../../server/datadir.js';

// Compiled, as the suite runs it (npm test builds first): each of the file's children paid tsx's loader, 1 s of CPU.
const CHILD = join(ROOT, 'dist/test/fixtures/datadir-lock-child.js');
const TRIALS = 20;

interface Child {
  proc: ChildProcess;
  pid: number;
  /** The child's next stdout line (READY, then OWNER or BUSY <message>); '' once it has exited. */
  next(): Promise<string>;
  exited: Promise<void>;
  /** Ends its stdin: an owner releases the lock and exits. */
  done(): Promise<void>;
}

const children = new Set<ChildProcess>();
t.teardown(() => children.forEach((c) => c.kill('SIGKILL')));

function start(dir: string, mode?: 'race' | 'direct'): Child {
  const proc = spawn(process.execPath, [CHILD, dir, ...(mode ? [mode] : [])], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(proc);
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  exited.then(() => children.delete(proc));
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  const lines = createInterface({ input: proc.stdout! });
  lines.on('line', (line) => (waiting.length ? waiting.shift()!(line) : queue.push(line)));
  lines.on('close', () => waiting.splice(0).forEach((w) => w('')));
  return {
    proc,
    pid: proc.pid!,
    next: () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    exited,
    done: () => {
      proc.stdin!.end();
      return exited;
    },
  };
}

/** A child that owns `dir`'s lock (checked). */
async function owner(t: Test, dir: string, mode?: 'direct'): Promise<Child> {
  const c = start(dir, mode);
  t.equal(await c.next(), 'READY');
  t.equal(await c.next(), 'OWNER', 'the lock is free and taken');
  return c;
}

async function killHard(c: Child): Promise<void> {
  c.proc.kill('SIGKILL');
  await c.exited;
}

t.test(`three processes racing on a stale lock: exactly one owner in each of ${TRIALS} trials`, async (t) => {
  // The same three racers in every trial (a node process per racer and trial would be most of the test's time).
  const racers = [0, 1, 2].map(() => start('', 'race'));
  t.teardown(() => Promise.all(racers.map((r) => r.done())));
  for (const r of racers) t.equal(await r.next(), 'READY');
  const owners: number[] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    const dir = tempDataDir();
    // The stale lock: an owner killed with SIGKILL, its lock file left behind.
    const stale = await owner(t, dir);
    await killHard(stale);
    const lockFile = join(dir, 'tapewire.lock');
    t.equal(readFileSync(lockFile, 'utf8').trim(), String(stale.pid), 'the killed owner left its lock file');
    // Every other trial, the file names a live process that is no owner (this test's parent) instead of a dead one.
    if (trial % 2) writeFileSync(lockFile, String(process.ppid));
    for (const r of racers) r.proc.stdin!.write(`go ${dir}\n`);
    const verdicts = await Promise.all(racers.map((r) => r.next()));
    const winners = racers.filter((_, i) => verdicts[i] === 'OWNER');
    owners.push(winners.length);
    t.equal(
      winners.length,
      1,
      `trial ${trial} (lock file naming ${trial % 2 ? 'a live unrelated' : 'a dead'} pid): exactly one owner`,
      { verdicts },
    );
    if (winners.length === 1) {
      const busy = verdicts.filter((v) => v !== 'OWNER');
      t.ok(
        busy.every((v) => v.startsWith('BUSY ') && v.includes(`is in use by process ${winners[0]!.pid};`)),
        'the others are refused, naming the owner',
        { verdicts },
      );
    }
    for (const w of winners) w.proc.stdin!.write('release\n');
    for (const w of winners) t.equal(await w.next(), 'RELEASED');
    rmSync(dir, { recursive: true, force: true });
  }
  t.comment(`owners per trial: ${owners.join(' ')}`);
});

t.test('a lock file naming a live process that owns no lock does not block', async (t) => {
  const dir = tempDataDir();
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'tapewire.lock'), String(process.pid));
  const c = await owner(t, dir);
  t.equal(
    readFileSync(join(dir, 'tapewire.lock'), 'utf8').trim(),
    String(c.pid),
    'the lock file names the new owner, for information',
  );
  await c.done();
  t.notOk(existsSync(join(dir, 'tapewire.lock')), 'and is removed on release');
});

t.test('kill -9 of the owner frees the lock at once', async (t) => {
  const dir = tempDataDir();
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const first = await owner(t, dir);
  const refused = start(dir);
  t.equal(await refused.next(), 'READY');
  t.equal(
    await refused.next(),
    `BUSY DATA_DIR ${dir} is in use by process ${first.pid}; stop it or choose another DATA_DIR`,
  );
  await refused.exited;

  await killHard(first);
  const release = await lockDataDir(dir, t.fail); // no wait, no retry: this throws if the lock outlived its owner
  t.pass('taken as soon as the owner is gone');
  const meanwhile = start(dir);
  t.equal(await meanwhile.next(), 'READY');
  t.match(
    await meanwhile.next(),
    `BUSY DATA_DIR ${dir} is in use by process ${process.pid};`,
    'and held by its new owner',
  );
  release();
  await (await owner(t, dir)).done();
});

t.test("the CLIs' direct path and a server exclude each other", async (t) => {
  const dir = tempDataDir();
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));

  const cli = await owner(t, dir, 'direct');
  const refused = await runNode('server/main.ts', [], {
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    TAPEWIRE_DEMO: '0',
  });
  t.equal(refused.code, 1, 'a server does not start while a CLI holds DATA_DIR');
  t.match(refused.stderr, `DATA_DIR ${dir} is in use by process ${cli.pid}; stop it or choose another DATA_DIR`);
  await cli.done();

  const server = await startServer({ dataDir: dir, env: { TAPEWIRE_ANON: '0' } });
  t.teardown(() => server.stop());
  const direct = start(dir, 'direct');
  t.equal(await direct.next(), 'READY');
  t.equal(
    await direct.next(),
    `BUSY DATA_DIR ${dir} is in use by process ${server.child.pid}; stop it or choose another DATA_DIR`,
  );
  // The keys CLI takes the direct path when it finds no control socket: with it gone, the lock alone keeps it out.
  rmSync(join(dir, 'run', 'control.sock'));
  const keys = await server.keys('list');
  t.equal(keys.code, 1, 'the keys CLI is refused rather than opening the database a second time');
  t.match(keys.stderr, `is in use by process ${server.child.pid}`);
  t.equal((await server.stop()).code, 0);
  t.equal((await server.keys('list')).code, 0, 'and runs once the server is gone');
});

t.test(
  "another user's process squatting the lock's name is passed over, and never named as the owner",
  { skip: process.getuid?.() === 0 ? false : 'needs root, to run the squatter as user nobody' },
  async (t) => {
    const dir = tempDataDir();
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    // The name is secret on disk (DATA_DIR is 0700) but listed in /proc/net/unix while it is bound: learnt there.
    const first = await owner(t, dir);
    const bound = readFileSync('/proc/net/unix', 'utf8')
      .split('\n')
      .map((l) => l.trim().split(/\s+/)[7])
      .filter((p) => p?.startsWith('@tapewire-lock:'));
    const { dev, ino } = statSync(dir, { bigint: true });
    const name = bound
      .find((p) => p!.replace(/@+$/, '').split(':').slice(1, 3).join(':') === `${dev}:${ino}`)!
      .replace(/@+$/, '');
    t.ok(name, 'the owner’s name is listed');
    await first.done();
    const script = `require('net').createServer((s) => s.end('tapewire 1\\n')).listen({ path: '\\0' + process.argv[1] }, () => console.log('BOUND'))`;
    const squatter = spawn(process.execPath, ['-e', script, name.slice(1)], {
      uid: 65534,
      gid: 65534,
      cwd: '/',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(squatter);
    t.teardown(() => squatter.kill('SIGKILL'));
    t.equal(
      (await createInterface({ input: squatter.stdout! })[Symbol.asyncIterator]().next()).value,
      'BOUND',
      'user nobody holds the name',
    );
    const tokenFile = join(dir, 'lock-token');
    const token = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8') : null;
    const next = await owner(t, dir);
    t.not(readFileSync(tokenFile, 'utf8'), token, 'a new name was taken');
    const refused = start(dir);
    t.equal(await refused.next(), 'READY');
    t.equal(
      await refused.next(),
      `BUSY DATA_DIR ${dir} is in use by process ${next.pid}; stop it or choose another DATA_DIR`,
      'the real owner is named, not "process 1"',
    );
    await refused.exited;
    await next.done();
  },
);
