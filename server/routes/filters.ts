// Query filters shared by the story and catalyst routes: entity pairs (400 when malformed) and kind lists (422).
import { ApiError, type ValidationDetail } from '../../core/errors.js';
import { parseEntityFilter } from '../../core/refs.js';

/** The lower-cased `type:key` pairs of the given entity filters, null when none is given; a malformed pair is a 400. */
export function entityKeys(filters: (string | undefined)[]): string[] | null {
  const given = filters.filter((f): f is string => f !== undefined);
  if (!given.length) return null;
  const parsed = parseEntityFilter(given.join(','));
  if (parsed.problems.length) throw new ApiError('bad_request', `Bad entity filter: ${parsed.problems.join('; ')}`, parsed.problems);
  return parsed.keys;
}

/** The kinds of a comma-separated list, in any case (null when absent or empty); those not in `allowed` become a 422 detail. */
export function kindList(raw: string | undefined, allowed: readonly string[], param: string, problems: ValidationDetail[]): string[] | null {
  if (raw === undefined) return null;
  const list = raw.split(',').map((k) => k.trim().toLowerCase()).filter(Boolean);
  const unknown = list.filter((k) => !allowed.includes(k));
  if (unknown.length) problems.push({ in: 'query', param, message: `not one of ${allowed.join(', ')}: ${unknown.slice(0, 5).join(', ')}` });
  return list.length ? list : null;
}
