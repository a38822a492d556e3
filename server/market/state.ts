// Hot market state: every instrument's venue quotes and pooled price in typed arrays, so the hot endpoints never
// wait on the database. Refreshed in place by the tick loop.
import { notFound } from '../../core/errors.js';
import type { Bar } from '../../core/kernels/bars.js';
import {
  allocatePoolOutput,
  type PoolOutput,
  type PoolParams,
  poolQuotes,
  quoteFresh,
} from '../../core/kernels/pool.js';
import { layoutDigest, type Reread } from '../../core/market-frame.js';
import type { DerivativesNow } from '../../core/schemas/derivatives.js';
import { HeldBars } from '../../core/series.js';
import type { VenueQuotes } from '../../core/sources/records.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../core/time.js';
import { percentOf } from '../../core/units.js';
import type { CandleInterval } from '../../core/vocabulary.js';
import type { InstrumentRow, ListingRow, MarketWrites } from '../ports/index.js';

/** Daily candles held per instrument: ten years, the whole history of most datasets. */
const DAYS_HELD = 3660;
/** Daily candles held per venue listing: three years. Listings are several per instrument, and few venues are older. */
const LISTING_DAYS_HELD = 1100;
/** The pool keeps venues within 2% of the first median (the design's rule). */
const POOL_BAND = 0.02;

/** The in-process market view: the tick loop writes it, services read it in the same process. */
export class MarketState implements MarketWrites {
  // The per-instrument arrays are not readonly: addInstrument replaces them with longer ones. Read them through the
  // state each time, not kept aside.
  offsets: Int32Array;
  /** Per listing, in `listings` order (grouped by instrument). */
  readonly price: Float64Array;
  readonly ts: Float64Array;
  readonly volume24hUsd: Float64Array;
  readonly openInterestUsd: Float64Array;
  readonly fundingRate: Float64Array;
  pooled: PoolOutput;
  /** Per instrument: when the pooled price was computed, and the pooled close at the previous 00:00 UTC. */
  priceTs: Float64Array;
  previousClose: Float64Array;
  /** Bumped at every pooling: answers built from this state are valid until it changes. */
  version = 0;
  /** Told of each series read again from the database (server/market/reread.ts): a scale-out's leader relays them. */
  onReread: ((series: Reread) => void) | null = null;
  /** Pooled candles per interval held in memory: closed ones oldest first, and the open 1h and 1d buckets. */
  readonly candles: Record<CandleInterval, HeldBars>;
  /** Each venue listing's own 1m, 1h and 1d candles held in memory, likewise. */
  readonly listingCandles: Record<CandleInterval, HeldBars>;
  private readonly bySymbol: Map<string, number>;
  /** layout's digest, until an instrument is added. */
  private layoutDigest: number | null = null;
  private readonly byListingId: Map<number, number>;
  /** The state's own list (addInstrument appends to it), in index order. */
  readonly instruments: InstrumentRow[];

  constructor(
    instruments: InstrumentRow[],
    readonly listings: ListingRow[],
    readonly staleMs: number,
    held: { minuteDays: number; hourDays: number; listingMinuteDays: number } = {
      minuteDays: 14,
      hourDays: 90,
      listingMinuteDays: 1,
    },
  ) {
    this.instruments = [...instruments];
    const index = new Map(instruments.map((inst, k) => [inst.id, k]));
    this.offsets = new Int32Array(instruments.length + 1);
    let last = -1;
    listings.forEach((l, j) => {
      const k = index.get(l.instrumentId)!;
      if (k < last) throw new Error('listings must be grouped by instrument, in instrument order');
      for (let i = last + 1; i <= k; i++) this.offsets[i] = j;
      last = k;
    });
    for (let i = last + 1; i <= instruments.length; i++) this.offsets[i] = listings.length;
    const n = listings.length;
    this.price = new Float64Array(n);
    this.ts = new Float64Array(n).fill(NaN);
    this.volume24hUsd = new Float64Array(n);
    this.openInterestUsd = new Float64Array(n).fill(NaN);
    this.fundingRate = new Float64Array(n).fill(NaN);
    this.pooled = allocatePoolOutput(instruments.length, n);
    // Unpooled until a tick: no price and no band (an instrument no venue quotes keeps them so).
    this.pooled.price.fill(NaN);
    this.pooled.low.fill(NaN);
    this.pooled.high.fill(NaN);
    this.priceTs = new Float64Array(instruments.length).fill(NaN);
    this.previousClose = new Float64Array(instruments.length).fill(NaN);
    const n0 = instruments.length;
    this.candles = {
      '1m': new HeldBars(n0, held.minuteDays * 1440, MINUTE_MS),
      '1h': new HeldBars(n0, held.hourDays * 24, HOUR_MS),
      '1d': new HeldBars(n0, DAYS_HELD, DAY_MS),
    };
    this.listingCandles = {
      '1m': new HeldBars(n, held.listingMinuteDays * 1440, MINUTE_MS),
      '1h': new HeldBars(n, held.hourDays * 24, HOUR_MS),
      '1d': new HeldBars(n, LISTING_DAYS_HELD, DAY_MS),
    };
    this.bySymbol = new Map(instruments.map((inst, k) => [inst.symbol.toLowerCase(), k]));
    this.byListingId = new Map(listings.map((l, j) => [l.id, j]));
  }

  /**
   * Adds an instrument with no venue listing (one an import named first while the server runs) after the others, and
   * returns its index. Its candles are read from the database until reloadSeries puts them in memory; the tick loop and
   * the stream go on over the instruments they started with, as it has no venue to tick. A new version, so answers
   * kept for the last one (the lists, the strip) are built again with it.
   */
  addInstrument(row: InstrumentRow): number {
    const i = this.instruments.length;
    const m = this.listings.length;
    const longer = (a: Float64Array, fill: number) => {
      const b = new Float64Array(i + 1).fill(fill);
      b.set(a);
      return b;
    };
    const offsets = new Int32Array(i + 2);
    offsets.set(this.offsets);
    offsets[i + 1] = m;
    const pooled = allocatePoolOutput(i + 1, m);
    for (const k of ['price', 'low', 'high'] as const) {
      pooled[k].set(this.pooled[k]);
      pooled[k][i] = NaN;
    }
    pooled.inPool.set(this.pooled.inPool);
    pooled.deviationPct.set(this.pooled.deviationPct);
    pooled.staleS.set(this.pooled.staleS);
    pooled.reason.set(this.pooled.reason);
    this.instruments.push(row);
    this.offsets = offsets;
    this.pooled = pooled;
    this.priceTs = longer(this.priceTs, NaN);
    this.previousClose = longer(this.previousClose, NaN);
    for (const held of Object.values(this.candles)) held.addSeries();
    this.bySymbol.set(row.symbol.toLowerCase(), i);
    this.layoutDigest = null;
    this.version++;
    return i;
  }

  /** A digest of the instrument and listing ids in order: a scale-out's frames apply only to a market laid out alike. */
  get layout(): number {
    this.layoutDigest ??= layoutDigest(
      this.instruments.map((i) => i.id),
      this.listings.map((l) => l.id),
    );
    return this.layoutDigest;
  }

  /** Instrument `i`'s daily bars are now labelled `official` (an import wrote newer ones): lists built before go. */
  relabel(i: number, official: string | null): void {
    if (this.instruments[i]!.official === official) return;
    this.instruments[i]!.official = official;
    this.version++;
  }

  /** Index of the instrument with this symbol, whatever its case; -1 when there is none. */
  find(symbol: string): number {
    return this.bySymbol.get(symbol.toLowerCase()) ?? -1;
  }

  /** Index of the instrument with this symbol, or a 404 naming it. */
  require(symbol: string): number {
    const i = this.find(symbol);
    if (i < 0) throw notFound(`Instrument ${symbol}`);
    return i;
  }

  listingIndex(listingId: number): number {
    return this.byListingId.get(listingId) ?? -1;
  }

  /** The pooling rule's parameters for a tick at `nowMs`. */
  poolParams(nowMs: number): PoolParams {
    return { nowMs, staleMs: this.staleMs, band: POOL_BAND };
  }

  /**
   * Takes a tick's venue quotes and their pooling at `nowMs`: `pooled` is a worker's answer (poolOutputViews layout) for
   * exactly these quotes, or null to pool inline here. Quotes and pool change together, so a reader never sees new
   * quotes against an older pool.
   */
  update(q: VenueQuotes, nowMs: number, pooled: ArrayBuffer | null): void {
    this.price.set(q.price);
    this.ts.set(q.ts);
    this.volume24hUsd.set(q.volume24hUsd);
    this.openInterestUsd.set(q.openInterestUsd);
    this.fundingRate.set(q.fundingRate);
    // A worker's answer laid out for fewer instruments (one was added while it pooled) is pooled again here.
    if (pooled && pooled.byteLength === this.pooled.price.buffer.byteLength)
      new Uint8Array(this.pooled.price.buffer).set(new Uint8Array(pooled));
    else
      poolQuotes(
        { offsets: this.offsets, prices: this.price, volumes: this.volume24hUsd, ts: this.ts },
        this.poolParams(nowMs),
        this.pooled,
      );
    this.priceTs.fill(nowMs);
    this.version++;
  }

  /** A closed pooled 1m bar of instrument `i`: held, and folded into the open hour and day. */
  addMinute(i: number, bar: Bar): void {
    this.candles['1m'].ring.push(i, bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues);
    this.candles['1h'].fold(i, bar);
    this.candles['1d'].fold(i, bar);
  }

  /** A closed 1m bar of listing `j`: held, and folded into its open hour and day. */
  addListingMinute(j: number, bar: Bar): void {
    this.listingCandles['1m'].ring.push(j, bar.ts, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.venues);
    this.listingCandles['1h'].fold(j, bar);
    this.listingCandles['1d'].fold(j, bar);
  }

  /** Closes the hours and days that have ended by `nowMs` into memory, even before a bar of the next one closes. */
  roll(nowMs: number): void {
    for (const held of [this.candles['1h'], this.candles['1d'], this.listingCandles['1h'], this.listingCandles['1d']]) {
      const bucket = nowMs - (nowMs % held.bucketMs);
      for (let s = 0; s < held.ring.series; s++) held.roll(s, bucket);
    }
  }

  /**
   * Total open interest of instrument `i`'s fresh perpetuals, their funding per 8 hours weighted by it (a venue paying
   * hourly counts 8 times its rate) in percent, and how many there are; nulls without any.
   */
  derivativesNow(i: number): DerivativesNow {
    let oi = 0;
    let weighted = 0;
    let venues = 0;
    for (let j = this.offsets[i]!; j < this.offsets[i + 1]!; j++) {
      const hours = this.listings[j]!.fundingIntervalHours;
      const listingOi = this.openInterestUsd[j]!;
      if (
        !hours ||
        !quoteFresh(this.pooled.reason[j]!) ||
        !Number.isFinite(listingOi) ||
        !Number.isFinite(this.fundingRate[j]!)
      )
        continue;
      oi += listingOi;
      weighted += listingOi * this.fundingRate[j]! * (8 / hours);
      venues++;
    }
    return { fundingRate8hPct: oi > 0 ? percentOf(weighted / oi) : null, openInterestUsd: oi > 0 ? oi : null, venues };
  }

  /** Change of the pooled price against the previous UTC daily close, in percent; null without either. */
  changePct(i: number): number | null {
    const p = this.pooled.price[i]!;
    const c = this.previousClose[i]!;
    const change = ((p - c) / c) * 100;
    return Number.isFinite(change) ? change : null;
  }
}
