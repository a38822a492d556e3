// What every record and every parser shares: where a record came from, an item left out and why, and a payload
// refused whole. The leaf the record kinds (records.ts, macro-, odds- and SEC records) and the parsers stand on.
/** Where a record came from: the source (as the sources registry names it) and the source's own key for the item. */
export interface Provenance {
  source: string;
  /** A feed item's guid, a filing's accession number...: with `source`, the record's identity across imports. */
  sourceKey: string;
}

/** An item of a payload that could not be read, and why: reported and left out, never half-written. */
export interface SkippedItem {
  /** Where it was in the payload (an index, a guid), for the report. */
  item: string;
  reason: string;
}

/** A payload whose whole shape is wrong (not JSON, not this source's format): nothing of it is written. */
export class PayloadError extends Error {}
