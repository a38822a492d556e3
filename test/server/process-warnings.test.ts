// A test server that prints a process warning fails its test (harness/server.ts, harness/process-warnings.ts), unless
// the test allows that warning: checked with a server made to warn through a preloaded module.
import t from 'tap';
import { processWarnings } from '../../harness/process-warnings.js';
import { startServer } from '../../harness/server.js';

t.test('Node warning lines are told from the rest of stderr', async (t) => {
  const stderr = [
    'loading the demo universe: 52%',
    '(node:123) MaxListenersExceededWarning: Possible EventTarget memory leak detected. 11 abort listeners added to [AbortSignal].',
    '(node:123) [DEP0005] DeprecationWarning: Buffer() is deprecated',
    '(node:123) DeprecationWarning: Calling client.query() when the client is already executing a query is deprecated',
    '(Use `node --trace-warnings ...` to show where the warning was created)',
    'a Warning: in a log message is not one',
  ].join('\n');
  t.same(processWarnings(stderr).length, 3);
  t.same(processWarnings(stderr, /DeprecationWarning/).length, 1, 'allowed ones are left out');
});

// A data: URL preload warns once the server process starts (the demo off: a blank database, started quickly).
const WARNS = {
  NODE_OPTIONS:
    `${process.env.NODE_OPTIONS ?? ''} --import "data:text/javascript,process.emitWarning('made up for the test', 'TestWarning')"`.trim(),
};

t.test('a warning fails the stop, and only once', async (t) => {
  const server = await startServer({ env: WARNS });
  await t.rejects(server.stop(), /process warnings[\s\S]*TestWarning: made up for the test/);
  await t.resolves(server.dispose(), 'the data directory is still removed');
});

t.test('a warning the test allows does not', async (t) => {
  const server = await startServer({ env: WARNS, allowWarnings: /TestWarning/ });
  const { code } = await server.stop();
  t.equal(code, 0);
  await server.dispose();
});
