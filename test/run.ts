// Runs the suite's test files (compiled in dist/test/, bin/build.mjs), each in its own Node process as tap's runner
// does, and sums their counts. tap's runner preloads its coverage recorder and its mock loader into every file, which
// cost each file 0.6 to 0.9 s of CPU (module hooks on a thread of their own) for coverage the suite does not measure
// and mocks it does not use; the suite is bound by CPU on two cores. The files still use tap, print tap's own counts
// and tell the runner of a longer timeout as they tell tap's. The longest files start first (by the last run's times,
// else by how many servers a file starts), so that no long one is left running alone at the end; the files of one
// shared server run together. The files of core/ run together in a few processes (test/together.ts): they test pure
// code, and a Node process costs 0.5 s of CPU to load tap before a file's first test (core's 102 files took 72 s one
// by one, 21 s in one process).
//   node dist/test/run.js                          every file
//   node dist/test/run.js test/server/meta.test.ts  some files, by source or compiled path
//   node dist/test/run.js --jobs 3                  files at once (default: TAPEWIRE_TEST_JOBS, else DEFAULT_JOBS)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../harness/root.js';

/**
 * A file that has not ended after this long (TAP_TIMEOUT seconds, as tap reads it) is timed out, unless it asked for
 * longer with `t.setTimeout`, which tap tells its parent over the IPC channel.
 */
const TIMEOUT_MS = Number(process.env.TAP_TIMEOUT || 300) * 1000;
/** How long a timed-out file has to report what was still running and stop its servers before SIGKILL. */
const KILL_GRACE_MS = 10_000;
/** Each file's time in the last runs on this machine, to start the longest first. */
const TIMES = join(tmpdir(), 'tapewire-test-times.json');
/**
 * Files at once, on the suite's two cores: a file waits on its servers, timers and sockets. With two at once the cores
 * were busy 74% of a run (943 s), with three 83 to 87%; with four 90%, 756 s against 698 s for the same CPU
 * (bench/results/2026-12-08-suite-starts.md).
 */
const DEFAULT_JOBS = 4;
/** Files of pure code, run together (test/together.ts): no server, no process of their own, no state of the process. */
const TOGETHER = /^dist\/test\/core\//;

interface Counts {
  total: number;
  pass: number;
  fail: number;
  skip: number;
  todo: number;
}

const COUNTED = ['total', 'pass', 'fail', 'skip', 'todo'] as const;
const zero = (): Counts => ({ total: 0, pass: 0, fail: 0, skip: 0, todo: 0 });

/** The compiled test files under dist/test/, as paths relative to the root. */
function allFiles(): string[] {
  return readdirSync(join(ROOT, 'dist/test'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.js'))
    .map((e) => join(e.parentPath, e.name).slice(ROOT.length))
    .filter((f) => !f.startsWith('dist/test/fixtures/'))
    .sort();
}

/** The compiled file a path names: test/x.test.ts or dist/test/x.test.js. */
const compiled = (path: string) => (path.startsWith('dist/') ? path : join('dist', path.replace(/\.ts$/, '.js')));
const source = (file: string) => file.replace(/^dist\//, '').replace(/\.js$/, '.ts');

/** A guess at a file's time when no run has timed it: the servers and commands it starts take most of it. */
function guessMs(text: string): number {
  const starts = text.match(/\b(startServer|sharedServer|runCli|runNode|demoDataDir|loadDemo|importFiles)\(/g);
  return 1_000 + 8_000 * (starts?.length ?? 0);
}

function readTimes(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(TIMES, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** The counts tap prints last in a file's output: `# { total: 21, pass: 20, fail: 1 }`. */
function countsOf(output: string): Counts | null {
  const line = /^# \{ (total: \d+[^}]*)\}$/m.exec(output)?.[1];
  if (!line) return null;
  const counts = zero();
  for (const key of COUNTED) counts[key] = Number(new RegExp(`\\b${key}: (\\d+)`).exec(line)?.[1] ?? 0);
  return counts;
}

const args = process.argv.slice(2);
const jobsAt = args.indexOf('--jobs');
const jobs = Number(jobsAt >= 0 ? args.splice(jobsAt, 2)[1] : process.env.TAPEWIRE_TEST_JOBS || DEFAULT_JOBS);
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error('--jobs: a whole number of files at once, 1 or more');
  process.exit(2);
}
const files = args.length ? args.map(compiled) : allFiles();
const missing = files.filter((f) => !existsSync(join(ROOT, f)));
if (missing.length) {
  console.error(`not built (npm run build) or no such test file: ${missing.join(', ')}`);
  process.exit(2);
}

const times = readTimes();
const texts = new Map(files.map((f) => [f, readFileSync(join(ROOT, source(f)), 'utf8')]));
const expected = new Map(files.map((f) => [f, Math.max(1, times[source(f)] ?? guessMs(texts.get(f)!))]));

/** What one process runs: a file, or files of pure code together, with the time it is expected to take. */
interface Unit {
  name: string;
  files: string[];
  ms: number;
}

/** The files of pure code in as many shares as files run at once, evened out by their times; every other file alone. */
function units(): Unit[] {
  const alone = files.filter((f) => !TOGETHER.test(f));
  const shares = Array.from({ length: jobs }, (): Unit => ({ name: '', files: [], ms: 0 }));
  for (const file of files.filter((f) => TOGETHER.test(f)).sort((a, b) => expected.get(b)! - expected.get(a)!)) {
    const least = shares.reduce((a, b) => (b.ms < a.ms ? b : a));
    least.files.push(file);
    least.ms += expected.get(file)!;
  }
  const single = (file: string): Unit => ({ name: source(file), files: [file], ms: expected.get(file)! });
  const together = shares.filter((u) => u.files.length > 1);
  together.forEach((u, k) => {
    u.name = `${u.files.length} files of test/core together (${k + 1} of ${together.length})`;
  });
  const lone = shares.filter((u) => u.files.length === 1).flatMap((u) => u.files);
  return [...together, ...[...lone, ...alone].map(single)];
}
const queue = units().sort((a, b) => b.ms - a.ms);
/**
 * The shared server each file asks for (harness/shared-server.ts), by the name of its settings. Once one of them
 * starts, the others go to the front of the queue: a shared server idle for two minutes stops, and one started again
 * costs a demo copy's start (the shared reader started twice in a run, 61 s and 26 s of CPU with its ticking life).
 */
const servers = new Map(files.map((f) => [f, /\bsharedServer\((\w+)\)/.exec(texts.get(f)!)?.[1]]));
const sharedBy = (unit: Unit) => (unit.files.length === 1 ? servers.get(unit.files[0]!) : undefined);
function nextUnit(): Unit | undefined {
  const unit = queue.shift();
  const server = unit && sharedBy(unit);
  if (server) {
    const mates = queue.filter((u) => sharedBy(u) === server);
    queue.splice(0, queue.length, ...mates, ...queue.filter((u) => sharedBy(u) !== server));
  }
  return unit;
}
const running = new Set<ChildProcess>();
const sum = zero();
let done = 0;
const started = performance.now();

/** Runs one unit; prints its line (and its whole output when it failed); adds its counts. */
function runUnit(unit: Unit): Promise<void> {
  const t0 = performance.now();
  const script = unit.files.length === 1 ? unit.files : ['dist/test/together.js', ...unit.files];
  return new Promise((resolve) => {
    // TAP=1, as tap's runner sets it: the harness shares servers within the run and starts them with the suite's flags.
    const child = spawn(process.execPath, ['--liftoff-only', ...script], {
      cwd: ROOT,
      env: { ...process.env, TAP: '1', TAP_TIMEOUT: String(TIMEOUT_MS / 1000) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    running.add(child);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    let timedOut = false;
    // SIGALRM, as tap's runner sends it: tap fails the tests still running, naming them, and the file ends.
    const timeOut = () => {
      timedOut = true;
      child.kill('SIGALRM');
      setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS).unref();
    };
    let timer = setTimeout(timeOut, TIMEOUT_MS);
    child.on('message', (msg: { setTimeout?: unknown }) => {
      if (typeof msg?.setTimeout !== 'number' || timedOut) return;
      clearTimeout(timer);
      timer = setTimeout(timeOut, msg.setTimeout || TIMEOUT_MS);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      const ms = performance.now() - t0;
      // Files run together share their time by what each was expected to take.
      for (const file of unit.files) times[source(file)] = Math.round((ms * expected.get(file)!) / unit.ms);
      const counts = countsOf(output) ?? zero();
      const failed = code !== 0 || timedOut || counts.fail > 0;
      if (failed && counts.fail === 0) {
        counts.fail = 1;
        counts.total++;
      }
      for (const key of COUNTED) sum[key] += counts[key];
      done++;
      const why = timedOut ? ' (timed out)' : signal ? ` (killed by ${signal})` : '';
      console.log(`${failed ? 'not ok' : 'ok'} ${done} - ${unit.name}${why} # time=${ms.toFixed(0)}ms`);
      if (failed) console.log(output.replace(/^/gm, '    '));
      resolve();
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.kill(process.pid, signal);
  });

const planned = queue.length;
console.log(
  `TAP version 14\n# ${files.length} files in ${planned} process${planned === 1 ? '' : 'es'}, ${jobs} at a time`,
);
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let unit = nextUnit(); unit; unit = nextUnit()) await runUnit(unit);
  }),
);
writeFileSync(TIMES, JSON.stringify({ ...readTimes(), ...times }));

// The run's closing script: stops the servers files shared (failing the run on a warning one printed), counts servers.
const after = spawn(process.execPath, ['dist/test/after.js'], { cwd: ROOT, env: { ...process.env, TAP: '1' } });
after.stdout.pipe(process.stdout);
after.stderr.pipe(process.stderr);
const afterCode = await new Promise<number | null>((resolve) => after.on('close', resolve));
if (afterCode !== 0) sum.fail++;

console.log(`1..${planned}`);
const shown = COUNTED.filter((k) => k === 'total' || k === 'pass' || sum[k] > 0).map((k) => `${k}: ${sum[k]}`);
console.log(`# { ${shown.join(', ')} }`);
console.log(`# time=${(performance.now() - started).toFixed(0)}ms`);
process.exitCode = sum.fail > 0 ? 1 : 0;
