// Preloaded into servers the tests start: a server ends with the test process that started it, even when that process
// is killed outright (tap's last resort on a timeout), instead of running on as an orphan that loads the machine. A
// server shared by a run's test files (harness/shared-server.ts) outlives the file that started it: it ends with the
// run, the process TAPEWIRE_SERVER_OWNER names.
const owner = Number(process.env.TAPEWIRE_SERVER_OWNER) || null;
const parent = process.ppid;
const gone = () => {
  if (!owner) return process.ppid !== parent;
  try {
    process.kill(owner, 0);
    return false;
  } catch {
    return true;
  }
};
setInterval(() => {
  if (gone()) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();
