// Which uWebSockets.js binary this process can load, chosen from Node's ABI, the platform and glibc before anything
// is dlopen'd: upstream uWS.js is not published to npm, and no single npm build covers both Node 20 on older glibc
// and Node 22/24. A refusal names the Node versions and distributions that do work, so an operator knows what to
// change instead of reading a dlopen error. Pure: server/http/uws.ts gathers the facts and does the loading.

/** One npm package of uWS.js binaries, and what its files need. */
export interface UwsBuild {
  pkg: string;
  /** Where its binaries sit, relative to the folder of the package's entry file. */
  binaries: string;
  /** The upstream uWebSockets.js release it was built from. */
  upstream: string;
  /** Node ABI (process.versions.modules) -> the Node major it belongs to. */
  abis: Readonly<Record<string, number>>;
  /** `${platform}-${arch}` pairs it ships a binary for. */
  targets: readonly string[];
  /** The newest GLIBC_x.y symbol version its Linux binaries require (read with objdump -T). */
  minGlibc: string;
  /** Distributions whose glibc is at least minGlibc, for the refusal. */
  distributions: string;
}

/**
 * In order of preference. Node 20 stays on the build every test and benchmark here ran on; the btc-vision package is
 * a re-publication of upstream v20.57.0 (judged in docs/operations.md, "Supported Node versions") whose Linux
 * binaries use glibc 2.38's C23 strtol/sscanf, so Debian 12 and Ubuntu 22.04 cannot load them.
 */
export const UWS_BUILDS: readonly UwsBuild[] = [
  {
    pkg: '@trufflesuite/uws-js-unofficial',
    binaries: '../binaries',
    upstream: 'uWebSockets.js v20.30.0',
    abis: { '115': 20 },
    targets: ['linux-x64', 'linux-arm64', 'linux-arm', 'darwin-x64', 'darwin-arm64', 'win32-x64'],
    minGlibc: '2.27',
    distributions: 'Debian 10+, Ubuntu 18.04+, RHEL 8+',
  },
  {
    pkg: '@btc-vision/uwebsockets.js',
    binaries: '.',
    upstream: 'uWebSockets.js v20.57.0',
    abis: { '127': 22, '137': 24 },
    targets: ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64'],
    minGlibc: '2.38',
    distributions: 'Debian 13 (trixie), Ubuntu 24.04+, Fedora 39+, RHEL 10 (Docker: node:22-trixie, node:24-trixie)',
  },
];

/** What the choice depends on: process.platform, process.arch, process.versions.modules, process.version, glibc. */
export interface Runtime {
  platform: string;
  arch: string;
  abi: string;
  node: string;
  /** The C library's version on Linux with glibc; null on musl (Alpine) and on other systems. */
  glibc: string | null;
}

export type UwsChoice = { build: UwsBuild; file: string } | { refusal: string };

/** Compares dotted versions numerically: '2.38' > '2.9'. */
export function versionAtLeast(have: string, need: string): boolean {
  const a = have.split('.').map(Number);
  const b = need.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

/** Why `build` cannot serve `rt`, or null when it can. */
function mismatch(build: UwsBuild, rt: Runtime): string | null {
  if (!(rt.abi in build.abis)) return `it has no binary for Node ABI ${rt.abi}`;
  if (!build.targets.includes(`${rt.platform}-${rt.arch}`)) return `it has no binary for ${rt.platform}-${rt.arch}`;
  if (rt.platform !== 'linux') return null;
  if (rt.glibc === null) return 'its Linux binaries need glibc, and this C library is not glibc (musl?)';
  if (!versionAtLeast(rt.glibc, build.minGlibc))
    return `its binaries need glibc >= ${build.minGlibc}, this system has ${rt.glibc}`;
  return null;
}

/** The Node versions and systems that do work, one line a build. */
export function supportedMatrix(): string {
  return UWS_BUILDS.map((b) => {
    const nodes = `Node ${orList([...new Set(Object.values(b.abis))])}`;
    return `  - ${nodes}: Linux with glibc >= ${b.minGlibc} (${b.distributions}), macOS or Windows; ${b.targets.join(', ')}`;
  }).join('\n');
}

/** The first build that can serve `rt` and its binary's file name, or a refusal that says what would work. */
export function chooseUwsBuild(rt: Runtime): UwsChoice {
  const reasons: string[] = [];
  for (const build of UWS_BUILDS) {
    const why = mismatch(build, rt);
    if (why === null) return { build, file: `uws_${rt.platform}_${rt.arch}_${rt.abi}.node` };
    reasons.push(`  - ${build.pkg} (${build.upstream}): ${why}`);
  }
  return { refusal: refusal(rt, reasons) };
}

/** The message for a process no build can serve; `reasons` says why each build was passed over or failed to load. */
export function refusal(rt: Runtime, reasons: string[]): string {
  const here = `Node ${rt.node} (ABI ${rt.abi}) on ${rt.platform}-${rt.arch}${rt.platform === 'linux' ? `, ${rt.glibc ? `glibc ${rt.glibc}` : 'not glibc'}` : ''}`;
  return [`No uWebSockets.js binary loads for ${here}:`, ...reasons, 'Tapewire runs on:', supportedMatrix(), advice(rt)]
    .filter((line) => line !== '')
    .join('\n');
}

/** '20', '20 or 22', '20, 22 or 24'. */
const orList = (items: unknown[]) =>
  items.length < 2 ? String(items[0]) : `${items.slice(0, -1).join(', ')} or ${String(items.at(-1))}`;

/** The nearest change that works for this machine: another Node on the same system, or another system for this Node. */
function advice(rt: Runtime): string {
  const major = Number(/^v?(\d+)/.exec(rt.node)?.[1]);
  const sameSystem = UWS_BUILDS.filter((b) => mismatch({ ...b, abis: { [rt.abi]: 0 } }, rt) === null);
  const nodes = [...new Set(sameSystem.flatMap((b) => Object.values(b.abis)))].filter((n) => n !== major);
  const forThisNode = UWS_BUILDS.find((b) => rt.abi in b.abis);
  const parts: string[] = [];
  if (nodes.length) parts.push(`on this system, run Node ${orList(nodes)}`);
  if (forThisNode && rt.platform === 'linux' && mismatch(forThisNode, rt) !== null) {
    parts.push(
      `for Node ${forThisNode.abis[rt.abi]}, move to a system with glibc >= ${forThisNode.minGlibc}: ${forThisNode.distributions}`,
    );
  }
  return parts.length ? `So: ${parts.join('; or, ')}.` : '';
}
