// The compiled server as `npm start` runs it: bin/tapewire, then bin/tapewire.mjs on dist/. The rest of the suite runs
// dist/bundle/main.js itself, so this is where a thread that still needs tsx, source maps that do not reach the .ts
// lines or a wrapper that drops its malloc settings would show.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { mallocEnv, ROOT, startServer, tempDataDir } from '../../harness/server.js';

// tsx refuses to register when told of a tsconfig that does not exist: a process (or thread) of the compiled server
// that loaded it would fail its start, which makes "no tsx" something a test can see.
const NO_TSX = { TSX_TSCONFIG_PATH: join(ROOT, 'no-such-tsconfig.json') };

t.test('the trap holds: tsx registered under it fails', async (t) => {
  const { status, stderr } = spawnSync(process.execPath, ['--import', 'tsx', '-e', '0'], {
    env: { ...process.env, ...NO_TSX },
    encoding: 'utf8',
  });
  t.not(status, 0);
  t.match(stderr, /Cannot resolve tsconfig/);
});

t.test('serves /ready and /v1/meta from dist/, tsx loaded nowhere', async (t) => {
  const server = await startServer({ built: true, env: NO_TSX });
  t.teardown(() => server.dispose());
  const meta = await server.get('/v1/meta');
  t.equal(meta.status, 200);
  t.ok(((await meta.json()) as { data?: unknown }).data, 'the meta document');
  const { code } = await server.stop();
  t.equal(code, 0, 'stops cleanly');
  t.notMatch(server.stderr, /tsx|tsconfig/, 'neither the stale-build notice nor a thread failing on tsx');
});

t.test('a stack trace names the .ts line it comes from', async (t) => {
  // DATA_DIR under a file: the start fails in server/datadir.ts, and the fatal log line carries the error's stack.
  const file = join(tempDataDir(), 'a-file');
  writeFileSync(file, '');
  const child = spawn(join(ROOT, 'bin/tapewire'), ['start'], {
    cwd: ROOT,
    env: { ...process.env, ...NO_TSX, DATA_DIR: join(file, 'data'), PORT: '0' },
  });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  t.equal(code, 1);
  const fatal = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg?: string; err?: { stack?: string } })
    .find((line) => line.msg === 'cannot start');
  t.match(fatal?.err?.stack, /\/server\/datadir\.ts:\d+:\d+/, 'mapped to the TypeScript source');
  t.notMatch(fatal?.err?.stack, /dist\//, 'no compiled frame left unmapped');
});

t.test(
  "bin/tapewire starts node with its malloc settings, an operator's own winning, through a symlink as npm links it",
  async (t) => {
    // A `node` first on the PATH that prints what it was started with.
    const dir = tempDataDir();
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin/node'), '#!/bin/sh\necho "MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX $*"\n');
    chmodSync(join(dir, 'bin/node'), 0o755);
    symlinkSync(join(ROOT, 'bin/tapewire'), join(dir, 'tapewire'));
    const run = (env: Record<string, string>) =>
      spawnSync(join(dir, 'tapewire'), ['keys', 'list'], {
        env: { ...env, PATH: `${join(dir, 'bin')}:${process.env.PATH}` },
        encoding: 'utf8',
      }).stdout.trim();
    const defaults = mallocEnv();
    t.ok(defaults.MALLOC_ARENA_MAX, 'bin/malloc.env sets the arena count');
    const { MALLOC_ARENA_MAX: _, ...inherited } = process.env as Record<string, string>;
    t.equal(
      run(inherited),
      `MALLOC_ARENA_MAX=${defaults.MALLOC_ARENA_MAX} ${join(ROOT, 'bin/tapewire.mjs')} keys list`,
    );
    t.equal(
      run({ ...inherited, MALLOC_ARENA_MAX: '4' }),
      `MALLOC_ARENA_MAX=4 ${join(ROOT, 'bin/tapewire.mjs')} keys list`,
    );
  },
);
