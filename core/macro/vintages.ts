// Vintages of macro observations, where a revised value never replaces the first print. From every vintage held of a
// series' observations: per date, the first print, the latest value and whether it was revised; and the series as it
// was known on a given day, with no look-ahead (what a backtest may use).
//
// A vintage is current from its realtimeStart until the next vintage of the same date starts, so realtimeEnd is not
// needed to answer, and a range cut short by the request that read it (FRED answers realtime_end = the day asked)
// still answers. A value of unknown vintage (realtimeStart null: a plain CSV) counts only for a date with no dated
// vintage, and never in an as-of answer, since nobody can say when it was known.
import type { ObservationRecord } from '../sources/macro-records.js';

export interface DateVintages {
  seriesId: string;
  date: number;
  /** The first value published for the date: its earliest vintage with a value; null when none has one. */
  firstPrint: { value: number; realtimeStart: number | null } | null;
  /** The date's latest vintage (value null: missing). */
  latest: { value: number | null; realtimeStart: number | null };
  /** Whether the latest value differs from the first print. */
  revised: boolean;
  /** How many vintages of the date are held. */
  vintages: number;
}

/** Per (series, date), ordered by series then date: first print, latest value, revised or not. */
export function vintagesByDate(observations: readonly ObservationRecord[]): DateVintages[] {
  const out: DateVintages[] = [];
  forEachDate(observations, (rows) => {
    const dated = rows.filter((o) => o.realtimeStart !== null);
    const vintages = dated.length ? dated : rows;
    const first = vintages.find((o) => o.value !== null);
    const last = vintages[vintages.length - 1]!;
    out.push({
      seriesId: last.seriesId,
      date: last.date,
      firstPrint: first ? { value: first.value!, realtimeStart: first.realtimeStart } : null,
      latest: { value: last.value, realtimeStart: last.realtimeStart },
      revised: first !== undefined && last.value !== first.value,
      vintages: vintages.length,
    });
  });
  return out;
}

/** The observations as known on `day` (epoch ms): per (series, date), the latest vintage that had started by then. */
export function asOf(observations: readonly ObservationRecord[], day: number): ObservationRecord[] {
  const out: ObservationRecord[] = [];
  forEachDate(observations, (rows) => {
    let known: ObservationRecord | undefined;
    for (const o of rows) if (o.realtimeStart !== null && o.realtimeStart <= day) known = o;
    if (known) out.push(known);
  });
  return out;
}

/**
 * Calls `each` with the vintages of each (series, date), oldest first (unknown vintages before dated ones); of two
 * records of one vintage, the one given last is kept.
 */
function forEachDate(observations: readonly ObservationRecord[], each: (rows: ObservationRecord[]) => void): void {
  const start = (o: ObservationRecord) => o.realtimeStart ?? -Infinity;
  const sorted = observations
    .map((o, k) => ({ o, k }))
    .sort((a, b) =>
      a.o.seriesId < b.o.seriesId
        ? -1
        : a.o.seriesId > b.o.seriesId
          ? 1
          : a.o.date - b.o.date || start(a.o) - start(b.o) || a.k - b.k,
    );
  let rows: ObservationRecord[] = [];
  for (const { o } of sorted) {
    const last = rows[rows.length - 1];
    if (last && (last.seriesId !== o.seriesId || last.date !== o.date)) {
      each(rows);
      rows = [o];
    } else if (last && last.realtimeStart === o.realtimeStart) rows[rows.length - 1] = o;
    else rows.push(o);
  }
  if (rows.length) each(rows);
}
