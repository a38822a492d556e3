// Waiting in a test for what another process or connection does: polled, with a deadline that names what was awaited.
import { clock } from '../../server/clock.js';

/** Ms until `test` holds, polled every 5 ms; throws after `ms`. */
export async function within(ms: number, test: () => boolean, what: string): Promise<number> {
  const t0 = clock.now();
  while (!test()) {
    if (clock.now() - t0 > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return clock.now() - t0;
}
