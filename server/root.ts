// The repository's root, wherever this code runs from: the sources (server/), their compiled copies (dist/server/,
// which the tests import) or the bundles the processes run (dist/bundle/): the first folder up holding package.json.
// What the server reads beside its code (sql/, the website's client files, bin/, its threads' entry files) is found
// from it, since a module's own place differs between the three.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder, with a trailing slash as a URL's `../` gave it: callers may append a relative path to it. */
function repositoryRoot(from: string): string {
  for (let dir = dirname(fileURLToPath(from)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, '/');
    if (dirname(dir) === dir) throw new Error(`no package.json in any folder above ${fileURLToPath(from)}`);
  }
}

export const ROOT = repositoryRoot(import.meta.url);
/** Whether the server runs its TypeScript sources (through tsx), not a build of them. */
export const FROM_SOURCES = import.meta.url.endsWith('.ts');
