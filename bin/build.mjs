#!/usr/bin/env node
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// `npm run build` (and `prepare`, so `npm ci` builds): the server's TypeScript transpiled file by file into dist/, the
// tree kept, with source maps, so that `npm start` runs plain JavaScript without tsx's loader. esbuild rather than tsc:
// about 2 s on this 2-core machine under load against tsc's 42 s (20 s of CPU), and it comes with tsx, a runtime
// dependency, so it is there without the dev ones; the types are checked by `npm test` (tsc --noEmit). Run-time files the code reads beside itself (sql/,
// the website's client/) are copied, so that dist/ resolves them as the sources do.
import { build } from 'esbuild';
import { CODE_DIRS, DIST, ROOT, STAMP, staleness } from './dist-state.mjs';

/** Every .ts file under `dir`, declarations aside. */
function sources(dir) {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

// --if-stale: what the tests and benchmarks of the compiled server run first, a no-op when dist/ is up to date.
if (process.argv.includes('--if-stale') && staleness() === null) process.exit(0);

const t0 = performance.now();
rmSync(DIST, { recursive: true, force: true });
const entryPoints = CODE_DIRS.flatMap(sources);
await build({
  entryPoints,
  outdir: DIST,
  outbase: ROOT,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // The maps point at the sources beside dist/: a copy of their text would only weigh on every process that loads them.
  sourcesContent: false,
  logLevel: 'warning',
});
cpSync(join(ROOT, 'sql'), join(DIST, 'sql'), { recursive: true });
cpSync(join(ROOT, 'server/web/client'), join(DIST, 'server/web/client'), { recursive: true });
// Written last: its time is what bin/tapewire.mjs compares the sources' against to tell a stale build.
writeFileSync(STAMP, `${entryPoints.length} files\n`);
console.log(`built ${entryPoints.length} files into dist/ in ${Math.round(performance.now() - t0)} ms`);
