// The venues, instruments and listings a sources file names, as rows to store.
import type { SourcesFile } from '../schemas/sources.js';
import { venueNamed } from './venues/index.js';
import type { Market } from './venues/protocol.js';

export interface SourcesUniverse {
  venues: { id: string; name: string }[];
  instruments: { symbol: string; name: string; kind: string; currency: string }[];
  listings: {
    symbol: string;
    venue: string;
    market: Market;
    venueSymbol: string;
    fundingIntervalHours: number | null;
  }[];
}

/** The rows of a checked sources file (its venues are known ones). */
export function sourcesUniverse(file: SourcesFile): SourcesUniverse {
  const listings = file.instruments.flatMap((inst) =>
    inst.listings.map((l) => ({
      symbol: inst.symbol,
      venue: l.venue,
      market: l.market,
      venueSymbol: l.venueSymbol,
      fundingIntervalHours: l.fundingIntervalHours ?? null,
    })),
  );
  const venueIds = [...new Set(listings.map((l) => l.venue))];
  return {
    venues: venueIds.map((id) => ({ id, name: venueNamed(id)?.name ?? id })),
    instruments: file.instruments.map((i) => ({ symbol: i.symbol, name: i.name, kind: i.kind, currency: i.currency })),
    listings,
  };
}
