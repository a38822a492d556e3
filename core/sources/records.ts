// The normalized records every source's parser produces from its own format, and the one path they take into the
// database: a live feed, the import command and the demo all hand these to the same services.
import type { Ref } from '../refs.js';
import type { CATALYST_KINDS, EventKind, PRECISIONS } from '../vocabulary.js';

/** Where a record came from: the source (as the sources registry names it) and the source's own key for the item. */
export interface Provenance {
  source: string;
  /** A feed item's guid, a filing's accession number...: with `source`, the record's identity across imports. */
  sourceKey: string;
}

export interface StoryRecord extends Provenance {
  kind: EventKind;
  occurredAt: number;
  precision: (typeof PRECISIONS)[number];
  headline: string;
  /** In the service's own words; null when the source gives none. */
  summary: string | null;
  points: string[];
  importance: number;
  /** The publisher's name and the original's address: what a reader cites. */
  sourceName: string;
  sourceUrl: string;
  entities: Ref[];
}

export interface CatalystRecord extends Provenance {
  kind: (typeof CATALYST_KINDS)[number];
  title: string;
  expectedAt: number;
  precision: (typeof PRECISIONS)[number];
  confirmed: boolean;
  description: string | null;
  consensus: string | null;
  sourceUrl: string | null;
  entities: Ref[];
}

/**
 * The latest quote of each venue listing, in the market's listing order (grouped by instrument: the pooling kernel's
 * layout): what every venue feed writes, whatever its venue's protocol.
 */
export interface VenueQuotes {
  price: Float64Array;
  /** When the quote was taken (epoch ms); NaN for a listing without a quote yet. */
  ts: Float64Array;
  volume24hUsd: Float64Array;
  openInterestUsd: Float64Array;
  /** Per the listing's own funding interval (fraction); NaN for spot. */
  fundingRate: Float64Array;
}

/** Quotes of `n` listings, none quoted yet. */
export function allocateVenueQuotes(n: number): VenueQuotes {
  return {
    price: new Float64Array(n).fill(NaN),
    ts: new Float64Array(n).fill(NaN),
    volume24hUsd: new Float64Array(n),
    openInterestUsd: new Float64Array(n).fill(NaN),
    fundingRate: new Float64Array(n).fill(NaN),
  };
}

/** An item of a payload that could not be read, and why: reported and left out, never half-written. */
export interface SkippedItem {
  /** Where it was in the payload (an index, a guid), for the report. */
  item: string;
  reason: string;
}

/** What a parser read from one payload. */
export interface ParsedPayload {
  stories: StoryRecord[];
  catalysts: CatalystRecord[];
  skipped: SkippedItem[];
}

/** A payload whose whole shape is wrong (not JSON, not this source's format): nothing of it is written. */
export class PayloadError extends Error {}
