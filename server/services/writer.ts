// Everything sources write into the database: the universe (venues, instruments, listings), reference data (sectors,
// companies, people, projects), stories and catalysts with the entities they are about, macro series and prediction
// markets, SEC filings and facts, imported history. One writer works on one connection, so a caller can put several writes in one
// transaction (the demo load is one, an imported file is one).
import type { BarColumns } from '../../core/kernels/bars.js';
import type { Ref } from '../../core/refs.js';
import type { CatalystRecord, StoryRecord } from '../../core/sources/records.js';
import type { Db } from '../db.js';
import { barInsertParams } from './bar-rows.js';
import { MacroWriter, type MacroRecords } from './macro-writer.js';
import { OddsWriter, type OddsRecords } from './odds-writer.js';
import { ProfileWriter, type ProfileRecords, type ProfileWrite } from './profile-writer.js';
import { SecWriter, type SecRecords, type SecWrite } from './sec-writer.js';

export type Rows = Db['rows'];

/** The ids of the records a write stored, by recordKey(source, sourceKey); those already stored are not in it. */
export type Written = Map<string, number>;

export interface UniverseRows {
  venues: { id: string; name: string }[];
  instruments: { symbol: string; name: string; kind: string; currency: string; company: string | null }[];
  listings: { symbol: string; venue: string; market: 'spot' | 'perp'; venueSymbol: string; fundingIntervalHours: number | null }[];
}

/** A series of imported funding and open interest, by listing id. */
export interface DerivativesHistory {
  listingId: number;
  ts: Float64Array;
  fundingRate: Float64Array;
  openInterestUsd: Float64Array;
}

export class Writer {
  /** Catalysts stored before that this writer moved (their time or details changed). */
  movedCatalysts = 0;

  constructor(private readonly rows: Rows) {}

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
  async stories(records: StoryRecord[]): Promise<Written> {
    return this.bySource(records, async (source, batch) => {
      const rows = await this.rows<{ id: number; key: string }>('insertStories', {
        source,
        keys: batch.map((r) => r.sourceKey),
        kinds: batch.map((r) => r.kind),
        occurredAt: batch.map((r) => new Date(r.occurredAt)),
        precisions: batch.map((r) => r.precision),
        headlines: batch.map((r) => r.headline),
        summaries: batch.map((r) => r.summary),
        points: batch.map((r) => JSON.stringify(r.points)),
        importance: batch.map((r) => r.importance),
        sourceNames: batch.map((r) => r.sourceName),
        sourceUrls: batch.map((r) => r.sourceUrl),
      });
      await this.rows('insertEventEntities', entityParams(rows, batch));
      return rows;
    });
  }

  /**
   * Catalysts not stored yet (by source and key), with their entities, and those stored before updated to the time and
   * details given now; their outcomes are linked from the stories later.
   */
  async catalysts(records: CatalystRecord[]): Promise<Written> {
    return this.bySource(records, async (source, batch) => {
      const rows = await this.rows<{ id: number; key: string }>('insertCatalysts', {
        source,
        keys: batch.map((r) => r.sourceKey),
        kinds: batch.map((r) => r.kind),
        titles: batch.map((r) => r.title),
        expectedAt: batch.map((r) => new Date(r.expectedAt)),
        precisions: batch.map((r) => r.precision),
        confirmed: batch.map((r) => r.confirmed),
        descriptions: batch.map((r) => r.description),
        consensus: batch.map((r) => r.consensus),
        sourceUrls: batch.map((r) => r.sourceUrl),
      });
      await this.rows('insertCatalystEntities', entityParams(rows, batch));
      // Those stored before take the time and details given now: a catalyst that moved keeps its id.
      const fresh = new Set(rows.map((r) => r.key));
      const before = batch.filter((r) => !fresh.has(r.sourceKey));
      if (before.length) {
        const [moved] = await this.rows<{ n: number }>('moveCatalysts', {
          source,
          keys: before.map((r) => r.sourceKey),
          titles: before.map((r) => r.title),
          expectedAt: before.map((r) => new Date(r.expectedAt)),
          precisions: before.map((r) => r.precision),
          confirmed: before.map((r) => r.confirmed),
          descriptions: before.map((r) => r.description),
          sourceUrls: before.map((r) => r.sourceUrl),
        });
        this.movedCatalysts += moved!.n;
      }
      return rows;
    });
  }

  /** Pooled bars of one instrument that did not come from ticks: daily or hourly history, with its source. */
  async importedBars(interval: '1h' | '1d', instrumentId: number, bars: BarColumns, venues: number, source: string): Promise<void> {
    const params = { ...barInsertParams(bars, bars.ts.length, () => instrumentId, () => venues), source };
    await this.rows(interval === '1h' ? 'insertImportedBars1h' : 'insertImportedBars1d', params);
  }

  /** Pooled 1m bars of one instrument (the recent history a source gives at 1m, as the tick loop writes them). */
  async minuteBars(instrumentId: number, bars: BarColumns, venues: number): Promise<void> {
    await this.rows('insertBars1m', barInsertParams(bars, bars.ts.length, () => instrumentId, () => venues));
  }

  /** Funding and open interest history of perpetual listings that did not come from live quotes. */
  async importedDerivatives(interval: '1h' | '1d', series: DerivativesHistory[], source: string): Promise<void> {
    const all = <T>(pick: (s: DerivativesHistory, k: number) => T) => series.flatMap((s) => Array.from(s.ts, (_, k) => pick(s, k)));
    await this.rows(interval === '1h' ? 'insertImportedDerivatives1h' : 'insertImportedDerivatives1d', {
      ids: all((s) => s.listingId),
      ts: all((s, k) => new Date(s.ts[k]!)),
      fundingRate: all((s, k) => s.fundingRate[k]!),
      openInterestUsd: all((s, k) => s.openInterestUsd[k]!),
      source,
    });
  }

  async setting(key: string, value: unknown): Promise<void> {
    await this.rows('setSetting', { key, value });
  }

  /** Writes each source's records in the order given (a key given twice is written once); returns the new ones' ids. */
  private async bySource<R extends StoryRecord | CatalystRecord>(
    records: R[],
    write: (source: string, batch: R[]) => Promise<{ id: number; key: string }[]>,
  ): Promise<Written> {
    const ids: Written = new Map();
    const groups = new Map<string, Map<string, R>>();
    for (const r of records) {
      const group = groups.get(r.source) ?? new Map<string, R>();
      if (!group.has(r.sourceKey)) group.set(r.sourceKey, r);
      groups.set(r.source, group);
    }
    for (const [source, group] of groups) {
      for (const row of await write(source, [...group.values()])) ids.set(recordKey(source, row.key), row.id);
    }
    return ids;
  }
}

/** How a written record is found in `Written.ids`. */
export function recordKey(source: string, sourceKey: string): string {
  return `${source}\u0000${sourceKey}`;
}

/** How a listing is found in the ids `Writer.universe` returns. */
export function listingKey(symbol: string, venue: string, market: string): string {
  return `${symbol}:${venue}:${market}`;
}

/** The entity-link insert of the records just written (`rows`: their new ids by key), each one's refs in order. */
function entityParams(rows: { id: number; key: string }[], batch: { sourceKey: string; entities: Ref[] }[]): Record<string, unknown[]> {
  const byKey = new Map(batch.map((r) => [r.sourceKey, r.entities]));
  const links = rows.flatMap((row) => byKey.get(row.key)!.map((ref, position) => ({ id: row.id, position, ref })));
  return {
    ids: links.map((l) => l.id),
    positions: links.map((l) => l.position),
    types: links.map((l) => l.ref.type),
    keys: links.map((l) => l.ref.key),
    labels: links.map((l) => l.ref.label),
    paths: links.map((l) => l.ref.path),
  };
}
