#!/usr/bin/env node
// The `tapewire` command. It runs the bundle that `npm ci` compiled into dist/ (bin/build.mjs): no TypeScript
// loader in the process or its threads, and source maps so that stack traces name the .ts lines. A developer who
// edited a source since the build wants that edit to run: the sources then run through tsx, with a one-line notice.
import { staleness } from './dist-state.mjs';

const stale = staleness();
if (stale === null) {
  process.setSourceMapsEnabled(true);
  await import('../dist/bundle/tapewire.js');
} else {
  console.error(`tapewire: ${stale}: running the sources through tsx (npm run build compiles them)`);
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/cli/tapewire.ts');
}
