// What only the demo keeps: each upcoming catalyst's sealed outcome story, published by the demo newswire when its
// time comes, and each venue's own history drawn from the pooled one at load.
import type { Shock } from '../../../core/demo/market-model.js';
import type { ScheduledOutcome } from '../../../core/demo/story/draft.js';
import type { BarColumns } from '../../../core/kernels/bars.js';
import { barInsertParams } from './bar-rows.js';
import { float8Array, int4Array } from './binary-arrays.js';
import type { Rows } from './write-support.js';

/** A venue listing, its instrument and its share of that instrument's volume. */
export interface DemoListingShare {
  id: number;
  instrumentId: number;
  share: number;
}

/** Pooled bars of several instruments, `instruments[k]` the instrument of bar k. */
export interface PooledBars {
  bars: BarColumns;
  instruments: ArrayLike<number>;
}

export interface SealedOutcome {
  catalystId: number;
  story: ScheduledOutcome['story'];
}

export class DemoStore {
  /** On a database's or a transaction's connection. */
  constructor(private readonly rows: Rows) {}

  /** Seals each catalyst's outcome story until it is due. */
  async seal(outcomes: (SealedOutcome & { dueAt: number })[]): Promise<void> {
    await this.rows('insertDemoOutcomes', {
      catalystIds: outcomes.map((o) => o.catalystId),
      dueAt: outcomes.map((o) => new Date(o.dueAt)),
      stories: outcomes.map((o) => JSON.stringify(o.story)),
    });
  }

  /**
   * The outcomes due by `nowMs`, oldest first. A story sealed before stories carried shocks (it had per-symbol jumps)
   * is told without moving anything.
   */
  async due(nowMs: number): Promise<SealedOutcome[]> {
    const rows = await this.rows<{
      catalystId: number;
      story: Omit<SealedOutcome['story'], 'shocks'> & { shocks?: Shock[] };
    }>('dueDemoOutcomes', { now: new Date(nowMs) });
    return rows.map((r) => ({ catalystId: r.catalystId, story: { ...r.story, shocks: r.story.shocks ?? [] } }));
  }

  /** When the next outcome is due (epoch ms), null when none is left. */
  async nextAt(): Promise<number | null> {
    const [next] = await this.rows<{ at: number | null }>('nextDemoOutcomeAt');
    return next?.at ?? null;
  }

  async remove(catalystId: number): Promise<void> {
    await this.rows('deleteDemoOutcome', { catalystId });
  }

  /**
   * Each venue listing's own history drawn from its instrument's pooled one, scaled by its basis and carrying its
   * `share` of the volume: 1m bars from `sinceMs` (from the pooled ones stored), and imported hours and days before it
   * from the pooled ones given (`instruments` naming each bar's instrument).
   */
  async listingHistory(
    listings: DemoListingShare[],
    sinceMs: number,
    hours: PooledBars,
    days: PooledBars,
  ): Promise<void> {
    await this.listingMinutes(listings, sinceMs);
    const listed = {
      ids: int4Array(listings.length, (k) => listings[k]!.id),
      listingInstruments: int4Array(listings.length, (k) => listings[k]!.instrumentId),
      shares: float8Array(listings.map((l) => l.share)),
    };
    const bars = ({ bars, instruments }: PooledBars) => {
      const { ids, ...values } = barInsertParams(bars, bars.ts.length, (k) => instruments[k]!, null);
      return { ...listed, instruments: ids, ...values };
    };
    await this.rows('insertDemoListingBars1h', bars(hours));
    await this.rows('insertDemoListingBars1d', bars(days));
  }

  /** Each venue listing's own 1m bars from `sinceMs` on, drawn from its instrument's pooled ones the same way. */
  async listingMinutes(listings: DemoListingShare[], sinceMs: number): Promise<void> {
    await this.rows('insertDemoListingBars1m', {
      ids: listings.map((l) => l.id),
      shares: listings.map((l) => l.share),
      since: new Date(sinceMs),
    });
  }
}
