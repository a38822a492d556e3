// The normalized macro records every macro source's parser produces: a series' definition, its observations each with
// the vintage (realtime range) it was read from, and the scheduled dates of the releases that publish series. Calendar
// dates are the epoch ms of their UTC midnight.
import type { MacroFrequency } from '../vocabulary.js';
import type { Provenance, SkippedItem } from './provenance.js';

/** A series' definition as its source describes it; `sourceKey` is the source's series id. */
export interface SeriesRecord extends Provenance {
  title: string;
  units: string;
  unitsShort: string | null;
  frequency: MacroFrequency;
  seasonalAdjustment: string | null;
  seasonalAdjustmentShort: string | null;
  observationStart: number | null;
  observationEnd: number | null;
  /** When the source last changed the series (epoch ms). */
  lastUpdated: number | null;
  notes: string | null;
  /** The series' page on the site its payload came from: what a reader cites. */
  sourceUrl: string;
}

/**
 * One observation of a series in one vintage. Its identity is (source, seriesId, date, realtimeStart): a revision is a
 * new record with a later realtimeStart, never a change to the first print.
 */
export interface ObservationRecord {
  source: string;
  /** The source's own series id (FRED's CPIAUCSL). */
  seriesId: string;
  /** The period the value is for (its first day). */
  date: number;
  /** Null when the source marks the value missing (FRED's "."): never zero. */
  value: number | null;
  /** First day this value was the source's answer; null when the file does not say (a plain CSV download). */
  realtimeStart: number | null;
  /** Last day it was (inclusive); null while it still is (FRED's 9999-12-31) or when the file does not say. */
  realtimeEnd: number | null;
}

/** A scheduled publication of a release (FRED's release_id 10 is the CPI). */
export interface ReleaseDateRecord {
  source: string;
  releaseId: string;
  releaseName: string | null;
  date: number;
}

/** The release that publishes a series (FRED's CPIAUCSL is published by release 10, the Consumer Price Index). */
export interface SeriesReleaseRecord {
  source: string;
  seriesId: string;
  releaseId: string;
  releaseName: string;
}

/** What a macro parser read from one payload. */
export interface MacroPayload {
  series: SeriesRecord[];
  seriesReleases: SeriesReleaseRecord[];
  observations: ObservationRecord[];
  releaseDates: ReleaseDateRecord[];
  skipped: SkippedItem[];
}

export function emptyMacroPayload(): MacroPayload {
  return { series: [], seriesReleases: [], observations: [], releaseDates: [], skipped: [] };
}
