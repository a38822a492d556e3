// A process started by `tapewire cluster` (a node, its database) stops, as on SIGTERM, once the cluster's process is
// gone, even killed outright: none runs on orphaned, holding a port or DATA_DIR.

/** Watches the cluster's process `pid` (TAPEWIRE_CLUSTER_PID), when this process has one. */
export function endWithCluster(pid: number): void {
  if (!pid) return;
  const timer = setInterval(() => {
    try {
      process.kill(pid, 0);
    } catch {
      clearInterval(timer);
      process.kill(process.pid, 'SIGTERM');
    }
  }, 1000);
  timer.unref();
}
