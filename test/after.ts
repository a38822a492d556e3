// Run by tap once every test file has ended (.taprc `after`): how many servers the run started.
import { takeTally } from '../harness/server-tally.js';

const tally = takeTally();
const total = Object.values(tally).reduce((a, b) => a + b, 0);
console.log(
  `servers started: ${total} (${tally['demo copy']} on a copy of the demo, ${tally.demo} loading or reopening the demo, ` +
    `${tally['blank copy']} on a copy of a blank database, ${tally['no demo']} on a data directory of their own)`,
);
