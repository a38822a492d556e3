// Bars to and from the database: the named values of the bulk bar inserts in sql/queries (one array per column, for
// unnest), and the names of the columns the bar queries select.
import type { BarColumns } from '../../../core/kernels/bars.js';

/** The first `n` bars of `bars` as the insert's values, with the row id of bar k and, when the table has the column, its pool size. */
export function barInsertParams(bars: BarColumns, n: number, id: (k: number) => number, venues: ((k: number) => number) | null): Record<string, unknown[]> {
  const column = (a: Float64Array) => Array.from(a.subarray(0, n));
  return {
    ids: Array.from({ length: n }, (_, k) => id(k)),
    ts: Array.from(bars.ts.subarray(0, n), (ts) => new Date(ts)),
    open: column(bars.open),
    high: column(bars.high),
    low: column(bars.low),
    close: column(bars.close),
    volume: column(bars.volume),
    ...(venues ? { venues: Array.from({ length: n }, (_, k) => venues(k)) } : {}),
  };
}

/**
 * Columns of the bar and candle queries, as read by `Db.columns` (in time order: `ts` first); `origin` is the bar's
 * source's place in the `official` list the 1h and 1d ones take (0: the venues), see core/sources/history/official.ts.
 */
export const BAR_COLUMNS = ['ts', 'open', 'high', 'low', 'close', 'volume', 'venues', 'origin'] as const;
export type BarColumn = (typeof BAR_COLUMNS)[number];
