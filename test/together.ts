// Runs the test files named on its command line one after another in this one process, for the suite's runner
// (test/run.ts): files of pure code share tap's one root test, so their counts add up in its closing line, and a
// failure names its file's line in tap's report.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../harness/root.js';

for (const file of process.argv.slice(2)) await import(pathToFileURL(join(ROOT, file)).href);
