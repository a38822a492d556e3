// Where the suite's CPU goes: runs the suite's runner (test/run.ts, with the arguments given, else every file) and
// samples every process on the machine once a second from /proc, charging each one's CPU to what it is: a test server,
// a `tapewire` command, a test file, the runner, or anything else; and by test file, with the servers and commands each
// one started (a shared server is charged to the file that started it). The suite is bound by CPU on 2 cores, so this,
// not a file's wall time (which counts its waits and its neighbours' load), says what to make cheaper. Only the run's
// processes are counted, but what else runs on the machine slows them: run it on a quiet one.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { ROOT } from '../harness/server.js';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
/** How many test files the CPU table by file lists. */
const TOP = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 25;
/** /proc's unit of CPU time (USER_HZ), 100 a second on Linux. */
const TICKS_PER_S = 100;

/** What a process is, by its command line. */
function kind(cmd: string): string {
  if (/exit-with-parent\.mjs/.test(cmd)) return 'test servers';
  if (/(dist\/bundle\/tapewire\.js|server\/cli\/tapewire\.ts|bin\/tapewire\.mjs)/.test(cmd)) return 'tapewire commands';
  if (/\btest\/\S+\.test\.[jt]s/.test(cmd)) return 'test files';
  if (/redis-server/.test(cmd)) return 'redis-server';
  if (/chrom/.test(cmd)) return 'chromium';
  if (/esbuild/.test(cmd)) return 'esbuild (tsx)';
  if (/dist\/test\/run\.js/.test(cmd)) return 'runner';
  return 'other';
}

interface Seen {
  kind: string;
  ticks: number;
  /** The test file the process is, or was started by (through its parents), if any. */
  file: string | null;
}

/**
 * The run's processes, by pid and start time: the runner and what descends from it, each seen with the test file it is
 * or descends from ('' for none), inherited from its parent when first seen. Other processes on the machine are not the
 * run's; a process that ended within a second of its start, or after its parent, unseen, is missed.
 */
const run = new Map<string, string>();
let runnerPid = '';

/** The run's processes' CPU so far, keyed by pid and start time (a pid reused is another process). */
function sample(): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  const keyOf = new Map<string, string>();
  const parents: [string, string][] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const key = `${pid}@${fields[19]}`;
      keyOf.set(pid, key);
      parents.push([key, fields[1]!]);
      if (pid === runnerPid) run.set(key, '');
      seen.set(key, { kind: kind(cmd), ticks: Number(fields[11]) + Number(fields[12]), file: null });
      // Files of pure code run together in one process (test/run.ts) are charged together.
      const file = /dist\/test\/together\.js/.test(cmd)
        ? 'core (files together)'
        : /\btest\/(\S+)\.test\.[jt]s/.exec(cmd)?.[1];
      if (file && !run.has(key)) seen.get(key)!.file = file;
    } catch {
      // gone between the listing and the read
    }
  }
  // Parents first seen in this sample are listed in pid order, which is mostly start order: a few passes settle chains.
  for (let pass = 0; pass < 3; pass++)
    for (const [key, ppid] of parents) {
      const parent = keyOf.get(ppid);
      if (run.has(key) || !parent || !run.has(parent)) continue;
      run.set(key, seen.get(key)!.file ?? run.get(parent)!);
    }
  for (const [key, s] of seen) s.file = run.get(key) ?? null;
  return seen;
}

const charged = new Map<string, number>();
/** CPU by test file: its own process's, and what the servers and commands it started used. */
const byFile = new Map<string, Map<string, number>>();
let last = sample();
const tick = () => {
  const now = sample();
  for (const [key, { kind, ticks, file }] of now) {
    if (file === null) continue;
    // A process first seen now started since the last sample: all its CPU is the suite's.
    const used = ticks - (last.get(key)?.ticks ?? 0);
    charged.set(kind, (charged.get(kind) ?? 0) + used);
    if (!file) continue;
    const split = byFile.get(file) ?? byFile.set(file, new Map()).get(file)!;
    split.set(kind, (split.get(kind) ?? 0) + used);
  }
  last = now;
};
const timer = setInterval(tick, 1000);

const t0 = performance.now();
const load = loadavg()[0]!.toFixed(2);
// The runner runs the compiled files: build them first if a source changed.
execFileSync(process.execPath, ['bin/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
const runner = spawn(process.execPath, ['dist/test/run.js', ...args], { cwd: ROOT, stdio: 'inherit' });
runnerPid = String(runner.pid);
const code = await new Promise<number | null>((resolve) => runner.on('exit', resolve));
clearInterval(timer);
tick();

const wallS = (performance.now() - t0) / 1000;
const total = [...charged.values()].reduce((a, b) => a + b, 0) / TICKS_PER_S;
console.log(
  `\nsuite-cpu: the runner exited ${code} after ${wallS.toFixed(0)} s; ${total.toFixed(0)} s of CPU on ${cpus().length} CPUs ` +
    `(${((100 * total) / (wallS * cpus().length)).toFixed(0)}% busy; load ${load} at the start). Processes that ` +
    'lived less than a second are missed.',
);
for (const [name, ticks] of [...charged].sort((a, b) => b[1] - a[1]))
  console.log(
    `  ${(ticks / TICKS_PER_S).toFixed(0).padStart(6)} s  ${((100 * ticks) / TICKS_PER_S / total).toFixed(0).padStart(3)}%  ${name}`,
  );
const s = (ticks = 0) => (ticks / TICKS_PER_S).toFixed(0).padStart(5);
const sum = (split: Map<string, number>) => [...split.values()].reduce((a, b) => a + b, 0);
const top = [...byFile].sort((a, b) => sum(b[1]) - sum(a[1]));
console.log(
  `  the ${Math.min(top.length, TOP)} test files that used most CPU, with what they started (s: all, own, servers, commands):`,
);
for (const [file, split] of top.slice(0, TOP))
  console.log(
    `  ${s(sum(split))} ${s(split.get('test files'))} ${s(split.get('test servers'))} ${s(split.get('tapewire commands'))}  ${file}`,
  );
process.exitCode = code ?? 1;
