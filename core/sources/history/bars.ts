// OHLCV bars read from a history file or a venue's REST candles, in the columns the bar kernels use: each row checked
// (a malformed one is skipped with its reason, never half-kept), sorted oldest first, one bar per open time.
import type { BarColumns } from '../../kernels/bars.js';
import { ItemError, readEach } from '../fields.js';
import type { SkippedItem } from '../records.js';

/**
 * Bars oldest first; `length` of the columns are filled. Unlike the tick-built bars, `volume` is in the quote
 * currency (USDT for BTCUSDT, shares x price for a stock): its conversion to USD is the caller's, as for quotes.
 */
export interface HistoryBars extends BarColumns {
  length: number;
  /** Base volume (coins, shares); NaN where the payload gives only the quote volume. */
  volumeBase: Float64Array;
  /** True when the payload had no quote volume and `volume` is base volume x close. */
  volumeEstimated: boolean;
  skipped: SkippedItem[];
}

/** One row as a payload gives it: NaN for a volume the payload does not have. */
export interface BarRow {
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volumeBase: number;
  volumeQuote: number;
}

/**
 * Bars from `items`, each read by `read` (which throws an ItemError naming what is wrong); a row whose prices are
 * not positive, whose high and low do not bound its open and close, or whose volume is negative is skipped with
 * its reason, as is a second row at the same open time.
 */
export function collectBars<T>(items: readonly T[], name: string, read: (item: T) => BarRow): HistoryBars {
  const { records, skipped } = readEach(items, name, (item, k) => ({ row: checked(read(item)), k }));
  records.sort((a, b) => a.row.ts - b.row.ts || a.k - b.k);
  const kept: BarRow[] = [];
  for (const { row, k } of records) {
    if (kept.length && kept.at(-1)!.ts === row.ts)
      skipped.push({ item: `${name}[${k}]`, reason: `a second bar at ${new Date(row.ts).toISOString()}` });
    else kept.push(row);
  }
  return fromRows(kept, skipped);
}

function checked(row: BarRow): BarRow {
  const { ts, open, high, low, close, volumeBase, volumeQuote } = row;
  if (!Number.isInteger(ts) || ts < 0 || ts > 8.64e15) throw new ItemError(`time: not a valid time (${ts})`);
  for (const [field, v] of [
    ['open', open],
    ['high', high],
    ['low', low],
    ['close', close],
  ] as const) {
    if (!(v > 0) || !Number.isFinite(v)) throw new ItemError(`${field}: expected a price above 0, got ${v}`);
  }
  if (high < Math.max(open, close, low) || low > Math.min(open, close))
    throw new ItemError(`high ${high} and low ${low} do not bound open ${open} and close ${close}`);
  if (volumeBase < 0 || volumeQuote < 0) throw new ItemError('volume: negative');
  return row;
}

function fromRows(rows: BarRow[], skipped: SkippedItem[]): HistoryBars {
  const n = rows.length;
  const bars: HistoryBars = {
    ts: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
    volumeBase: new Float64Array(n),
    length: n,
    volumeEstimated: rows.some((r) => Number.isNaN(r.volumeQuote)),
    skipped,
  };
  rows.forEach((r, k) => {
    bars.ts[k] = r.ts;
    bars.open[k] = r.open;
    bars.high[k] = r.high;
    bars.low[k] = r.low;
    bars.close[k] = r.close;
    bars.volumeBase[k] = r.volumeBase;
    bars.volume[k] = Number.isNaN(r.volumeQuote) ? r.volumeBase * r.close : r.volumeQuote;
  });
  return bars;
}

/** Why a venue's bar of the minute still open is left out: said, but not a fault of the payload. */
export const STILL_FORMING = 'the bar still forming';

/** The bars that opened before `cutMs` (the others are still forming, or past what the caller asked). */
export function barsBefore(bars: HistoryBars, cutMs: number, why: string): HistoryBars {
  let n = bars.length;
  while (n > 0 && bars.ts[n - 1]! >= cutMs) n--;
  if (n === bars.length) return bars;
  const dropped = Array.from({ length: bars.length - n }, (_, k) => ({
    item: new Date(bars.ts[n + k]!).toISOString(),
    reason: why,
  }));
  const cut = (column: Float64Array) => column.slice(0, n);
  return {
    ts: cut(bars.ts),
    open: cut(bars.open),
    high: cut(bars.high),
    low: cut(bars.low),
    close: cut(bars.close),
    volume: cut(bars.volume),
    volumeBase: cut(bars.volumeBase),
    length: n,
    volumeEstimated: bars.volumeEstimated,
    skipped: [...bars.skipped, ...dropped],
  };
}
