// Whether dist/ (bin/build.mjs) still matches the sources: a developer who edited a file since the build must not run
// the old code unknowingly. Plain JavaScript, as it runs before anything is compiled or registered.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DIST = join(ROOT, 'dist');
/** Written at the end of a build: a build that failed half way has none. */
export const STAMP = join(DIST, '.built');
/** The code dist/ is compiled from. */
export const CODE_DIRS = ['core', 'server', 'workers'];
/**
 * What the processes run, bundled (bin/build.mjs): each bundle's source entry, by its name in dist/bundle/ (`main.js`
 * the server, `tapewire.js` the command).
 */
export const BUNDLES = { main: 'server/main.ts', tapewire: 'server/cli/tapewire.ts' };
/** The tests, compiled beside the code so that their imports of it resolve within dist/ (test/run.ts runs them). */
export const TEST_DIRS = ['test', 'harness'];
/** What the server runs from dist/: its code, and what it reads at run time (the website's client/ is in server/). */
const SERVED_DIRS = [...CODE_DIRS, 'sql'];

/**
 * Null when dist/ is built from the sources as they are; else why not, in a few words. Of the server's sources alone
 * unless `withTests`: a test edited since the build does not make `tapewire start` run the sources through tsx.
 */
export function staleness(withTests = false) {
  if (!existsSync(STAMP)) return 'dist/ is not built';
  const builtMs = statSync(STAMP).mtimeMs;
  for (const dir of withTests ? [...SERVED_DIRS, ...TEST_DIRS] : SERVED_DIRS) {
    for (const e of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      const file = join(e.parentPath, e.name);
      if (statSync(file).mtimeMs > builtMs) return `${file.slice(ROOT.length)} changed since dist/ was built`;
    }
  }
  return null;
}
