// The market's persistence: what start-up loads into memory (the universe, previous closes, the candles memory holds)
// and what the tick loop writes as it goes (closed 1m bars, pooled and per listing, and venue quotes).
import type { ClosedBars } from '../../../core/kernels/bars.js';
import { OFFICIAL_SOURCES, officialLabel } from '../../../core/sources/history/official.js';
import type { CandleInterval } from '../../../core/vocabulary.js';
import type { Columns, Db } from '../../db.js';
import type { InstrumentRow, ListingRow } from '../../ports/index.js';
import { BAR_COLUMNS, barInsertParams } from './bar-rows.js';

/** Which series memory holds candles of: each instrument's pooled ones, or each venue listing's own. */
export type SeriesKind = 'pooled' | 'listing';

const HELD_QUERIES = {
  pooled: { '1m': 'heldCandles1m', '1h': 'heldCandles1h', '1d': 'heldCandles1d' },
  listing: { '1m': 'heldListingCandles1m', '1h': 'heldListingCandles1h', '1d': 'heldListingCandles1d' },
} as const;
const OLDEST_QUERIES = {
  pooled: { '1m': 'oldestCandles1m', '1h': 'oldestCandles1h', '1d': 'oldestCandles1d' },
  listing: { '1m': 'oldestListingCandles1m', '1h': 'oldestListingCandles1h', '1d': 'oldestListingCandles1d' },
} as const;
export const HELD_COLUMNS = ['series', ...BAR_COLUMNS] as const;

/** A tick's venue quotes to store: listing ids and, per listing, its quote. */
export interface QuoteRows {
  ids: number[];
  ts: Date[];
  price: number[];
  volume24hUsd: (number | null)[];
  openInterestUsd: (number | null)[];
  fundingRate: (number | null)[];
}

/** An instrument as stored: the source of its newest imported day in place of the label it gives. */
type StoredInstrument = Omit<InstrumentRow, 'official'> & { dailySource: string | null };

const instrumentRow = ({ dailySource, ...row }: StoredInstrument): InstrumentRow => ({
  ...row,
  official: officialLabel(dailySource),
});

export class MarketStore {
  constructor(private readonly db: Db) {}

  /** Every instrument (with its company's name and sector) and every listing, grouped by instrument. */
  async universe(): Promise<{ instruments: InstrumentRow[]; listings: ListingRow[] }> {
    const instruments = (await this.db.rows<StoredInstrument>('listInstruments')).map(instrumentRow);
    return { instruments, listings: await this.db.rows<ListingRow>('listListings') };
  }

  /** One instrument as the universe has it (the official label of its daily bars as they stand now). */
  async instrument(id: number): Promise<InstrumentRow> {
    const [row] = await this.db.rows<StoredInstrument>('instrumentRow', { id });
    if (!row) throw new Error(`no instrument ${id}`);
    return instrumentRow(row);
  }

  /** Each instrument's daily close before `beforeMs` (a UTC midnight), by instrument id. */
  async previousCloses(beforeMs: number): Promise<Map<number, number>> {
    const rows = await this.db.rows<{ instrumentId: number; close: number }>('previousCloses', {
      before: new Date(beforeMs),
    });
    return new Map(rows.map((r) => [r.instrumentId, r.close]));
  }

  /** Each instrument's newest 1m close, by instrument id: where a live price carries on from. */
  async lastCloses(): Promise<Map<number, number>> {
    return new Map(
      (await this.db.rows<{ instrumentId: number; close: number }>('lastCloses')).map((r) => [r.instrumentId, r.close]),
    );
  }

  /** Each perpetual's newest funding rate and open interest, live or imported, by listing id. */
  async latestDerivatives(): Promise<Map<number, { fundingRate: number | null; openInterestUsd: number | null }>> {
    const rows = await this.db.rows<{ listingId: number; fundingRate: number | null; openInterestUsd: number | null }>(
      'latestDerivatives',
    );
    return new Map(rows.map((r) => [r.listingId, r]));
  }

  /** The candles of series `ids` (database ids) in [fromMs, beforeMs), each row naming its series. */
  heldCandles(
    kind: SeriesKind,
    interval: CandleInterval,
    ids: number[],
    fromMs: number,
    beforeMs: number,
  ): Promise<Columns<(typeof HELD_COLUMNS)[number]>> {
    const origin = kind === 'pooled' && interval !== '1m' ? { official: OFFICIAL_SOURCES } : {};
    return this.db.columns(
      HELD_QUERIES[kind][interval],
      { ids, from: new Date(fromMs), before: new Date(beforeMs), ...origin },
      HELD_COLUMNS,
    );
  }

  /** The imported bars of instruments `ids` in the open bucket at `interval` (starting at `bucketMs`), each naming its series. */
  openImported(
    interval: '1h' | '1d',
    ids: number[],
    bucketMs: number,
  ): Promise<Columns<(typeof HELD_COLUMNS)[number]>> {
    const name = interval === '1h' ? 'openImportedBars1h' : 'openImportedBars1d';
    return this.db.columns(name, { ids, bucket: new Date(bucketMs), official: OFFICIAL_SOURCES }, HELD_COLUMNS);
  }

  /** Each series' first candle (epoch ms, null without any). */
  oldestCandles(kind: SeriesKind, interval: CandleInterval): Promise<{ id: number; ts: number | null }[]> {
    return this.db.rows(OLDEST_QUERIES[kind][interval]);
  }

  /**
   * The write of the closed pooled bars, `ids` mapping each bar's series to its instrument id. Its values are taken
   * now, the write runs when called: the tick loop reuses its arrays at the next tick and chains its writes in order.
   */
  barsWrite(closed: ClosedBars, ids: Int32Array): () => Promise<unknown> {
    const params = barInsertParams(
      closed,
      closed.length,
      (k) => ids[closed.series[k]!]!,
      (k) => closed.venues[k]!,
    );
    return () => this.db.rows('insertBars1m', params);
  }

  /** The same for venue listings' own bars, `ids` their listing ids. */
  listingBarsWrite(closed: ClosedBars, ids: Int32Array): () => Promise<unknown> {
    const params = barInsertParams(closed, closed.length, (k) => ids[closed.series[k]!]!, null);
    return () => this.db.rows('insertListingBars1m', params);
  }

  quotesWrite(quotes: QuoteRows): () => Promise<unknown> {
    return () => this.db.rows('insertVenueQuotes', { ...quotes });
  }
}
