// What the writers of records share: how a stored record's content is compared, and how a write is counted.
import { createHash } from 'node:crypto';
import type { Counts } from './imports.js';

/** What a record's stored content is compared by: everything but its provenance. */
export function contentHash(record: object): string {
  const { source: _, sourceKey: __, ...content } = record as { source?: string; sourceKey?: string };
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

/** The counts of a kind: `read` from the payload, `written`, `left` out (what they refer to is not there), the rest already stored. */
export function counts(read: number, written: number, left = 0): Counts {
  return { read, written, existing: read - written - left };
}
