// The demo's levels at real scale: whatever the day it is drawn on, the history of every share, index and ETF ends at
// its close on the anchor date, and each company's trend quarters before the present add up to its real year.
import t from 'tap';
import { ANCHOR_CLOSES, COMPANY_SCALE } from '../../../core/demo/real-scale.js';
import { type FiscalQuarterNumber, fiscalQuarterEnd, trendQuarter } from '../../../core/demo/results.js';
import { DEMO_FILERS } from '../../../core/demo/sec/filers.js';
import { demoWorld } from '../../../core/demo/world.js';
import { DAY_MS } from '../../../core/time.js';
import { clock } from '../../../server/clock.js';

t.test('the history ends at the real closes, on any day and any seed', async (t) => {
  for (const [anchor, seed] of [
    [clock.now(), 20261121],
    [clock.now() + 200 * DAY_MS + 7_777_777, 5],
  ] as const) {
    const world = demoWorld(seed, anchor);
    for (const [symbol, close] of Object.entries(ANCHOR_CLOSES)) {
      const last = world.histories.get(symbol)!.minute.close.at(-1)!;
      t.ok(Math.abs(last / close - 1) < 1e-9, `${symbol} ends at ${last}, its close ${close}`);
    }
  }
});

t.test("a company's trend quarters ending in the year before the present add up to its real year", async (t) => {
  const anchor = clock.now();
  for (const filer of DEMO_FILERS) {
    const scale = COMPANY_SCALE[filer.symbol]!;
    // The four quarters whose results are out by the present: each reported about a month after it ends.
    const quarters: number[] = [];
    for (let year = new Date(anchor).getUTCFullYear() - 1; year <= new Date(anchor).getUTCFullYear() + 1; year++) {
      for (const q of [1, 2, 3, 4] as FiscalQuarterNumber[]) quarters.push(fiscalQuarterEnd(filer.fyEndMonth, year, q));
    }
    const last4 = quarters.filter((end) => end + 28 * DAY_MS < anchor).slice(-4);
    const revenue = last4.reduce((sum, end) => sum + trendQuarter(filer.symbol, end, anchor).revenueBn, 0);
    t.ok(
      Math.abs(revenue / scale.revenueBn - 1) < 0.1,
      `${filer.symbol}: $${revenue.toFixed(1)}B against $${scale.revenueBn}B`,
    );
  }
});
