// FRED's release dates JSON (/fred/release/dates for one release, /fred/releases/dates for all, with their names):
// when each release is or was published, as ReleaseDateRecords.

import { readItems } from '../fields.js';
import type { ReleaseDateRecord } from '../macro-records.js';
import type { SkippedItem } from '../records.js';
import { FRED_SOURCE } from './series-id.js';

export function readReleaseDatesJson(releaseDates: unknown[]): {
  releaseDates: ReleaseDateRecord[];
  skipped: SkippedItem[];
} {
  const { records, skipped } = readItems(
    releaseDates,
    'release_dates',
    (f): ReleaseDateRecord => ({
      source: FRED_SOURCE,
      releaseId: String(f.integer('release_id', 1, Number.MAX_SAFE_INTEGER)),
      releaseName: f.optionalText('release_name', 300),
      date: f.date('date'),
    }),
  );
  return { releaseDates: records, skipped };
}
