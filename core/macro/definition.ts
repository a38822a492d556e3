// What the service stores and says of a series: the catalog's entry (its slug, name, category, display mode and why it
// matters) over what the source says of it (its title, units, frequency, seasonal adjustment), or for a series the
// catalog does not know, the source's own words and a slug made from its id. A plain CSV says nothing but dates and
// values: its frequency is then read from its dates, and a FRED series cites its page on FRED (a definition from the
// source cites the page its parser names, on the site the payload came from).
import { FRED_SOURCE, fredSeriesUrl } from '../sources/fred/series-id.js';
import type { SeriesRecord } from '../sources/macro-records.js';
import type { MacroCategory, MacroDisplayMode, MacroFrequency } from '../vocabulary.js';
import { catalogSeries, type Release } from './catalog.js';
import { inferFrequency } from './frequency.js';

export interface SeriesDefinition {
  slug: string;
  source: string;
  seriesId: string;
  name: string;
  /** The source's own title, when it gave one. */
  sourceTitle: string | null;
  category: MacroCategory;
  units: string | null;
  unitsShort: string | null;
  frequency: MacroFrequency;
  seasonalAdjustment: string | null;
  displayMode: MacroDisplayMode;
  whyItMatters: string | null;
  /** The release that publishes it, when known: from the catalog, or later from the source (FRED's series/release). */
  release: Release | null;
  sourceUrl: string | null;
  /** When the source last changed the series (epoch ms). */
  lastUpdated: number | null;
}

/** The slug of a series the catalog does not know: its source and id (fred-dgs1mo). */
export function derivedSlug(source: string, seriesId: string): string {
  return `${source}-${seriesId.toLowerCase().replaceAll('_', '-')}`;
}

/**
 * The definition of `source`'s series `seriesId` from the catalog and from `record` (null when the payload has only
 * observations, whose `dates` then give the frequency of a series the catalog does not know either).
 */
export function seriesDefinition(
  source: string,
  seriesId: string,
  record: SeriesRecord | null,
  dates: readonly number[],
): SeriesDefinition {
  const known = catalogSeries(source, seriesId);
  const units = record?.units ?? known?.units ?? null;
  return {
    slug: known?.slug ?? derivedSlug(source, seriesId),
    source,
    seriesId,
    name: known?.name ?? record?.title ?? seriesId,
    sourceTitle: record?.title ?? null,
    category: known?.category ?? 'other',
    units,
    unitsShort: record?.unitsShort ?? null,
    frequency: record?.frequency ?? known?.frequency ?? inferFrequency(dates) ?? 'daily',
    seasonalAdjustment: record?.seasonalAdjustmentShort ?? known?.seasonalAdjustment ?? null,
    displayMode: known?.displayMode ?? (units !== null && /^percent/i.test(units) ? 'rate' : 'level'),
    whyItMatters: known?.whyItMatters ?? null,
    release: known?.release ?? null,
    sourceUrl: record?.sourceUrl ?? (source === FRED_SOURCE ? fredSeriesUrl(seriesId) : null),
    lastUpdated: record?.lastUpdated ?? null,
  };
}
