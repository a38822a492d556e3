// The repository's root: from harness/ as the benchmarks run it through tsx, and from dist/harness/ as the suite runs
// its compiled copy (bin/build.mjs builds the tests with the server, so that no test file pays tsx's loader).
import { fileURLToPath } from 'node:url';

const above = fileURLToPath(new URL('../', import.meta.url));
export const ROOT = above.endsWith('/dist/') ? above.slice(0, -'dist/'.length) : above;
