#!/usr/bin/env node
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// `npm run build` (and `prepare`, so `npm ci` builds): the server's TypeScript transpiled file by file into dist/,
// with the tests (test/, harness/: the suite runs them compiled, test/run.ts), the tree kept, with source maps, so
// that `npm start` runs plain JavaScript without tsx's loader. The processes (the server, the `tapewire` command) run
// bundles of their own code (dist/bundle/, the packages left to node_modules): Node's loader resolved, read and linked
// the server's 400-odd modules one by one at every start. esbuild rather than tsc: about 2 s on this 2-core machine
// under load against tsc's 42 s (20 s of CPU), and it comes with tsx, a runtime dependency, so it is there without
// the dev ones; the types are checked by `npm test` (tsc --noEmit). What the code reads beside itself (sql/, the
// website's client/) it finds from the repository's root (server/root.ts). A build is made beside dist/ and swapped
// in whole, one build at a time: the suite's files start compiled servers and may ask for a build at once.
import { build } from 'esbuild';
import { BUNDLES, CODE_DIRS, DIST, ROOT, staleness, TEST_DIRS } from './dist-state.mjs';

/** Every .ts file under `dir`, declarations aside. */
function sources(dir) {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

// --if-stale: what the tests and benchmarks of the compiled server run first, a no-op when dist/ is up to date.
const ifStale = process.argv.includes('--if-stale');
if (ifStale && staleness(true) === null) process.exit(0);

const LOCK = `${DIST}.lock`;
/** Holds the build lock, taking over one left by a process that is gone; gives up after a minute. */
async function lock() {
  for (const deadline = performance.now() + 60_000; ; ) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      return;
    } catch {
      const owner = Number(readFileSync(join(LOCK, 'pid'), { encoding: 'utf8', flag: 'a+' }));
      if (owner && !alive(owner)) rmSync(LOCK, { recursive: true, force: true });
      else if (performance.now() > deadline) throw new Error(`${LOCK} is held by process ${owner}`);
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

await lock();
try {
  // Another process may have built while this one waited.
  if (!ifStale || staleness(true) !== null) await compile();
} finally {
  rmSync(LOCK, { recursive: true, force: true });
}

async function compile() {
  const t0 = performance.now();
  const next = `${DIST}.new-${process.pid}`;
  const old = `${DIST}.old-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const entryPoints = [...CODE_DIRS, ...TEST_DIRS].flatMap(sources);
  const common = {
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // The maps point at the sources beside dist/: a copy of their text would only weigh on every process that loads them.
    sourcesContent: false,
    logLevel: 'warning',
  };
  await build({ ...common, entryPoints, outdir: next, outbase: ROOT });
  await build({
    ...common,
    entryPoints: Object.fromEntries(Object.entries(BUNDLES).map(([name, source]) => [name, join(ROOT, source)])),
    outdir: join(next, 'bundle'),
    bundle: true,
    // What each loads later (a command's module, the server's app after its database thread started, MCP at the first
    // call) stays a chunk of its own, loaded then.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
  });
  // Written last: its time is what bin/tapewire.mjs compares the sources' against to tell a stale build.
  writeFileSync(join(next, '.built'), `${entryPoints.length} files\n`);
  rmSync(old, { recursive: true, force: true });
  try {
    renameSync(DIST, old);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
  renameSync(next, DIST);
  rmSync(old, { recursive: true, force: true });
  console.log(`built ${entryPoints.length} files into dist/ in ${Math.round(performance.now() - t0)} ms`);
}
