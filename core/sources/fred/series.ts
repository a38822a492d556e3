// FRED's /fred/series JSON (`{seriess: [...]}`): a series' title, units, frequency, seasonal adjustment, span and
// notes, as SeriesRecords keyed by the series id, each citing its page on `site`.
import type { MacroFrequency } from '../../vocabulary.js';
import { type Fields, ItemError, readItems } from '../fields.js';
import type { SeriesRecord } from '../macro-records.js';
import type { SkippedItem } from '../records.js';
import { FRED_SOURCE, fredSeriesUrl, seriesIdOf } from './series-id.js';

/** FRED's frequency_short codes; the long names ("Weekly, Ending Saturday") start with the same word as ours. */
const FREQUENCIES = new Map<string, MacroFrequency>([
  ['D', 'daily'],
  ['W', 'weekly'],
  ['BW', 'biweekly'],
  ['M', 'monthly'],
  ['Q', 'quarterly'],
  ['SA', 'semiannual'],
  ['A', 'annual'],
]);

export function readSeriesJson(seriess: unknown[], site: string): { series: SeriesRecord[]; skipped: SkippedItem[] } {
  const { records, skipped } = readItems(seriess, 'seriess', (f): SeriesRecord => {
    const id = seriesId(f);
    return {
      source: FRED_SOURCE,
      sourceKey: id,
      title: f.text('title', 500),
      units: f.text('units', 200),
      unitsShort: f.optionalText('units_short', 100),
      frequency: frequency(f),
      seasonalAdjustment: f.optionalText('seasonal_adjustment', 200),
      seasonalAdjustmentShort: f.optionalText('seasonal_adjustment_short', 20),
      observationStart: f.has('observation_start') ? f.date('observation_start') : null,
      observationEnd: f.has('observation_end') ? f.date('observation_end') : null,
      lastUpdated: f.optionalInstant('last_updated'),
      notes: f.optionalText('notes', 20_000),
      sourceUrl: fredSeriesUrl(id, site),
    };
  });
  return { series: records, skipped };
}

function seriesId(f: Fields): string {
  const id = seriesIdOf(f.text('id', 60));
  if (!id) throw new ItemError('id: expected a FRED series id');
  return id;
}

function frequency(f: Fields): MacroFrequency {
  const short = f.optionalText('frequency_short', 10);
  if (short !== null) {
    const known = FREQUENCIES.get(short.toUpperCase());
    if (!known) throw new ItemError(`frequency_short: unknown frequency ${JSON.stringify(short)}`);
    return known;
  }
  const long = f.text('frequency', 100).toLowerCase();
  const known = [...FREQUENCIES.values()].find((name) => long.startsWith(name));
  if (!known) throw new ItemError(`frequency: unknown frequency ${JSON.stringify(long)}`);
  return known;
}
