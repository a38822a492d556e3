// A large payload as bounded batches, each to be written in a transaction of its own, so that the one embedded
// connection is free for requests between them (a 60,000-story import held it 46 s; /v1/events waited 3.6 s). What
// the records refer to comes first: the batch of everything but the long lists, then those lists in slices, in the
// order records are written. A batch that fails leaves the ones before it written; importing the file again writes
// only what is missing, as records already stored are found by their source and key.
import { type ParsedPayload, RECORD_KINDS, type RecordKind } from './records.js';

/**
 * The kinds that come in tens of thousands (a wire's archive, a calendar's years), cut in slices. A series' observations
 * and a market's history stay whole with their definitions: the writers read a series' frequency from its dates.
 */
const LONG: readonly RecordKind[] = ['stories', 'catalysts'];

/** The batches of `payload`, each long list cut to `size`; the parser's skipped items are the caller's to report. */
export function payloadBatches(payload: ParsedPayload, size: number): ParsedPayload[] {
  const first: ParsedPayload = { skipped: [] };
  const rest: ParsedPayload[] = [];
  for (const kind of RECORD_KINDS) {
    const records = (payload[kind] ?? []) as unknown[];
    if (!records.length) continue;
    if (!LONG.includes(kind) || records.length <= size) (first as Record<string, unknown[]>)[kind] = records;
    else for (let i = 0; i < records.length; i += size) rest.push({ skipped: [], [kind]: records.slice(i, i + size) });
  }
  return [first, ...rest];
}
