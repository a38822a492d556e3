// The plain CSV of price files (no quoted commas in them), their header, and their time cells.
// Kept over csv-parse by measurement (bench/parsers.ts, bench/results/2026-12-07-parsers.md): the same rows and cells
// on all 32 real CSV payloads, 1.3 to 3.6 times less CPU (9.5 against 21.9 ms on Stooq's 585 KB MSFT file), no
// dependency. A quoted comma or newline, which no price source writes, leaves a stray quote that no number reads: its
// row is skipped with the reason, where csv-parse would refuse the whole file over one unclosed quote.
import { parseInstant } from '../../time.js';
import { ItemError } from '../fields.js';

/** Rows of cells: a BOM, blank lines, surrounding spaces and quotes dropped. */
export function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')));
}

/** Whether `row` is a header: its first cell is neither a number nor a date. */
export function isHeader(row: readonly string[]): boolean {
  const first = row[0] ?? '';
  return !/^\d/.test(first);
}

/** The index of the first header cell (case and punctuation ignored) among `names`, or -1. */
export function column(header: readonly string[], names: readonly string[]): number {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const wanted = names.map(norm);
  return header.findIndex((h) => wanted.includes(norm(h)));
}

/**
 * A time cell as epoch ms: epoch seconds, milliseconds or microseconds (told apart by size), or a UTC date or
 * timestamp (2025-07-07, 2025-07-07 12:00:00; without an offset, UTC).
 */
export function timeCell(v: string | undefined, name: string): number {
  if (v !== undefined && /^\d+$/.test(v)) {
    const x = Number(v);
    if (x >= 1e14) return Math.floor(x / 1000);
    if (x >= 1e11) return x;
    if (x >= 1e8) return x * 1000;
  }
  const instant = v === undefined ? null : parseInstant(v);
  if (!instant) throw new ItemError(`${name}: expected a time, got ${JSON.stringify(v ?? null)}`);
  return instant.ms;
}
