// The tick loop: each second the venue feeds are polled, every instrument is pooled (inline, or on a worker thread
// when the batch is big enough to pay for the message), and 1m bars (pooled and per listing) are built; closed bars
// go to the database as they close, venue quotes every few seconds.
import { allocateClosedBars, type Bar, barAt, type ClosedBars, MinuteBars } from '../../core/kernels/bars.js';
import { finiteOrNull, IN_POOL, packPoolInput, quoteFresh } from '../../core/kernels/pool.js';
import { allocateVenueQuotes, type VenueQuotes } from '../../core/sources/records.js';
import { DAY_MS } from '../../core/time.js';
import { clock } from '../clock.js';
import type { VenueFeed } from '../feeds/venue-feed.js';
import { type Logger, logFailure } from '../log.js';
import type { OpenBars } from '../ports/index.js';
import type { MarketStore } from '../services/write/market-store.js';
import type { WorkerThreads } from '../worker-threads.js';
import type { MarketState } from './state.js';

const QUOTE_FLUSH_TICKS = 10;
/** A tick skipped because the last one is still pooling is logged at most this often. */
const SKIP_LOG_MS = 60_000;

/** Where ticks are pooled: on `workers` once a tick holds at least `minQuotes` venue quotes, inline below. */
export interface PoolOffload {
  workers: WorkerThreads;
  minQuotes: number;
}

export class Ticker implements OpenBars {
  private readonly bars: MinuteBars;
  private readonly listingBars: MinuteBars;
  private readonly closed: ClosedBars;
  private readonly closedListing: ClosedBars;
  private readonly tickVolume: Float64Array;
  private readonly venuesInPool: Uint16Array;
  private readonly listingPrice: Float64Array;
  private readonly listingVolume: Float64Array;
  /** A listing is one venue: its bars have no pool size (0 is left out of the candle JSON). */
  private readonly noPool: Uint16Array;
  private readonly instrumentIds: Int32Array;
  private readonly listingIds: Int32Array;
  /** The workers a tick is pooled on, or null when the batch is too small to pay for the message. */
  private readonly workers: WorkerThreads | null;
  /** The venue quotes the feeds write each tick, in the state's listing order. */
  private readonly quotes: VenueQuotes;
  private timer: NodeJS.Timeout | null = null;
  private last = 0;
  private ticks = 0;
  private inFlight: Promise<void> | null = null;
  private skipped = 0;
  private skipLoggedAt = -Infinity;
  private writes: Promise<unknown> = Promise.resolve();
  private readonly listeners: (() => void)[] = [];
  private fence: () => boolean = () => true;

  constructor(
    private readonly state: MarketState,
    private readonly feeds: VenueFeed[],
    private readonly store: MarketStore,
    private readonly log: Logger,
    offload: PoolOffload | null = null,
  ) {
    this.workers = offload && state.listings.length >= offload.minQuotes ? offload.workers : null;
    this.quotes = allocateVenueQuotes(state.listings.length);
    const n = state.instruments.length;
    const m = state.listings.length;
    this.bars = new MinuteBars(n);
    this.listingBars = new MinuteBars(m);
    this.closed = allocateClosedBars(n);
    this.closedListing = allocateClosedBars(m);
    this.tickVolume = new Float64Array(n);
    this.venuesInPool = new Uint16Array(n);
    this.listingPrice = new Float64Array(m);
    this.listingVolume = new Float64Array(m);
    this.noPool = new Uint16Array(m);
    this.instrumentIds = Int32Array.from(state.instruments, (i) => i.id);
    this.listingIds = Int32Array.from(state.listings, (l) => l.id);
  }

  /** Calls `listener` after every tick, once its prices and bars are in the state. */
  onTick(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** When the last tick ran (epoch ms). */
  get lastTick(): number {
    return this.last;
  }

  /** The bars closed by the last tick, pooled and per listing: read by its listeners (onTick). */
  get closedNow(): { instruments: ClosedBars; listings: ClosedBars } {
    return { instruments: this.closed, listings: this.closedListing };
  }

  /**
   * Ticks (and so writes) only while `fence` says this process may: a scale-out's leader whose lease is unconfirmed
   * holds its ticks until it is confirmed again.
   */
  fenceWith(fence: () => boolean): void {
    this.fence = fence;
  }

  /** 'worker' when ticks are pooled on a worker thread, else 'inline'. */
  get pooling(): 'worker' | 'inline' {
    return this.workers ? 'worker' : 'inline';
  }

  start(everyMs: number): void {
    this.last = clock.now();
    this.next(this.last);
    this.timer = setInterval(() => this.next(clock.now()), everyMs);
  }

  /** Stops the loop, writes the open bars as they stand (a restart in the same minute resumes them), and waits for the writes. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.inFlight;
    this.closed.length = 0;
    this.closedListing.length = 0;
    this.bars.flush(this.closed);
    this.listingBars.flush(this.closedListing);
    this.saveClosed();
    await this.writes;
  }

  /** Carries on an open bar saved at the last shutdown: of instrument `i`, or of listing `j` with `listing`. */
  resume(series: { instrument: number } | { listing: number }, bar: Bar): void {
    if ('instrument' in series) this.bars.resume(series.instrument, bar);
    else this.listingBars.resume(series.listing, bar);
  }

  /** The open 1m bar of instrument `i`, or null before its first tick. */
  openBar(i: number) {
    return this.bars.current(i);
  }

  /** The open 1m bar of listing `j` (its position in the state's listings), or null. */
  openListingBar(j: number) {
    return this.listingBars.current(j);
  }

  /**
   * Runs a tick unless the last one is still pooling on a worker: one tick in flight at a time, so the feed is not
   * moved under a pooling that reads it. A skipped tick's time is covered by the next one.
   */
  private next(nowMs: number): void {
    if (!this.fence()) {
      if (nowMs - this.skipLoggedAt >= SKIP_LOG_MS) {
        this.skipLoggedAt = nowMs;
        this.log.warn('tick held: this node cannot confirm it still leads ingest');
      }
      return;
    }
    if (this.inFlight) {
      this.skipped++;
      if (nowMs - this.skipLoggedAt >= SKIP_LOG_MS) {
        this.skipLoggedAt = nowMs;
        this.log.warn({ skipped: this.skipped }, 'tick skipped: the previous one is still pooling');
      }
      return;
    }
    this.inFlight = this.tick(nowMs)
      .catch((err) => this.log.error({ err }, 'tick failed'))
      .finally(() => {
        this.inFlight = null;
      });
  }

  /** One tick at `nowMs`. Pooled inline, it has taken effect when this returns; on a worker, when the promise settles. */
  async tick(nowMs: number): Promise<void> {
    const { state } = this;
    const dtS = Math.max(0.001, (nowMs - this.last) / 1000);
    // At 00:00 UTC the last pooled price of the day becomes the close that changePct is measured against.
    // An instrument without a price at that moment keeps its last close rather than losing its change for a day.
    if (Math.floor(nowMs / DAY_MS) !== Math.floor(this.last / DAY_MS)) {
      state.pooled.price.forEach((p, i) => {
        if (Number.isFinite(p)) state.previousClose[i] = p;
      });
    }
    this.last = nowMs;
    this.closed.length = 0;
    this.closedListing.length = 0;

    const q = this.quotes;
    for (const feed of this.feeds) feed.poll(nowMs, dtS, q);
    state.update(q, nowMs, this.workers ? await this.poolOnWorker(this.workers, q, nowMs) : null);

    const { pooled, offsets } = state;
    // The instruments the loop started with: one added since (an import's) has no venue to tick.
    for (let i = 0; i < this.instrumentIds.length; i++) {
      let volume = 0;
      for (let j = offsets[i]!; j < offsets[i + 1]!; j++) {
        const fresh = quoteFresh(pooled.reason[j]!);
        const traded = (state.volume24hUsd[j]! * dtS) / 86_400;
        this.listingPrice[j] = fresh ? state.price[j]! : NaN;
        this.listingVolume[j] = traded;
        if (pooled.reason[j] === IN_POOL) volume += traded;
      }
      this.tickVolume[i] = volume;
      this.venuesInPool[i] = pooled.inPool[i]!;
    }
    this.bars.tick(nowMs, pooled.price, this.tickVolume, this.venuesInPool, this.closed);
    this.listingBars.tick(nowMs, this.listingPrice, this.listingVolume, this.noPool, this.closedListing);
    this.saveClosed();
    state.roll(nowMs);
    if (++this.ticks % QUOTE_FLUSH_TICKS === 0) this.writeQuotes(nowMs);
    for (const listener of this.listeners) listener();
  }

  /** The tick's quotes pooled on a worker: one buffer transferred each way. */
  private poolOnWorker(workers: WorkerThreads, q: VenueQuotes, nowMs: number): Promise<ArrayBuffer> {
    const { state } = this;
    const buffer = packPoolInput({ offsets: state.offsets, prices: q.price, volumes: q.volume24hUsd, ts: q.ts });
    const params = state.poolParams(nowMs);
    return workers.run(
      'pool',
      { buffer, instruments: state.instruments.length, venues: state.listings.length, params },
      { transfer: [buffer] },
    );
  }

  /** Closed bars (pooled and per listing) into memory and to the database. */
  private saveClosed(): void {
    const { state } = this;
    const c = this.closed;
    for (let k = 0; k < c.length; k++) {
      state.addMinute(c.series[k]!, barAt(c, k));
    }
    if (c.length) this.write(this.store.barsWrite(c, this.instrumentIds));
    const cl = this.closedListing;
    for (let k = 0; k < cl.length; k++) {
      state.addListingMinute(cl.series[k]!, barAt(cl, k));
    }
    if (cl.length) this.write(this.store.listingBarsWrite(cl, this.listingIds));
  }

  private writeQuotes(nowMs: number): void {
    const { state } = this;
    const rows: number[] = [];
    for (let j = 0; j < state.listings.length; j++) if (nowMs - state.ts[j]! < QUOTE_FLUSH_TICKS * 1000) rows.push(j);
    if (!rows.length) return;
    this.write(
      this.store.quotesWrite({
        ids: rows.map((j) => this.listingIds[j]!),
        ts: rows.map((j) => new Date(state.ts[j]!)),
        price: rows.map((j) => state.price[j]!),
        volume24hUsd: rows.map((j) => finiteOrNull(state.volume24hUsd[j]!)),
        openInterestUsd: rows.map((j) => finiteOrNull(state.openInterestUsd[j]!)),
        fundingRate: rows.map((j) => finiteOrNull(state.fundingRate[j]!)),
      }),
    );
  }

  /** Writes are chained, so bars reach the database in order; a failed write is logged and the loop goes on. */
  private write(write: () => Promise<unknown>): void {
    this.writes = this.writes.then(write).catch((err) => logFailure(this.log, err, 'market write failed'));
  }
}
