// What stops a benchmark that starts servers: its time budget (anything far past it hangs) and Ctrl-C.

/**
 * Exits 1 once `budgetMs` has passed, and 130 on SIGINT or SIGTERM after `dispose` (which also deletes a temporary
 * DATA_DIR; a stuck stop must not keep the benchmark alive), with `killAll` run either way.
 */
export function watchdog(
  name: string,
  budgetMs: number,
  killAll: () => void,
  dispose: () => Promise<void> | undefined,
): void {
  setTimeout(() => {
    console.error(`${name}: still running after ${budgetMs / 1000} s; stopping`);
    killAll();
    process.exit(1);
  }, budgetMs).unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      setTimeout(() => process.exit(130), 8000).unref();
      killAll();
      void (dispose() ?? Promise.resolve()).finally(() => process.exit(130));
    });
  }
}
