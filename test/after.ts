// Run by tap once every test file has ended (.taprc `after`): how many servers the run started.
import { takeTally } from '../harness/server-tally.js';

const tally = takeTally();
const total = tally['demo copy'] + tally.demo + tally['no demo'];
console.log(`servers started: ${total} (${tally['demo copy']} on a copy of the demo, ${tally.demo} loading or reopening the demo, ${tally['no demo']} without it)`);
