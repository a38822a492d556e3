// What the website's browser tests share: where Chromium is, why a test is skipped without it, and a poll for a
// condition in a page (a page's CSP forbids the eval that waitForFunction's string form needs).
import { existsSync } from 'node:fs';
import { clock } from '../../../server/clock.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const NO_CHROMIUM = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;

/** Polls `expression` in the page until it is true. */
export async function until(tab: { evaluate(expression: string): Promise<unknown> }, expression: string, ms = 30_000): Promise<void> {
  const deadline = clock.now() + ms;
  while (!(await tab.evaluate(expression))) {
    if (clock.now() > deadline) throw new Error(`not within ${ms} ms: ${expression}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
