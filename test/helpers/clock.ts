// A test's own fixed "now", for tests of fixed data (fixtures, real samples, dates written in the test): its servers
// start their clocks at that instant (TAPEWIRE_CLOCK, server/clock.ts), so what they answer holds on any day the suite
// runs, and a run shifted to another day leaves them where they are. The architecture test lets a test that pins its
// clock write the dates of the demo's span; any other must read them from the answers.
export interface PinnedClock {
  /** The test's "now", in epoch ms. */
  nowMs: number;
  /** For startServer's env (and the CLIs'). */
  env: { TAPEWIRE_CLOCK: string };
}

export function pinnedClock(iso: string): PinnedClock {
  const nowMs = Date.parse(iso);
  if (!Number.isFinite(nowMs) || !iso.endsWith('Z'))
    throw new Error(`pinnedClock: ${iso} is not an ISO 8601 instant in UTC`);
  return { nowMs, env: { TAPEWIRE_CLOCK: iso } };
}
