// The one error catalogue: every non-2xx answer is built from a code listed here.

export const ERROR_CATALOGUE = {
  bad_request: { status: 400, statusLine: '400 Bad Request', message: 'Bad request' },
  unauthorized: { status: 401, statusLine: '401 Unauthorized', message: 'Missing or invalid API key' },
  forbidden: { status: 403, statusLine: '403 Forbidden', message: 'Forbidden' },
  not_found: { status: 404, statusLine: '404 Not Found', message: 'Not found' },
  method_not_allowed: { status: 405, statusLine: '405 Method Not Allowed', message: 'Method not allowed' },
  payload_too_large: { status: 413, statusLine: '413 Content Too Large', message: 'Request body too large' },
  validation_failed: { status: 422, statusLine: '422 Unprocessable Content', message: 'Validation failed' },
  rate_limited: { status: 429, statusLine: '429 Too Many Requests', message: 'Rate limit exceeded' },
  internal: { status: 500, statusLine: '500 Internal Server Error', message: 'Internal error' },
  unavailable: { status: 503, statusLine: '503 Service Unavailable', message: 'Service unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** One failing parameter of a 422: where it was, its name and why it failed. */
export interface ValidationDetail {
  in: 'path' | 'query' | 'header' | 'url' | 'arguments';
  param: string;
  message: string;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    // These are answers, not faults: skipping the stack capture makes a 401/429 flood several times cheaper.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message ?? ERROR_CATALOGUE[code].message);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
}

/** A 422 lists at most this many failing parameters; its message counts the rest. */
export const MAX_DETAILS = 20;
/** Parameter names come from the client: each is cut to this many characters in an answer. */
const MAX_PARAM_CHARS = 100;

/**
 * The 422 for `details`, bounded whatever the client sent: 1,000 unknown parameters would otherwise answer (and
 * cost) hundreds of kilobytes. The first MAX_DETAILS are listed; the message says how many there were in all.
 */
/** An answer that tells the client when to try again (429, 503): the router sends `retryAfterS` as Retry-After. */
export class RetryLaterError extends ApiError {
  constructor(
    code: 'rate_limited' | 'unavailable',
    readonly retryAfterS: number,
    message?: string,
  ) {
    super(code, message);
  }
}

export function validationError(details: ValidationDetail[]): ApiError {
  const shown = details
    .slice(0, MAX_DETAILS)
    .map((d) => (d.param.length > MAX_PARAM_CHARS ? { ...d, param: clip(d.param, MAX_PARAM_CHARS) } : d));
  const names = [...new Set(shown.map((d) => d.param))].join(', ');
  const rest = details.length - shown.length;
  const more = rest ? ` and ${rest} more problem${rest > 1 ? 's' : ''} (the first ${MAX_DETAILS} are in details)` : '';
  return new ApiError('validation_failed', `Invalid parameter${details.length > 1 ? 's' : ''}: ${names}${more}`, shown);
}

/** `text` cut to at most `max` characters, an ellipsis marking the cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function notFound(what: string): ApiError {
  return new ApiError('not_found', `${what} not found`);
}

/** What `work` gives, or null when it names something not held (a 404); any other failure is passed on. */
export async function orNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') return null;
    throw err;
  }
}
