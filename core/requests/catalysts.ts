// Catalyst list queries resolved into the filter a catalyst service reads: entities, kinds and the window from now on.
import { ApiError, type ValidationDetail, validationError } from '../errors.js';
import { entityKeys, kindList } from '../filters.js';
import type { PageRequest } from '../paging.js';
import type { CatalystListQuery } from '../schemas/catalysts.js';
import { parseWindow } from '../time.js';
import { CATALYST_KINDS } from '../vocabulary.js';

/** What a list of catalysts asks for: [fromMs, toMs), toMs null for no end. */
export interface CatalystFilter extends PageRequest {
  entities: string[] | null;
  kinds: (typeof CATALYST_KINDS)[number][] | null;
  fromMs: number;
  toMs: number | null;
}

/** The filter of a /v1/catalysts query at `nowMs` (upcoming unless `from` says otherwise). */
export function catalystFilter(query: CatalystListQuery, nowMs: number): CatalystFilter {
  const problems: ValidationDetail[] = [];
  const kinds = kindList(query.kind, CATALYST_KINDS, 'kind', problems);
  const window = parseWindow(query);
  problems.push(...window.problems);
  if (problems.length) throw validationError(problems);
  const fromMs = window.fromMs ?? nowMs;
  if (window.toMs !== null && fromMs >= window.toMs) {
    throw new ApiError('bad_request', `\`from\` (${query.from ?? 'now'}) is after \`to\``, [
      { in: 'query', param: 'from', message: 'is after to' },
    ]);
  }
  return {
    entities: entityKeys([query.entity]),
    kinds,
    fromMs,
    toMs: window.toMs,
    limit: query.limit ?? 50,
    offset: query.offset ?? 0,
  };
}
