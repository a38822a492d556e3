// What the website's browser tests share: where Chromium is, why a test is skipped without it, a tab that collects
// script errors and CSP violations, and a poll for a condition in a page (a page's CSP forbids the eval that
// waitForFunction's string form needs).
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { clock } from '../../../server/clock.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const NO_CHROMIUM = existsSync(CHROMIUM)
  ? false
  : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;

/** Polls `expression` in the page until it is true. */
export async function until(
  tab: { evaluate(expression: string): Promise<unknown> },
  expression: string,
  ms = 30_000,
): Promise<void> {
  const deadline = clock.now() + ms;
  while (!(await tab.evaluate(expression))) {
    if (clock.now() > deadline) throw new Error(`not within ${ms} ms: ${expression}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A tab of a new headless Chromium, closed at `teardown`; `problems` gathers script errors and CSP violations. */
export async function openTab(
  teardown: (fn: () => Promise<void>) => void,
  height: number,
): Promise<{ tab: Page; problems: string[] }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  teardown(() => browser.close());
  const tab = await browser.newPage({ viewport: { width: 1280, height } });
  const problems: string[] = [];
  tab.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  tab.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Uncaught/.test(m.text()))
      problems.push(`${tab.url()}: ${m.text()}`);
  });
  return { tab, problems };
}
