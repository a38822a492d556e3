// The market of a process that does not tick (an api node, the ingest standby): loaded from the database like the
// leader's, then moved by the leader's frames (core/market-frame.ts) exactly as the leader's own ticks move it, so
// services read the same quotes, pooling and candles on every node.
import type { Bar } from '../../core/kernels/bars.js';
import { forClosed, frameBar, type MarketFrame } from '../../core/market-frame.js';
import type { HeldBars } from '../../core/series.js';
import type { OpenBars } from '../ports/index.js';
import type { MarketState } from './state.js';

/** What a frame did: moved the market, or was left (an older one, or one of another layout: the universe changed). */
export type Applied = 'applied' | 'old' | 'layout';

export class RelayedMarket implements OpenBars {
  private open: Float64Array | null = null;
  private openListing: Float64Array | null = null;
  private epoch = -1;
  private seq = -1;
  private rereadTotal = 0;

  constructor(private readonly state: MarketState) {}

  /** The layout frames must have to apply: the market's, which grows as instruments are added. */
  get layout(): number {
    return this.state.layout;
  }

  /** The last frame applied: its leadership and tick, and when it was made. */
  last: { epoch: number; seq: number; nowMs: number } | null = null;

  /**
   * Whether bars may have closed before `frame` that no frame this node saw carried: frames of the same leader it never
   * saw, or a new leader's first (which wrote the bars its predecessor left open). They are to be read from the
   * database (fill) before `frame` is applied.
   */
  misses(frame: MarketFrame): boolean {
    return this.epoch >= 0 && (frame.epoch > this.epoch || frame.seq > this.seq + 1);
  }

  /** Whether the leader read series again in frames this node never saw: it is to read every series again. */
  missesRereads(frame: MarketFrame): boolean {
    return frame.epoch === this.epoch && frame.rereadTotal - frame.reread.length > this.rereadTotal;
  }

  /** Moves the market by `frame`. */
  apply(frame: MarketFrame): Applied {
    if (frame.layout !== this.layout) return 'layout';
    if (frame.epoch < this.epoch || (frame.epoch === this.epoch && frame.seq <= this.seq)) return 'old';
    this.epoch = frame.epoch;
    this.seq = frame.seq;
    this.rereadTotal = frame.rereadTotal;
    const { state } = this;
    state.previousClose.set(frame.previousClose);
    state.update(frame.quotes, frame.nowMs, frame.pooled);
    forClosed(frame.closed, (s, bar) => {
      if (bar.ts > lastHeld(state.candles['1m'], s)) state.addMinute(s, bar);
    });
    forClosed(frame.closedListing, (j, bar) => {
      if (bar.ts > lastHeld(state.listingCandles['1m'], j)) state.addListingMinute(j, bar);
    });
    state.roll(frame.nowMs);
    this.open = frame.open;
    this.openListing = frame.openListing;
    this.last = { epoch: frame.epoch, seq: frame.seq, nowMs: frame.nowMs };
    return 'applied';
  }

  openBar(i: number): Bar | null {
    return this.open ? frameBar(this.open, i) : null;
  }

  openListingBar(j: number): Bar | null {
    return this.openListing ? frameBar(this.openListing, j) : null;
  }

  /** Adds closed 1m bars read from the database (a gap's), those memory does not hold yet. */
  fill(kind: 'pooled' | 'listing', s: number, bar: Bar): void {
    const { state } = this;
    if (kind === 'pooled') {
      if (bar.ts > lastHeld(state.candles['1m'], s)) state.addMinute(s, bar);
    } else if (bar.ts > lastHeld(state.listingCandles['1m'], s)) state.addListingMinute(s, bar);
  }
}

/** Open time of the newest bar held of series `s`; -Infinity when none. */
export function lastHeld(held: HeldBars, s: number): number {
  const ring = held.ring;
  const size = ring.size(s);
  return size ? ring.ts[ring.slot(s, size - 1)]! : -Infinity;
}
