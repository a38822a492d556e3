// Everything sources write into the database: the universe (venues, instruments, listings), reference data (sectors,
// companies, people, projects), stories and catalysts with the entities they are about, macro series and prediction
// markets, SEC filings and facts, imported history. One writer works on one connection, so a caller can put several writes in one
// transaction (the demo load is one, an imported file is one).
import type { BarColumns } from '../../../core/kernels/bars.js';
import type { CatalystRecord, StoryRecord } from '../../../core/sources/records.js';
import { barInsertParams } from './bar-rows.js';
import { float8Array, int4Array, timestamptzArray } from './binary-arrays.js';
import { type MacroRecords, MacroWriter } from './macro-writer.js';
import { type OddsRecords, OddsWriter } from './odds-writer.js';
import { type ProfileRecords, type ProfileWrite, ProfileWriter } from './profile-writer.js';
import { type SecRecords, type SecWrite, SecWriter } from './sec-writer.js';
import { StoryWriter } from './story-writer.js';
import type { Rows, Written } from './write-support.js';

export interface UniverseRows {
  venues: { id: string; name: string }[];
  instruments: { symbol: string; name: string; kind: string; currency: string; company: string | null }[];
  listings: {
    symbol: string;
    venue: string;
    market: 'spot' | 'perp';
    venueSymbol: string;
    fundingIntervalHours: number | null;
  }[];
}

/** A series of imported funding and open interest, by listing id. */
export interface DerivativesHistory {
  listingId: number;
  ts: Float64Array;
  fundingRate: Float64Array;
  openInterestUsd: Float64Array;
}

export class Writer {
  private readonly told: StoryWriter;

  constructor(private readonly rows: Rows) {
    this.told = new StoryWriter(rows);
  }

  /** Adds venues, instruments and listings; returns the new instruments' and listings' ids. */
  async universe(u: UniverseRows): Promise<{ instruments: Map<string, number>; listings: Map<string, number> }> {
    const { rows } = this;
    await rows('insertVenues', { ids: u.venues.map((v) => v.id), names: u.venues.map((v) => v.name) });
    const instruments = await rows<{ id: number; symbol: string }>('insertInstruments', {
      symbols: u.instruments.map((i) => i.symbol),
      names: u.instruments.map((i) => i.name),
      kinds: u.instruments.map((i) => i.kind),
      currencies: u.instruments.map((i) => i.currency),
      companies: u.instruments.map((i) => i.company),
    });
    const listings = await rows<{ id: number; instrumentId: number; venue: string; market: string }>('insertListings', {
      symbols: u.listings.map((l) => l.symbol),
      venues: u.listings.map((l) => l.venue),
      markets: u.listings.map((l) => l.market),
      venueSymbols: u.listings.map((l) => l.venueSymbol),
      fundingIntervalHours: u.listings.map((l) => l.fundingIntervalHours),
    });
    const symbolOf = new Map(instruments.map((r) => [r.id, r.symbol]));
    return {
      instruments: new Map(instruments.map((r) => [r.symbol, r.id])),
      listings: new Map(listings.map((r) => [listingKey(symbolOf.get(r.instrumentId)!, r.venue, r.market), r.id])),
    };
  }

  /** Sectors, companies, people and projects, each stored or replaced when it changed. */
  profiles(records: ProfileRecords): Promise<ProfileWrite> {
    return new ProfileWriter(this.rows).write(records);
  }

  /** Macro series, the releases that publish them, their observations by vintage, and release calendars. */
  macro(records: MacroRecords): ReturnType<MacroWriter['write']> {
    return new MacroWriter(this.rows).write(records);
  }

  /** Prediction markets with the events grouping them and their probability history. */
  odds(records: OddsRecords): ReturnType<OddsWriter['write']> {
    return new OddsWriter(this.rows).write(records);
  }

  /** SEC EDGAR's companies, filings with the stories they tell, XBRL facts, and ownership forms with their trades. */
  sec(records: SecRecords): Promise<SecWrite> {
    return new SecWriter(this.rows).write(records);
  }

  /** Stories not stored yet (by source and key), with their entities; ids follow the order given. */
  stories(records: StoryRecord[]): Promise<Written> {
    return this.told.stories(records);
  }

  /** Catalysts not stored yet, and those stored before moved to the time and details given now. */
  catalysts(records: CatalystRecord[]): Promise<Written> {
    return this.told.catalysts(records);
  }

  /** Catalysts stored before that this writer moved (their time or details changed). */
  get movedCatalysts(): number {
    return this.told.movedCatalysts;
  }

  /** Pooled bars of one instrument that did not come from ticks: daily or hourly history, with its source. */
  async importedBars(
    interval: '1h' | '1d',
    instrumentId: number,
    bars: BarColumns,
    venues: number,
    source: string,
  ): Promise<void> {
    const params = {
      ...barInsertParams(
        bars,
        bars.ts.length,
        () => instrumentId,
        () => venues,
      ),
      source,
    };
    await this.rows(interval === '1h' ? 'insertImportedBars1h' : 'insertImportedBars1d', params);
  }

  /** Pooled 1m bars of one instrument (the recent history a source gives at 1m, as the tick loop writes them). */
  async minuteBars(instrumentId: number, bars: BarColumns, venues: number): Promise<void> {
    await this.rows(
      'insertBars1m',
      barInsertParams(
        bars,
        bars.ts.length,
        () => instrumentId,
        () => venues,
      ),
    );
  }

  /** Funding and open interest history of perpetual listings that did not come from live quotes. */
  async importedDerivatives(interval: '1h' | '1d', series: DerivativesHistory[], source: string): Promise<void> {
    const flat = (pick: (s: DerivativesHistory) => ArrayLike<number>) => series.flatMap((s) => Array.from(pick(s)));
    const ids = series.flatMap((s) => Array.from(s.ts, () => s.listingId));
    await this.rows(interval === '1h' ? 'insertImportedDerivatives1h' : 'insertImportedDerivatives1d', {
      ids: int4Array(ids.length, (k) => ids[k]!),
      ts: timestamptzArray(flat((s) => s.ts)),
      fundingRate: float8Array(flat((s) => s.fundingRate)),
      openInterestUsd: float8Array(flat((s) => s.openInterestUsd)),
      source,
    });
  }

  async setting(key: string, value: unknown): Promise<void> {
    await this.rows('setSetting', { key, value });
  }
}

/** How a listing is found in the ids `Writer.universe` returns. */
export function listingKey(symbol: string, venue: string, market: string): string {
  return `${symbol}:${venue}:${market}`;
}
