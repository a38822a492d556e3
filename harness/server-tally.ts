// A tally of the servers one run of the suite starts, printed at its end (test/after.ts): the suite's time follows
// how many it starts, how many of those load the demo rather than open a copy of one load, and how many test files
// were served by a server shared with others instead of starting their own.
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ServerStart = 'demo copy' | 'demo' | 'blank copy' | 'no demo';
/** What a run counts: its servers' starts, and the test files served by a server shared with others. */
export type Tallied = ServerStart | 'shared use';

const RUN_TALLY = 'TAPEWIRE_SERVER_TALLY';

/** One file per run, named by the tap process whose children the run's test files and closing script are. */
const runFile = () => join(tmpdir(), `tapewire-servers-${process.ppid}.tally`);

// A test file (tap sets TAP=1) names its run's file in the environment, so that a process it starts counts there too.
if (process.env.TAP === '1') process.env[RUN_TALLY] ??= runFile();

/** Counts a start (or a shared server's use) in a run of the suite; a bench's starts are not counted. */
export function tallyStart(kind: Tallied): void {
  const file = process.env[RUN_TALLY];
  if (file) appendFileSync(file, `${kind}\n`);
}

/** The run's starts by kind, read once by the run's closing script: the file is removed. */
export function takeTally(): Record<Tallied, number> {
  const counts: Record<Tallied, number> = { 'demo copy': 0, demo: 0, 'blank copy': 0, 'no demo': 0, 'shared use': 0 };
  let text = '';
  try {
    text = readFileSync(runFile(), 'utf8');
  } catch {
    return counts;
  }
  rmSync(runFile(), { force: true });
  for (const line of text.split('\n')) if (line in counts) counts[line as Tallied]++;
  return counts;
}
