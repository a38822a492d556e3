// What compiling the server (dist/, `npm start`) changes against running its sources through tsx: the time to /live
// and /ready on a first start in an empty DATA_DIR and on a restart on the same one, the CPU each used until /ready
// (all threads: through tsx each thread compiles the sources), and the RSS at rest afterwards.
// Each mode starts the same way npm start would, as one process; --demo loads the demo universe (one day of 1m bars).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ROOT, tempDataDir } from '../harness/server.js';
import { cpuSeconds, fmt, rssMb } from './measure.js';

const { values: argv } = parseArgs({
  options: { demo: { type: 'boolean' }, rounds: { type: 'string' }, rest: { type: 'string' } },
});
const ROUNDS = Number(argv.rounds ?? 1);
/** Seconds left idle after /ready before the RSS is read: the start's garbage collected, timers settled. */
const REST_S = Number(argv.rest ?? 10);

const MODES = {
  tsx: ['--import', 'tsx', 'server/cli/tapewire.ts', 'start'],
  compiled: ['bin/tapewire.mjs', 'start'],
} as const;

let child: ChildProcess | null = null;
process.on('exit', () => child?.kill('SIGKILL'));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds from `t0` until `url` answers 200, polled every 10 ms. */
async function until(url: string, t0: number): Promise<number> {
  for (;;) {
    const res = await fetch(url).catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === 200) return performance.now() - t0;
    if (child?.exitCode !== null) throw new Error(`server exited with ${child?.exitCode}`);
    await sleep(10);
  }
}

/** One start on `dataDir`: its times to /live and /ready, the RSS at rest when asked, then a clean stop. */
async function start(mode: keyof typeof MODES, dataDir: string, port: number, rest: boolean) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TAPEWIRE_DEMO: argv.demo ? '1' : '0',
    DEMO_MINUTE_DAYS: '1',
  };
  const t0 = performance.now();
  child = spawn(process.execPath, [...MODES[mode]], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const live = await until(`${base}/live`, t0);
  const ready = await until(`${base}/ready`, t0);
  const used = cpuSeconds(child.pid);
  const cpu = used ? used.user + used.sys : Number.NaN;
  let rss: number | null = null;
  if (rest) {
    await sleep(REST_S * 1000);
    rss = rssMb(child.pid);
  }
  const exited = new Promise((r) => child!.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  child = null;
  return { live, ready, cpu, rss };
}

execFileSync(process.execPath, ['bin/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
console.log(
  `bench:start${argv.demo ? ' --demo' : ''}  node ${process.version}, ${cpus().length} CPUs, ${ROUNDS} round(s), RSS read ${REST_S} s after /ready`,
);
console.log(
  `  load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
let port = 18_990;
for (let round = 1; round <= ROUNDS; round++) {
  // Alternated between rounds, so that neither mode always runs on the warmer page cache.
  const order = (round % 2 ? ['tsx', 'compiled'] : ['compiled', 'tsx']) as (keyof typeof MODES)[];
  for (const mode of order) {
    const dataDir = tempDataDir();
    try {
      const first = await start(mode, dataDir, port++, false);
      const again = await start(mode, dataDir, port++, true);
      console.log(
        `  ${mode.padEnd(8)} first start: /live ${fmt(first.live)} ms, /ready ${fmt(first.ready)} ms, CPU ${first.cpu.toFixed(2)} s;  ` +
          `restart: /live ${fmt(again.live)} ms, /ready ${fmt(again.ready)} ms, CPU ${again.cpu.toFixed(2)} s;  ` +
          `RSS at rest ${fmt(again.rss ?? 0)} MB  (load ${loadavg()[0]!.toFixed(2)})`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
