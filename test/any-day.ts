// Runs the tests whose answers depend on the day as of other days, so that a test holding only on some dates is found
// before the calendar finds it: the demo's tests (the server and the demo read one clock, shifted by TAPEWIRE_CLOCK)
// on a weekend, an NYSE holiday, Thanksgiving week, New Year, 30 and 365 days ahead; and the tests of the shared real
// samples without them (TAPEWIRE_REALDATA pointing nowhere), as on a clone without ../shared.
//   npm run test:any-day                       every variant
//   npm run test:any-day -- weekend new-year   some of them
//   npm run test:any-day -- --files test/server/routes/moves/moves.test.ts weekend
//   npm run test:any-day -- --budget-s 3600     no variant started that would end past an hour (CI's limit)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nyseHolidays } from '../core/calendar/us-holidays.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../core/time.js';
import { ROOT } from '../harness/server.js';
import { clock } from '../server/clock.js';

interface Variant {
  name: string;
  /** What the variant is, for the report. */
  what: string;
  env: Record<string, string>;
  files: string[];
}

/** Every test file, as paths relative to the repository root. */
function testFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && path !== 'test/fixtures') walk(path);
      else if (entry.name.endsWith('.test.ts')) out.push(path);
    }
  };
  walk('test');
  return out.sort();
}

const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/**
 * Tests of the demo on the live clock. Left out: a test that pins its own clock (test/helpers/clock.ts), and one whose
 * header says "The same on any day:" and why (a test of mechanics that uses the demo only as load).
 */
const onTheDemo = (file: string) =>
  /TAPEWIRE_DEMO: '1'|\bloadDemo\(/.test(text(file)) && !/pinnedClock\(|^\/\/ The same on any day: /m.test(text(file));
const ofTheSamples = (file: string) => /\brealdataSkip\(/.test(text(file));

/** The next instant after `fromMs` at `hourUtc` on a day `pick` accepts. */
function nextDay(fromMs: number, hourUtc: number, pick: (dayMs: number) => boolean): number {
  for (let day = fromMs - (fromMs % DAY_MS) + DAY_MS; ; day += DAY_MS) if (pick(day)) return day + hourUtc * HOUR_MS;
}

const holidaysFrom = (ms: number) => [0, 1].flatMap((k) => nyseHolidays(new Date(ms).getUTCFullYear() + k));

/** The days to run as of, from the real `nowMs`: each an instant, chosen for what it has broken or could break. */
function days(nowMs: number): { name: string; what: string; atMs: number }[] {
  const holidays = holidaysFrom(nowMs);
  const thanksgiving = holidays.find((h) => h.name === 'Thanksgiving Day' && h.dayMs > nowMs)!.dayMs;
  const holiday = holidays.find((h) => h.dayMs > nowMs && !["New Year's Day", 'Thanksgiving Day'].includes(h.name))!;
  return [
    {
      name: 'weekend',
      what: 'a Saturday, 10:00 in New York',
      atMs: nextDay(nowMs, 15, (d) => new Date(d).getUTCDay() === 6),
    },
    {
      name: 'holiday',
      what: `${holiday.name}, an NYSE holiday, 10:00 in New York`,
      atMs: holiday.dayMs + 15 * HOUR_MS,
    },
    // The Wednesday before Thanksgiving, after the jobless claims it moves to that day: the next are eight days away.
    {
      name: 'thanksgiving',
      what: 'the Wednesday before Thanksgiving, 13:00 in New York',
      atMs: thanksgiving - DAY_MS + 18 * HOUR_MS,
    },
    {
      name: 'new-year',
      what: 'five minutes into a new year (UTC)',
      atMs: nextDay(nowMs, 0, (d) => new Date(d).getUTCMonth() === 0 && new Date(d).getUTCDate() === 1) + 5 * MINUTE_MS,
    },
    { name: '+30d', what: '30 days ahead', atMs: nowMs + 30 * DAY_MS },
    { name: '+365d', what: '365 days ahead', atMs: nowMs + 365 * DAY_MS },
  ];
}

function variants(nowMs: number, only: string[] | null): Variant[] {
  const files = only ?? testFiles();
  const shifted = days(nowMs).map((d) => ({
    name: d.name,
    what: `${d.what}: ${new Date(d.atMs).toISOString()}`,
    // One offset for every process of the run: the test, its servers and their CLIs agree on "now" to the millisecond.
    env: { TAPEWIRE_CLOCK: `+${d.atMs - nowMs}ms` },
    files: only ?? files.filter(onTheDemo),
  }));
  const nowhere = join(tmpdir(), `tapewire-no-realdata-${process.pid}`);
  const absent = {
    name: 'no-shared',
    what: `without ../shared/realdata (${nowhere})`,
    env: { TAPEWIRE_REALDATA: nowhere },
    files: only ?? files.filter(ofTheSamples),
  };
  return [...shifted, absent];
}

interface Outcome {
  pass: number;
  fail: number;
  skip: number;
  failed: string[];
  ms: number;
  log: string;
}

/** Runs tap on `files` with `env` added; its output goes to a log file, its failures and counts are returned. */
function run(variant: Variant, logs: string): Promise<Outcome> {
  const started = performance.now();
  const log = join(logs, `${variant.name.replace(/[^a-z0-9-]/gi, '_')}.log`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/test/run.js', ...variant.files], {
      cwd: ROOT,
      env: { ...process.env, ...variant.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      writeFileSync(log, out);
      const summary = /^# \{ total: \d+(.*)\}$/m.exec(out)?.[1] ?? '';
      const count = (name: string) => Number(new RegExp(`${name}: (\\d+)`).exec(summary)?.[1] ?? 0);
      const failed = [...out.matchAll(/^not ok \d+ - (\S+)/gm)].map((m) => m[1]!);
      const fail = count('fail') || (code === 0 ? 0 : Math.max(1, failed.length));
      resolve({ pass: count('pass'), fail, skip: count('skip'), failed, ms: performance.now() - started, log });
    });
  });
}

if (process.env.TAPEWIRE_CLOCK) {
  console.error('test:any-day sets TAPEWIRE_CLOCK for each day itself: run it without one');
  process.exit(2);
}
const args = process.argv.slice(2);
const filesAt = args.indexOf('--files');
const only = filesAt >= 0 ? args.splice(filesAt, 2)[1]!.split(',') : null;
const budgetAt = args.indexOf('--budget-s');
const budgetMs = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) * 1000 : Infinity;
const nowMs = clock.now();
const chosen = variants(nowMs, only).filter((v) => !args.length || args.includes(v.name));
if (!chosen.length) {
  console.error(
    `no such variant: ${args.join(' ')} (variants: ${variants(nowMs, only)
      .map((v) => v.name)
      .join(', ')})`,
  );
  process.exit(2);
}

// The files the variants run are compiled with the server: build them if a source changed since.
execFileSync(process.execPath, ['bin/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
const logs = mkdtempSync(join(tmpdir(), 'tapewire-any-day-'));
let [pass, fail] = [0, 0];
let longest = 0;
const notRun: string[] = [];
for (const variant of chosen) {
  console.log(`${variant.name}: ${variant.what}; ${variant.files.length} files`);
  // Each day runs about as long as the longest so far: one that would end past the budget is not started.
  if (performance.now() + longest > budgetMs) {
    console.log('  not run: it would end past the time budget');
    notRun.push(variant.name);
    continue;
  }
  const o = await run(variant, logs);
  longest = Math.max(longest, o.ms);
  [pass, fail] = [pass + o.pass, fail + o.fail];
  console.log(
    `  ${o.pass} passed, ${o.fail} failed, ${o.skip} skipped in ${Math.round(o.ms / 1000)} s${o.fail ? `; log ${o.log}` : ''}`,
  );
  for (const file of o.failed) console.log(`  failed: ${file}`);
  if (o.fail)
    console.log(
      readFileSync(o.log, 'utf8')
        .split('\n')
        .filter((l) => /^\s+not ok /.test(l))
        .slice(0, 40)
        .join('\n'),
    );
}
console.log(
  `any day: ${pass} passed, ${fail} failed${notRun.length ? ` (not run, over the time budget: ${notRun.join(', ')})` : ''}`,
);
process.exitCode = fail ? 1 : 0;
