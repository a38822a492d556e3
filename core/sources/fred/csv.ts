// FRED series as CSV, in every layout found in the wild: fredgraph's `observation_date,<ID>` (blank = missing), its
// pre-2024 `DATE,<ID>` ("." = missing), mirrors' quoted `"Date","<ID>"`, API exports' `date,value` (the series id then
// comes from the caller: the file's name), several series side by side, and ALFRED's vintage columns `<ID>_<YYYYMMDD>`
// (one column per vintage, read into realtime ranges). A row that cannot be read is skipped whole, with its line.
// Its own line splitter rather than csv-parse (bench/parsers.ts, bench/results/2026-12-07-parsers.md): the same cells
// on the 23 real FRED files, 1.4 times less CPU to split the largest (190 KB), and FRED never quotes a value: a quoted
// comma or newline makes its row the wrong width or not a number, and only that row is skipped.
import { DAY_MS, parseDay } from '../../time.js';
import { decimalOf } from '../fields.js';
import type { ObservationRecord } from '../macro-records.js';
import { PayloadError, type SkippedItem } from '../records.js';
import { FRED_SOURCE, seriesIdOf } from './series-id.js';

const DATE_HEADERS = new Set(['date', 'observation_date']);
const VINTAGE_COLUMN = /^(.+)_(\d{4})(\d{2})(\d{2})$/;
/** ALFRED's cell for a date a vintage did not have yet. */
const NOT_IN_VINTAGE = '#N/A';

/** A value column: its series, and for an ALFRED vintage column the realtime range that vintage was current. */
interface Column {
  seriesId: string;
  realtimeStart: number | null;
  realtimeEnd: number | null;
}

export function readFredCsv(
  text: string,
  givenSeriesId: string | null,
): { observations: ObservationRecord[]; skipped: SkippedItem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = cells(lines[0] ?? '');
  if (header.length < 2 || !DATE_HEADERS.has(header[0]!.toLowerCase())) {
    throw new PayloadError(
      `not a FRED CSV: expected a header "observation_date,<SERIES_ID>", "DATE,<SERIES_ID>" or "date,value", found ${JSON.stringify((lines[0] ?? '').slice(0, 80))}`,
    );
  }
  const columns = valueColumns(header.slice(1), givenSeriesId);
  const vintageOrder = columns.some((c) => c.realtimeStart !== null) ? byVintage(columns) : null;
  const observations: ObservationRecord[] = [];
  const skipped: SkippedItem[] = [];
  for (let k = 1; k < lines.length; k++) {
    const line = lines[k]!;
    if (!line.trim()) continue;
    const row = readRow(line, columns);
    if (typeof row === 'string') skipped.push({ item: `line ${k + 1}`, reason: row });
    else if (vintageOrder) observations.push(...collapseVintages(row.date, row.values, columns, vintageOrder));
    else
      row.values.forEach((value, c) => observations.push(observation(columns[c]!, row.date, value as number | null)));
  }
  return { observations, skipped };
}

function cells(line: string): string[] {
  return line.split(',').map((cell) => {
    const v = cell.trim();
    return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1).trim() : v;
  });
}

function valueColumns(names: string[], givenSeriesId: string | null): Column[] {
  const columns = names.map((name): Column => {
    if (name.toLowerCase() === 'value') {
      if (!givenSeriesId)
        throw new PayloadError(
          'a "date,value" CSV does not name its series: give its id (a file named CPIAUCSL.csv gives CPIAUCSL)',
        );
      return { seriesId: givenSeriesId, realtimeStart: null, realtimeEnd: null };
    }
    const vintage = VINTAGE_COLUMN.exec(name);
    const vintageDate = vintage ? parseDay(`${vintage[2]}-${vintage[3]}-${vintage[4]}`) : null;
    const seriesId = seriesIdOf(vintageDate !== null ? vintage![1]! : name);
    if (!seriesId)
      throw new PayloadError(`not a FRED CSV: column ${JSON.stringify(name.slice(0, 60))} is not a series id`);
    return { seriesId, realtimeStart: vintageDate, realtimeEnd: null };
  });
  // A vintage is current until the day before the series' next vintage.
  for (const column of columns) {
    if (column.realtimeStart === null) continue;
    const next = columns.filter(
      (c) => c.seriesId === column.seriesId && c.realtimeStart !== null && c.realtimeStart > column.realtimeStart!,
    );
    if (next.length) column.realtimeEnd = Math.min(...next.map((c) => c.realtimeStart!)) - DAY_MS;
  }
  return columns;
}

/** A row's date and one value per column (null: missing; undefined: not in that vintage), or why it cannot be read. */
function readRow(line: string, columns: Column[]): { date: number; values: (number | null | undefined)[] } | string {
  const row = cells(line);
  if (row.length !== columns.length + 1) return `expected ${columns.length + 1} fields, found ${row.length}`;
  const date = parseDay(row[0]!);
  if (date === null) return `date: ${JSON.stringify(row[0]!.slice(0, 40))} is not a date YYYY-MM-DD`;
  const values: (number | null | undefined)[] = [];
  for (let c = 0; c < columns.length; c++) {
    const cell = row[c + 1]!;
    if (cell === '' || cell === '.') values.push(null);
    else if (cell === NOT_IN_VINTAGE) values.push(columns[c]!.realtimeStart === null ? null : undefined);
    else {
      const value = decimalOf(cell);
      if (!Number.isFinite(value))
        return `${columns[c]!.seriesId}: ${JSON.stringify(cell.slice(0, 40))} is not a number`;
      values.push(value);
    }
  }
  return { date, values };
}

function observation(column: Column, date: number, value: number | null): ObservationRecord {
  return {
    source: FRED_SOURCE,
    seriesId: column.seriesId,
    date,
    value,
    realtimeStart: column.realtimeStart,
    realtimeEnd: column.realtimeEnd,
  };
}

/** Column positions grouped by series, each series' vintages oldest first (a column without a vintage first). */
function byVintage(columns: Column[]): number[] {
  const start = (c: number) => columns[c]!.realtimeStart ?? -Infinity;
  return columns
    .map((_, c) => c)
    .sort((a, b) => columns[a]!.seriesId.localeCompare(columns[b]!.seriesId) || (start(a) < start(b) ? -1 : 1));
}

/**
 * One date's cells across vintage columns as realtime ranges: consecutive vintages of a series with the same value are
 * one observation, current from the first of them to the end of the last, as ALFRED's API answers.
 */
function collapseVintages(
  date: number,
  values: (number | null | undefined)[],
  columns: Column[],
  order: number[],
): ObservationRecord[] {
  const out: ObservationRecord[] = [];
  let open: ObservationRecord | null = null;
  for (const c of order) {
    const column = columns[c]!;
    const value = values[c];
    if (open && open.realtimeStart !== null && open.seriesId === column.seriesId && value === open.value) {
      open.realtimeEnd = column.realtimeEnd;
      continue;
    }
    open = value === undefined ? null : observation(column, date, value);
    if (open) out.push(open);
  }
  return out;
}
