// Derivatives queries resolved into what a derivatives service reads: the series from a start, per venue or not.
import { validationError } from '../errors.js';
import { DERIVATIVES_DEFAULT_FROM, type DerivativesQuery } from '../schemas/derivatives.js';
import { parseInstant } from '../time.js';

/** What a derivatives query asks for: the series from `fromMs`, and each venue's hourly series or not. */
export interface DerivativesRequest {
  fromMs: number;
  perVenue: boolean;
}

/** Resolves a derivatives query, or throws a 422 when `from` is not a date. */
export function derivativesRequest(query: DerivativesQuery): DerivativesRequest {
  const from = parseInstant(query.from ?? DERIVATIVES_DEFAULT_FROM);
  if (!from) throw validationError([{ in: 'query', param: 'from', message: 'is not a valid date' }]);
  return { fromMs: from.ms, perVenue: query.perVenue ?? false };
}
