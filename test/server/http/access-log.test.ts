// The access log's hand-written line is the one pino writes for the same fields, byte for byte, through the server's
// own logger on stdout (in a child process, as the server logs to its own stdout).

import { spawnSync } from 'node:child_process';
import t from 'tap';
import { ROOT } from '../../../harness/server.js';

// Each request is logged twice with the clocks held still: by logDone (by hand), then by pino with logDone's fields.
const script = `
import { createLogger } from './dist/server/log.js';
import { logDone } from './dist/server/http/respond.js';
import { HttpFigures } from './dist/core/http-figures.js';
Date.now = () => 1764000000123;
performance.now = () => 1000;
const log = createLogger('info');
const requests = [
  ['/v1/meta', 1.234, { requestId: 'abc-1', method: 'get', url: '/v1/meta', status: 200, started: 998.766, waitedMs: 0, aborted: false }],
  ['unmatched', 10, { requestId: 'm1-2z', method: 'head', url: '/x"y\\\\z\\u0001é', status: 404, started: 990, waitedMs: 3.25, aborted: true, ended: 'client left' }],
];
for (const [route, ms, ex] of requests) {
  logDone({ log, figures: new HttpFigures() }, ex, route);
  const fields = { reqId: ex.requestId, method: ex.method, route, url: route === 'unmatched' ? ex.url : undefined, status: ex.status,
    ms, waitedMs: ex.waitedMs || undefined, aborted: ex.aborted || undefined, ended: ex.ended };
  log.info(fields, 'request');
}
log.flush();
`;

t.test('a request line written by hand equals pino writing the same fields', async (t) => {
  // The compiled modules, as the suite runs them (npm test builds first): through tsx the child took 1 s more CPU.
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  t.equal(child.status, 0, child.stderr);
  const lines = child.stdout.trimEnd().split('\n');
  t.equal(lines.length, 4);
  t.equal(lines[0], lines[1], 'a plain 200');
  t.equal(lines[2], lines[3], 'an unmatched URL to escape, a wait, an abort and an end');
  t.match(JSON.parse(lines[0]!), {
    level: 30,
    time: '2025-11-24T16:00:00.123Z',
    service: 'tapewire',
    reqId: 'abc-1',
    ms: 1.234,
    msg: 'request',
  });
  t.match(JSON.parse(lines[2]!), { url: '/x"y\\z\u0001é', waitedMs: 3.25, aborted: true, ended: 'client left' });
});
