// How the stream's batches are kept in Redis: one Redis Stream entry per batch, its entry id the batch's first message
// id (`<firstId>-0`), so Redis itself refuses a batch numbered at or before one it holds (a deposed producer's).
import type { Outgoing } from '../ports/index.js';

export const STREAM_KEY = 'tapewire:stream';

/** A batch as published, with the id of its first message. */
export interface Entry {
  firstId: number;
  batch: Outgoing[];
}

/** The fields of a batch's entry: its messages as [event, key, topics, json]. */
export function entryFields(batch: readonly Outgoing[]): [string, string] {
  return ['b', JSON.stringify(batch.map((m) => [m.event, m.key, m.topics, m.json]))];
}

/** An entry as Redis returns it ([id, [field, value, ...]]), or null for one this version did not write. */
export function readEntry([id, fields]: [string, string[]]): Entry | null {
  const firstId = Number(id.slice(0, id.indexOf('-')));
  const at = fields.indexOf('b');
  const b = at < 0 ? undefined : fields[at + 1];
  if (!(firstId > 0) || b === undefined) return null;
  try {
    const rows = JSON.parse(b) as [string, string | null, string[], string][];
    return { firstId, batch: rows.map(([event, key, topics, json]) => ({ event, key, topics, json })) };
  } catch {
    return null;
  }
}

/** The id of the last message of `entry`. */
export const lastIdOf = (entry: Entry) => entry.firstId + entry.batch.length - 1;
