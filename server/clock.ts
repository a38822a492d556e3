// The one clock of the server, its workers, its CLIs and its tests: the real one, or in development and tests the
// real one shifted by TAPEWIRE_CLOCK, so that a whole run (demo, server, replay servers, assertions) happens as of
// another day. Production refuses the variable (server/config.ts), so a deployment can never serve a made-up "now".
import { clockOffset } from '../core/clock-shift.js';
import { isProduction } from './access-mode.js';

/** The offset TAPEWIRE_CLOCK in `env` asks for, or why it is refused (then no offset). */
export function clockShift(env: Record<string, string | undefined>): { offsetMs: number; problem: string | null } {
  const value = env.TAPEWIRE_CLOCK;
  if (value === undefined || value.trim() === '') return { offsetMs: 0, problem: null };
  if (isProduction(env.NODE_ENV))
    return {
      offsetMs: 0,
      problem: `TAPEWIRE_CLOCK is refused when NODE_ENV is production: a shifted clock is for development and tests only`,
    };
  const read = clockOffset(value, Date.now());
  return 'problem' in read ? { offsetMs: 0, problem: read.problem } : { offsetMs: read.offsetMs, problem: null };
}

const shift = clockShift(process.env);

/** How far this process's clock runs ahead of the real one (negative: behind). */
export const CLOCK_OFFSET_MS = shift.offsetMs;

export const clock = {
  /** Now, in epoch milliseconds: the only reading of the wall clock in this code base. */
  now: (): number => Date.now() + CLOCK_OFFSET_MS,
};

/**
 * Moves this thread's Date.now by the same offset, for a library that reads the wall clock itself: the embedded
 * database's WASM takes its now() (aggregate refresh windows, default timestamps) from Date.now. Only on the database's
 * own thread; nothing of ours reads Date.now but `clock` above.
 */
export function shiftThreadDate(): void {
  if (CLOCK_OFFSET_MS === 0) return;
  const real = Date.now;
  Date.now = () => real() + CLOCK_OFFSET_MS;
}
