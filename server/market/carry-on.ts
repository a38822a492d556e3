// A new ingest leader carries on where the last one stopped, from the frames it left in Redis: the bars it closed in
// its last minutes are written again (its writes may not have reached the database before it died; a bar written is
// written the same), and the bars it had open are carried on when their minute is still under way, or closed and
// written when it has passed. So a leader's death loses no 1m bar, only the quotes of the seconds nobody ticked.
import { type Bar, closedBarsOf } from '../../core/kernels/bars.js';
import { forClosed, frameBar, type MarketFrame } from '../../core/market-frame.js';
import { MINUTE_MS } from '../../core/time.js';
import type { MarketStore } from '../services/write/market-store.js';
import { lastHeld } from './relayed.js';
import type { MarketState } from './state.js';
import type { Ticker } from './ticker.js';

export async function carryOn(
  frames: readonly MarketFrame[],
  state: MarketState,
  ticker: Ticker,
  store: MarketStore,
  nowMs: number,
): Promise<{ written: number; resumed: number }> {
  const mine = frames.filter((f) => f.layout === state.layout);
  const last = mine.at(-1);
  if (!last) return { written: 0, resumed: 0 };
  const minute = nowMs - (nowMs % MINUTE_MS);
  const pooled: [number, Bar][] = [];
  const listing: [number, Bar][] = [];
  for (const f of mine) {
    forClosed(f.closed, (s, bar) => pooled.push([s, bar]));
    forClosed(f.closedListing, (j, bar) => listing.push([j, bar]));
  }
  let resumed = 0;
  const open = (bars: Float64Array, count: number, closed: [number, Bar][], resume: (s: number, bar: Bar) => void) => {
    for (let s = 0; s < count; s++) {
      const bar = frameBar(bars, s);
      if (!bar) continue;
      if (bar.ts === minute) {
        resume(s, bar);
        resumed++;
      } else if (bar.ts < minute) closed.push([s, bar]);
    }
  };
  open(last.open, last.instruments, pooled, (i, bar) => ticker.resume({ instrument: i }, bar));
  open(last.openListing, last.listings, listing, (j, bar) => ticker.resume({ listing: j }, bar));

  const instrumentIds = Int32Array.from(state.instruments, (i) => i.id);
  const listingIds = Int32Array.from(state.listings, (l) => l.id);
  if (pooled.length) await store.barsWrite(closedBarsOf(pooled), instrumentIds)();
  if (listing.length) await store.listingBarsWrite(closedBarsOf(listing), listingIds)();
  for (const [s, bar] of pooled) if (bar.ts > lastHeld(state.candles['1m'], s)) state.addMinute(s, bar);
  for (const [j, bar] of listing) if (bar.ts > lastHeld(state.listingCandles['1m'], j)) state.addListingMinute(j, bar);
  return { written: pooled.length + listing.length, resumed };
}
