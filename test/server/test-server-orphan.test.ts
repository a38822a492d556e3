// A server started by the test helper ends when the process that started it is killed outright (SIGKILL: no exit
// handler runs), so a test killed on its timeout leaves no server running for the rest of the suite.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import t from 'tap';
import { processAlive } from '../../harness/process-alive.js';
import { ROOT } from '../../harness/server.js';
import { clock } from '../../server/clock.js';

t.test('a test server ends with the test process that started it, even one killed with SIGKILL', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tw-orphan-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  // .mjs: outside the project no package.json says the file is a module, and it awaits at top level. The harness
  // compiled, as the suite runs it (npm test builds first): through tsx the starter took 1 s more CPU.
  const script = join(dir, 'starter.mjs');
  writeFileSync(
    script,
    `import { startServer } from ${JSON.stringify(join(ROOT, 'dist/harness/server.js'))};\n` +
      `const server = await startServer();\n` +
      `console.log(JSON.stringify({ pid: server.child.pid, dataDir: server.dataDir }));\n` +
      `setInterval(() => undefined, 1000);\n`,
  );
  const starter = spawn(process.execPath, [script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: starter.stdout! }).once('line', resolve);
    starter.once('exit', (code) => reject(new Error(`the starter exited with ${code} before its server was ready`)));
  });
  const { pid, dataDir } = JSON.parse(line) as { pid: number; dataDir: string };
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  t.ok(processAlive(pid), 'the server runs');

  starter.kill('SIGKILL');
  const deadline = clock.now() + 15_000;
  while (processAlive(pid) && clock.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  const stillAlive = processAlive(pid);
  if (stillAlive) process.kill(pid, 'SIGKILL');
  t.notOk(stillAlive, 'the server is gone within 15 s of its starter');
});
