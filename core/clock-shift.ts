// How far a shifted clock runs from the real one: TAPEWIRE_CLOCK, in development and tests, runs a process (or a whole
// test run) as of another day. A signed duration is the same offset in every process that reads it, so a test and the
// servers it starts agree on "now"; an instant starts this process's clock there.
import { parseInstant } from './time.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^([+-])(\d{1,15})(ms|s|m|h|d)$/;

/** The offset `value` asks for against the real clock reading `realNowMs`, or why it cannot be read. */
export function clockOffset(value: string, realNowMs: number): { offsetMs: number } | { problem: string } {
  const text = value.trim();
  const duration = DURATION.exec(text);
  if (duration) return { offsetMs: (duration[1] === '-' ? -1 : 1) * Number(duration[2]) * UNIT_MS[duration[3]!]! };
  const instant = text.length > 10 ? parseInstant(text) : null;
  if (instant) return { offsetMs: instant.ms - realNowMs };
  return {
    problem: `TAPEWIRE_CLOCK=${JSON.stringify(value.slice(0, 60))}: expected a signed duration (+30d, -90m, +1500ms) or an ISO 8601 instant (2026-12-25T15:00:00Z)`,
  };
}
