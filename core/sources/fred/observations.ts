// FRED's /fred/series/observations JSON, and ALFRED's (the same endpoint asked for a span of vintages): each
// observation's date, value ("." is a missing value, not zero) and the realtime range it was the answer in, oldest
// first whatever the request's sort_order. The document does not name its series: the caller gives the id it asked
// for.
import { type Fields, readItems } from '../fields.js';
import type { ObservationRecord } from '../macro-records.js';
import type { SkippedItem } from '../records.js';
import { FRED_SOURCE } from './series-id.js';

/** FRED's realtime_end of a value that is still the answer. */
const STILL_CURRENT = Date.UTC(9999, 11, 31);

export function readObservationsJson(
  observations: unknown[],
  seriesId: string,
): { observations: ObservationRecord[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems(
    observations,
    'observations',
    (f): ObservationRecord => ({
      source: FRED_SOURCE,
      seriesId,
      date: f.date('date'),
      value: observationValue(f),
      realtimeStart: f.has('realtime_start') ? f.date('realtime_start') : null,
      realtimeEnd: realtimeEnd(f),
    }),
  );
  records.sort((a, b) => a.date - b.date || (a.realtimeStart ?? 0) - (b.realtimeStart ?? 0));
  return { observations: records, skipped };
}

function observationValue(f: Fields): number | null {
  return f.raw('value') === '.' ? null : f.decimal('value');
}

function realtimeEnd(f: Fields): number | null {
  if (!f.has('realtime_end')) return null;
  const end = f.date('realtime_end');
  return end === STILL_CURRENT ? null : end;
}
