// The hot market state as services and surfaces read it, and as an import changes it: an interface, so that a process
// that does not tick (an api node) can hold a view fed from elsewhere while readers stay as they are.
import type { Bar } from '../../core/kernels/bars.js';
import type { PoolOutput } from '../../core/kernels/pool.js';
import type { Reread } from '../../core/market-frame.js';
import type { DerivativesNow } from '../../core/schemas/derivatives.js';
import type { HeldBars } from '../../core/series.js';
import type { CandleInterval, InstrumentKind } from '../../core/vocabulary.js';

export interface InstrumentRow {
  id: number;
  symbol: string;
  name: string;
  kind: InstrumentKind;
  currency: string;
  company: string | null;
  /** The company's name and sector, where the data has them. */
  companyName: string | null;
  sector: string | null;
  /**
   * The label of the official closes among its daily bars (official close (Stooq)), from the source of its newest
   * imported day; null when they are none or a venue's. Without a venue, its price is the latest of them.
   */
  official: string | null;
}

export interface ListingRow {
  id: number;
  instrumentId: number;
  venue: string;
  market: 'spot' | 'perp';
  venueSymbol: string;
  fundingIntervalHours: number | null;
}

/**
 * Every instrument's venue quotes, pooled price and held candles. Arrays may be replaced by longer ones when an
 * instrument is added: read them through the view each time, never kept aside.
 */
export interface MarketView {
  readonly instruments: readonly InstrumentRow[];
  readonly listings: readonly ListingRow[];
  /** Instrument `i`'s listings are [offsets[i], offsets[i + 1]). */
  readonly offsets: Int32Array;
  /** Per listing: the venue's last quote and when, its volume, open interest and funding rate. */
  readonly price: Float64Array;
  readonly ts: Float64Array;
  readonly volume24hUsd: Float64Array;
  readonly openInterestUsd: Float64Array;
  readonly fundingRate: Float64Array;
  readonly pooled: PoolOutput;
  /** Per instrument: when the pooled price was computed. */
  readonly priceTs: Float64Array;
  /** Changes whenever what the view holds does: answers built from it are valid until it changes. */
  readonly version: number;
  readonly candles: Readonly<Record<CandleInterval, HeldBars>>;
  readonly listingCandles: Readonly<Record<CandleInterval, HeldBars>>;
  /** Index of the instrument with this symbol, whatever its case; -1 when there is none. */
  find(symbol: string): number;
  /** Index of the instrument with this symbol, or a 404 naming it. */
  require(symbol: string): number;
  listingIndex(listingId: number): number;
  derivativesNow(i: number): DerivativesNow;
  /** Change of the pooled price against the previous UTC daily close, in percent; null without either. */
  changePct(i: number): number | null;
}

/** What an import changes in the view: an instrument named first while the server runs, new official closes. */
export interface MarketWrites extends MarketView {
  /** Adds an instrument with no venue listing, and returns its index. */
  addInstrument(row: InstrumentRow): number;
  /** Instrument `i`'s daily bars are now labelled `official`. */
  relabel(i: number, official: string | null): void;
  /** Told of each series whose held candles were read again from the database; a scale-out's leader relays them. */
  readonly onReread: ((series: Reread) => void) | null;
}

/** The open 1m bars of the tick loop, which are in no held candle until they close. */
export interface OpenBars {
  openBar(i: number): Bar | null;
  openListingBar(j: number): Bar | null;
}
