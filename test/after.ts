// Run by the suite's runner (test/run.ts) once every test file has ended: stops the servers the run's files shared
// (harness/shared-server.ts), failing the run on a process warning one printed, and prints how many servers the run
// started.

import { takeTally } from '../harness/server-tally.js';
import { stopSharedServers } from '../harness/shared-server.js';

const warnings = await stopSharedServers();
const tally = takeTally();
const total = tally['demo copy'] + tally.demo + tally['blank copy'] + tally['no demo'];
console.log(
  `servers started: ${total} (${tally['demo copy']} on a copy of the demo, ${tally.demo} loading or reopening the demo, ` +
    `${tally['blank copy']} on a copy of a blank database, ${tally['no demo']} on a data directory of their own); ` +
    `${tally['shared use']} test files served by a server shared with others`,
);
if (warnings.length) {
  console.error(`a shared server printed process warnings:\n${warnings.join('\n')}`);
  process.exitCode = 1;
}
