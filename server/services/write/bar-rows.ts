// Bars to and from the database: the named values of the bulk bar inserts in sql/queries (one binary array per column,
// for unnest), and the names of the columns the bar queries select.
import type { BarColumns } from '../../../core/kernels/bars.js';
import { float8Array, int2Array, int4Array, timestamptzArray } from './binary-arrays.js';

/** The first `n` bars of `bars` as the insert's values, with the row id of bar k and, when the table has the column, its pool size. */
export function barInsertParams(
  bars: BarColumns,
  n: number,
  id: (k: number) => number,
  venues: ((k: number) => number) | null,
): Record<string, Buffer> {
  return {
    ids: int4Array(n, id),
    ts: timestamptzArray(bars.ts, n),
    open: float8Array(bars.open, n),
    high: float8Array(bars.high, n),
    low: float8Array(bars.low, n),
    close: float8Array(bars.close, n),
    volume: float8Array(bars.volume, n),
    ...(venues ? { venues: int2Array(n, venues) } : {}),
  };
}

/**
 * Columns of the bar and candle queries, as read by `Db.columns` (in time order: `ts` first); `origin` is the bar's
 * source's place in the `official` list the 1h and 1d ones take (0: the venues), see core/sources/history/official.ts.
 */
export const BAR_COLUMNS = ['ts', 'open', 'high', 'low', 'close', 'volume', 'venues', 'origin'] as const;
export type BarColumn = (typeof BAR_COLUMNS)[number];
