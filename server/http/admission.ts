// Who may go on: readiness, then the caller's key, then tokens from its bucket. Every surface (the /v1 routes, /mcp)
// admits requests this way, so one key has one quota wherever it calls.
import { ApiError } from '../../core/errors.js';
import type { KeyIndex, Principal } from '../auth.js';
import type { Limiter } from '../limits.js';
import type { Exchange } from './exchange.js';
import type { Gate } from './route.js';

export interface Admission {
  keys: KeyIndex;
  limiter: Limiter;
  gate: Gate;
}

/**
 * Refuses a request that has no caller yet: it spends from its IP's bucket (which also throttles key guessing, and
 * is a 429 once empty), then throws `err`. The answer carries rate-limit headers either way.
 */
export function refuse(ex: Exchange, a: Admission, err: ApiError): never {
  a.limiter.apply(a.keys.byIp(ex.ip), ex);
  throw err;
}

/** The caller of a request once the service is ready: a 503 or a 401 spends from the IP's bucket. */
export function identify(ex: Exchange, a: Admission): Principal {
  const notReady = a.gate.notReadyReason();
  if (notReady) refuse(ex, a, new ApiError('unavailable', `Not ready: ${notReady}`));
  try {
    return a.keys.authenticate(ex.authorization, () => ex.ip);
  } catch (err) {
    if (err instanceof ApiError) refuse(ex, a, err);
    throw err;
  }
}

/** The caller, with one request's token taken from its bucket (a 429 when it is empty). */
export function admit(ex: Exchange, a: Admission): Principal {
  const principal = identify(ex, a);
  a.limiter.apply(principal, ex);
  return principal;
}
