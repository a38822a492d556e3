// Time units, and parsing of the `from`/`to` query values: a UTC date (YYYY-MM-DD) or an ISO 8601 timestamp.
import type { ValidationDetail } from './errors.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export const DATE_OR_TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface ParsedInstant {
  ms: number;
  /** True for a bare date: as a `to` bound it covers that whole day. */
  dateOnly: boolean;
}

/** The instant a value names, or null for a date that does not exist (2026-02-30) or cannot be read. */
export function parseInstant(value: string): ParsedInstant | null {
  const d = DATE_ONLY.exec(value);
  if (d) {
    const [y, m, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
    const ms = Date.UTC(y, m - 1, day);
    const back = new Date(ms);
    if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== day) return null;
    return { ms, dateOnly: true };
  }
  // A timestamp without an offset is read as UTC, not as the server's local time.
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const ms = Date.parse(hasZone ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) ? { ms, dateOnly: false } : null;
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
