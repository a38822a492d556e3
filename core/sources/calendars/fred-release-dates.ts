// FRED's release dates (/fred/release/dates): each date of a release a macro release on that day, known by the release
// and the month it falls in, so a date moved within its month keeps its catalyst. FRED gives no time of day.
import type { CatalystRecord, SkippedItem } from '../records.js';
import { type CalendarRead, isoDay } from './read.js';

/** Names of FRED's most followed releases by id; others are named by their id. */
const RELEASES = new Map([
  [9, 'Advance Monthly Retail Sales'],
  [10, 'Consumer Price Index'],
  [46, 'Producer Price Index'],
  [50, 'Employment Situation'],
  [53, 'Gross Domestic Product'],
  [54, 'Personal Income and Outlays'],
  [180, 'Unemployment Insurance Weekly Claims'],
  [13, 'Industrial Production'],
]);

export function fredReleaseCatalysts(dates: unknown[]): CalendarRead {
  const catalysts: CatalystRecord[] = [];
  const skipped: SkippedItem[] = [];
  dates.forEach((raw, k) => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const id = Number(r.release_id);
    const day = isoDay(r.date);
    if (!Number.isInteger(id) || id <= 0)
      return void skipped.push({
        item: `release_dates[${k}]`,
        reason: `release_id: expected a positive integer, got ${JSON.stringify(r.release_id)}`,
      });
    if (Number.isNaN(day))
      return void skipped.push({
        item: `release_dates[${k}]`,
        reason: `date: expected YYYY-MM-DD, got ${JSON.stringify(r.date)}`,
      });
    const name = RELEASES.get(id) ?? `FRED release ${id}`;
    catalysts.push({
      source: 'calendar',
      sourceKey: `fred:release-${id}:${String(r.date).slice(0, 7)}`,
      kind: 'macro_release',
      title: name,
      expectedAt: day,
      precision: 'day',
      confirmed: true,
      description: null,
      consensus: null,
      sourceUrl: `https://fred.stlouisfed.org/releases/calendar?rid=${id}`,
      entities: [],
    });
  });
  return { catalysts, skipped };
}
