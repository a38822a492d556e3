// Preloaded into servers the tests start: a server ends with the test process that started it, even when that process
// is killed outright (tap's last resort on a timeout), instead of running on as an orphan that loads the machine. A
// server shared by a run's test files (harness/shared-server.ts) outlives the file that started it: it ends with the
// run, the process TAPEWIRE_SERVER_OWNER names, or once no file has held it for two minutes (an idle demo server still
// ticks: a few percent of a core, which over a run costs more than starting it again).
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';

const owner = Number(process.env.TAPEWIRE_SERVER_OWNER) || null;
/** A shared server's record is `${shared}.json`, the files holding it have a lease each in `${shared}.users/`. */
const shared = process.env.TAPEWIRE_SHARED_BASE;
const IDLE_MS = 120_000;
const parent = process.ppid;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const held = () => readdirSync(`${shared}.users`).some((pid) => alive(Number(pid)));

let usedAt = Date.now();
/**
 * Whether the shared server has been idle long enough, and is now out of sight: under the run's lock its record is put
 * aside first and the leases read after, so a file that found the record had written its lease before and keeps it.
 */
function idle() {
  if (held()) usedAt = Date.now();
  if (Date.now() - usedAt < IDLE_MS) return false;
  try {
    mkdirSync(`${shared}.lock`);
  } catch {
    return false;
  }
  try {
    writeFileSync(`${shared}.lock/pid`, String(process.pid));
    renameSync(`${shared}.json`, `${shared}.idle`);
    if (!held()) return true;
    renameSync(`${shared}.idle`, `${shared}.json`);
    usedAt = Date.now();
    return false;
  } finally {
    rmSync(`${shared}.lock`, { recursive: true, force: true });
  }
}

/** idle(), false when the run's files are gone meanwhile (its end removes them): the owner's end stops the server. */
const idleNow = () => {
  try {
    return idle();
  } catch {
    return false;
  }
};

const timer = setInterval(() => {
  const gone = owner ? !alive(owner) : process.ppid !== parent;
  if (gone || (shared && idleNow())) {
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }
}, 1000);
timer.unref();
