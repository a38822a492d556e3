// FRED's /fred/series/release JSON (`{releases: [{id, name, ...}]}`): the release that publishes one series, which
// its release dates (the next release) are then found by. The document does not name its series: the caller gives it.
import { readItems } from '../fields.js';
import type { SeriesReleaseRecord } from '../macro-records.js';
import { PayloadError, type SkippedItem } from '../records.js';
import { FRED_SOURCE } from './series-id.js';

export function readSeriesReleaseJson(
  releases: unknown[],
  seriesId: string,
): { seriesReleases: SeriesReleaseRecord[]; skipped: SkippedItem[] } {
  // A series is published by one release; a longer list is FRED's list of every release (/fred/releases).
  if (releases.length > 1)
    throw new PayloadError(
      `a list of ${releases.length} releases is not the release of one series (/fred/series/release)`,
    );
  const { records, skipped } = readItems(
    releases,
    'releases',
    (f): SeriesReleaseRecord => ({
      source: FRED_SOURCE,
      seriesId,
      releaseId: String(f.integer('id', 1, Number.MAX_SAFE_INTEGER)),
      releaseName: f.text('name', 300),
    }),
  );
  return { seriesReleases: records, skipped };
}
