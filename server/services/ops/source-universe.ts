// Stores the universe of the sources file at start, in one transaction: new instruments and listings are added,
// stored ones keep their ids and history.
import type { SourcesUniverse } from '../../../core/sources/sources-universe.js';
import type { Db } from '../../db.js';

export class SourceUniverseService {
  constructor(private readonly db: Db) {}

  /** Adds what is not stored yet; returns how many instruments and listings were added or changed. */
  add(u: SourcesUniverse): Promise<{ instruments: number; listings: number }> {
    return this.db.transaction(async (tx) => {
      await tx.rows('addVenues', { ids: u.venues.map((v) => v.id), names: u.venues.map((v) => v.name) });
      const instruments = await tx.rows('addInstruments', {
        symbols: u.instruments.map((i) => i.symbol),
        names: u.instruments.map((i) => i.name),
        kinds: u.instruments.map((i) => i.kind),
        currencies: u.instruments.map((i) => i.currency),
      });
      const listings = await tx.rows('addListings', {
        symbols: u.listings.map((l) => l.symbol),
        venues: u.listings.map((l) => l.venue),
        markets: u.listings.map((l) => l.market),
        venueSymbols: u.listings.map((l) => l.venueSymbol),
        fundingIntervalHours: u.listings.map((l) => l.fundingIntervalHours),
      });
      return { instruments: instruments.length, listings: listings.length };
    });
  }
}
