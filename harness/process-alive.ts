// Whether a process still runs: signal 0 checks it exists without touching it.
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
