// What the writers of records share: the connection they write on, how a stored record's content is compared, how a
// write is counted, and how a written record is found.
import { createHash } from 'node:crypto';
import type { Db } from '../../db.js';

/** The queries of one connection (a transaction's, as a rule): what every writer writes with. */
export type Rows = Db['rows'];

/** The ids of the records a write stored, by recordKey(source, sourceKey); those already stored are not in it. */
export type Written = Map<string, number>;

export interface Counts {
  read: number;
  written: number;
  /** Already stored (by source and key, or unchanged), or given twice: left as they are. */
  existing: number;
}

/** What a record's stored content is compared by: everything but its provenance. */
export function contentHash(record: object): string {
  const { source: _, sourceKey: __, ...content } = record as { source?: string; sourceKey?: string };
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

/** The counts of a kind: `read` from the payload, `written`, `left` out (what they refer to is not there), the rest already stored. */
export function counts(read: number, written: number, left = 0): Counts {
  return { read, written, existing: read - written - left };
}

/** How a written record is found in `Written.ids`. */
export function recordKey(source: string, sourceKey: string): string {
  return `${source}\u0000${sourceKey}`;
}
