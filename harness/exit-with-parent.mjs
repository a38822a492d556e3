// Preloaded into servers the tests start: a server ends with the test process that started it, even when that process
// is killed outright (tap's last resort on a timeout), instead of running on as an orphan that loads the machine.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();
