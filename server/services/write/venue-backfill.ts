// Venue backfill into the candles: a listing's klines fetched over REST written under its own 1m bars (a minute the
// ticks built is kept), its funding and open interest history as imported hours, and, once no backfill is running,
// the pooled minutes nobody built taken from the listings' bars. Memory holds candles in arrival order: a series
// that gained older bars is read from the database until the round ends, then its held candles are read again.
import type { BarColumns } from '../../../core/kernels/bars.js';
import type { HeldBars } from '../../../core/series.js';
import type { HourlyDerivatives } from '../../../core/sources/venues/backfill.js';
import type { CandleInterval } from '../../../core/vocabulary.js';
import { clock } from '../../clock.js';
import type { Db } from '../../db.js';
import { rereadSeries } from '../../market/reread.js';
import type { MarketWrites } from '../../ports/index.js';
import { barInsertParams } from './bar-rows.js';
import type { MarketStore } from './market-store.js';

export const BACKFILL_SOURCE = 'venue-backfill';

export class VenueBackfill {
  private running = 0;
  /** Instruments whose listings gained minutes, with the window they span, waiting for the backfills to end. */
  private readonly pending = new Map<number, { fromMs: number; toMs: number }>();
  /** Listings that gained minutes this round, with what memory's `from` was per interval before. */
  private readonly written = new Map<number, Partial<Record<CandleInterval, number>>>();
  private pooling: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly db: Db,
    private readonly state: MarketWrites,
    private readonly store: MarketStore,
  ) {}

  /** The newest stored 1m bar of each listing (by its position in the state), epoch ms; null without one. */
  async lastBars(listings: number[]): Promise<Map<number, number | null>> {
    const ids = listings.map((j) => this.state.listings[j]!.id);
    const rows = await this.db.rows<{ listingId: number; ts: number | null }>('lastListingBars1m', { ids });
    const byId = new Map(rows.map((r) => [r.listingId, r.ts]));
    return new Map(listings.map((j) => [j, byId.get(this.state.listings[j]!.id) ?? null]));
  }

  /** A backfill starts: the pooled minutes wait until every running one has ended. */
  begin(): void {
    this.running++;
  }

  /**
   * A backfill ended; the last to end pools what they all wrote, unless told not to (the server is stopping: what is
   * pending waits for the next). Resolves to the pooled minutes written then (0 for the others), once they are.
   */
  end(pool = true): Promise<number> {
    if (--this.running > 0 || !pool) return Promise.resolve(0);
    this.pooling = this.pooling.catch(() => 0).then(() => this.pool());
    return this.pooling;
  }

  /** Listing `j`'s bars (USD) in [fromMs, toMs); returns how many minutes were new. */
  async listingBars(j: number, bars: BarColumns & { length: number }, fromMs: number, toMs: number): Promise<number> {
    if (!bars.length) return 0;
    const listing = this.state.listings[j]!;
    const { ts, open, high, low, close, volume } = barInsertParams(bars, bars.length, () => listing.id, null);
    const [row] = await this.db.rows<{ n: number }>('insertBackfillListingBars1m', {
      id: listing.id,
      ts,
      open,
      high,
      low,
      close,
      volume,
    });
    const written = row!.n;
    if (written) {
      const before = readFromDatabase(this.state.listingCandles, j, bars.ts[bars.length - 1]!);
      if (!this.written.has(j)) this.written.set(j, before);
      const window = this.pending.get(listing.instrumentId);
      this.pending.set(listing.instrumentId, {
        fromMs: Math.min(fromMs, window?.fromMs ?? fromMs),
        toMs: Math.max(toMs, window?.toMs ?? toMs),
      });
    }
    return written;
  }

  /** Listing `j`'s funding and open interest by the hour; an hour another source stored is kept. */
  async derivatives(j: number, hours: HourlyDerivatives): Promise<void> {
    if (!hours.ts.length) return;
    const id = this.state.listings[j]!.id;
    const nullable = (a: Float64Array) => Array.from(a, (x) => (Number.isFinite(x) ? x : null));
    await this.db.rows('upsertBackfillDerivatives1h', {
      id,
      ts: Array.from(hours.ts, (ts) => new Date(ts)),
      fundingRate: nullable(hours.fundingRate),
      openInterestUsd: nullable(hours.openInterestUsd),
      source: BACKFILL_SOURCE,
    });
  }

  /**
   * The round's end: the listing aggregates brought up to date and the listings' held candles read again; the pooled
   * minutes of the pending instruments that the ticks did not build, from their listings' bars; then the pooled
   * aggregates and held candles likewise. A refresh covers every series, so it runs once a round.
   */
  private async pool(): Promise<number> {
    const listings = [...this.written];
    const windows = [...this.pending];
    this.written.clear();
    this.pending.clear();
    if (listings.length) {
      await this.db.rows('refreshListingBars1h');
      await this.db.rows('refreshListingBars1d');
      for (const [j, from] of listings) await rereadSeries(this.store, this.state, 'listing', j, clock.now(), from);
    }
    const pooled: number[] = [];
    let total = 0;
    for (const [instrumentId, { fromMs, toMs }] of windows) {
      const rows = await this.db.rows<{ instrumentId: number; n: number }>('insertPooledFromListingBars1m', {
        ids: [instrumentId],
        from: new Date(fromMs),
        to: new Date(toMs),
      });
      for (const r of rows) {
        pooled.push(r.instrumentId);
        total += r.n;
      }
    }
    if (total) {
      await this.db.rows('refreshBars1h');
      await this.db.rows('refreshBars1d');
    }
    for (const id of pooled) {
      const i = this.state.instruments.findIndex((inst) => inst.id === id);
      if (i >= 0) await rereadSeries(this.store, this.state, 'pooled', i, clock.now());
    }
    return total;
  }
}

/**
 * Series `s` gained closed bars up to the minute at `lastMs` that memory does not hold: at every interval, a candle
 * request reaching back to the bucket holding it is answered from the database. Returns what `from` was before.
 */
function readFromDatabase(
  held: Record<CandleInterval, HeldBars>,
  s: number,
  lastMs: number,
): Partial<Record<CandleInterval, number>> {
  const before: Partial<Record<CandleInterval, number>> = {};
  for (const interval of ['1m', '1h', '1d'] as const) {
    const h = held[interval];
    before[interval] = h.from[s]!;
    const after = lastMs - (lastMs % h.bucketMs) + h.bucketMs;
    if (after > h.from[s]!) h.from[s] = after;
  }
  return before;
}
