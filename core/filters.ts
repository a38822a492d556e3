// Query filters shared by the list endpoints: entity pairs (a 400 when malformed) and kind lists (a 422 detail).
import { ApiError, type ValidationDetail } from './errors.js';
import { parseEntityFilter } from './refs.js';

/**
 * The lower-cased `type:key` pairs of the entity filters given (`param` names the query parameter they come from),
 * null when none is given; a malformed pair is a 400 whose details name it as a 422's do.
 */
export function entityKeys(filters: (string | undefined)[], param = 'entity'): string[] | null {
  const given = filters.filter((f): f is string => f !== undefined);
  if (!given.length) return null;
  const parsed = parseEntityFilter(given.join(','));
  if (parsed.problems.length) {
    const details: ValidationDetail[] = parsed.problems.map((message) => ({ in: 'query', param, message }));
    throw new ApiError('bad_request', `Bad entity filter: ${parsed.problems.join('; ')}`, details);
  }
  return parsed.keys;
}

/** The kinds of a comma-separated list, in any case (null when absent or empty); those not in `allowed` become a 422 detail. */
export function kindList<K extends string>(
  raw: string | undefined,
  allowed: readonly K[],
  param: string,
  problems: ValidationDetail[],
): K[] | null {
  if (raw === undefined) return null;
  const list = raw
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  const unknown = list.filter((k) => !(allowed as readonly string[]).includes(k));
  if (unknown.length)
    problems.push({
      in: 'query',
      param,
      message: `not one of ${allowed.join(', ')}: ${unknown.slice(0, 5).join(', ')}`,
    });
  return list.length ? (list as K[]) : null;
}
