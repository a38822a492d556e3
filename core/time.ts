// Time units, and parsing of the `from`/`to` query values: a UTC date (YYYY-MM-DD) or an ISO 8601 timestamp.
import type { ValidationDetail } from './errors.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** English month names, January first (index = getUTCMonth()). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// A space may stand for the `+` of an offset: an unencoded `+` in a query string arrives as a space.
export const DATE_OR_TIMESTAMP_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+ -]\\d{2}:?\\d{2})?)?$';
const SPACED_OFFSET = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?) (\d{2}:?\d{2})$/;
const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})/;

export interface ParsedInstant {
  ms: number;
  /** True for a bare date: as a `to` bound it covers that whole day. */
  dateOnly: boolean;
}

/** The instant a value names, or null for a date that does not exist (2026-02-30) or cannot be read. */
export function parseInstant(raw: string): ParsedInstant | null {
  const value = raw.replace(SPACED_OFFSET, '$1+$2');
  const d = DATE_PART.exec(value);
  if (!d) return null;
  // The calendar date is checked for both forms: Date.parse would roll 2026-02-30T00:00 over to March.
  const [y, m, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, day); // not Date.UTC, which reads the years 0–99 as 1900–1999
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== day) return null;
  if (value.length === 10) return { ms: date.getTime(), dateOnly: true };
  // A timestamp without an offset is read as UTC, not as the server's local time.
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const ms = Date.parse(hasZone ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) ? { ms, dateOnly: false } : null;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A calendar date YYYY-MM-DD as the epoch ms of its UTC midnight, or null when it is not one (2026-02-30). The fast
 * path of parseInstant for bulk data: a FRED series is thousands of dates.
 */
export function parseDay(text: string): number | null {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  for (const k of [0, 1, 2, 3, 5, 6, 8, 9]) {
    const c = text.charCodeAt(k);
    if (c < 48 || c > 57) return null;
  }
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(5, 7));
  const d = Number(text.slice(8, 10));
  if (y < 100) return parseInstant(text)?.ms ?? null; // Date.UTC reads the years 0-99 as 1900-1999
  const leap = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (m < 1 || m > 12 || d < 1 || d > MONTH_DAYS[m - 1]! + (leap ? 1 : 0)) return null;
  return Date.UTC(y, m - 1, d);
}

/**
 * The `from` and `to` bounds of a query as [fromMs, toMs): a bare date as `to` covers its day. An absent bound is null;
 * a bound that is not a date is a problem. Whether `from` after `to` is a 400 or a 422 is the caller's to say.
 */
export function parseWindow(query: { from?: string | undefined; to?: string | undefined }): {
  fromMs: number | null;
  toMs: number | null;
  problems: ValidationDetail[];
} {
  const problems: ValidationDetail[] = [];
  const from = query.from === undefined ? null : parseInstant(query.from);
  const to = query.to === undefined ? null : parseInstant(query.to);
  if (query.from !== undefined && !from) problems.push({ in: 'query', param: 'from', message: 'is not a valid date' });
  if (query.to !== undefined && !to) problems.push({ in: 'query', param: 'to', message: 'is not a valid date' });
  return { fromMs: from ? from.ms : null, toMs: to ? (to.dateOnly ? to.ms + DAY_MS : to.ms + 1) : null, problems };
}

/** The UTC calendar day (`YYYY-MM-DD`) of an instant. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
