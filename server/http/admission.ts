// Who may go on: readiness, then the caller's key, then tokens from its bucket. Every surface (the /v1 routes, /mcp)
// admits requests this way, so one key has one quota wherever it calls.
import { ApiError } from '../../core/errors.js';
import type { KeyScope } from '../../core/keys.js';
import { AuthError, type KeyIndex, type Principal } from '../auth.js';
import type { Limiter } from '../limits.js';
import type { Exchange } from './exchange.js';
import { andThen } from './maybe-later.js';
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
  a.limiter.applyAnonymous(a.keys.byIp(ex.ip), ex);
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

/**
 * The caller, with one request's token taken from its bucket (a 429 when it is empty): at once, or a promise when its
 * shared bucket had to be asked.
 */
export function admit(ex: Exchange, a: Admission): Principal | Promise<Principal> {
  const principal = identify(ex, a);
  return andThen(a.limiter.apply(principal, ex), () => principal);
}

/** Whom a stream ticket acts for and what it opens. */
export interface Admitted {
  principal: Principal;
  topics: string[];
}

/** What reads a stream ticket (the stream's tickets, handed in at start-up): whom it acts for and what it opens. */
export interface TicketAdmitter {
  admit(ticket: string, ip: () => string): Admitted;
}

/**
 * The caller a stream ticket acts for, with one request's token taken from its bucket, and the topics it may open (a
 * promise when its shared bucket had to be asked). A ticket that does not hold spends from the IP's bucket like a bad
 * key.
 */
export function admitTicket(
  ex: Exchange,
  a: Admission,
  tickets: TicketAdmitter,
  ticket: string,
): Admitted | Promise<Admitted> {
  const notReady = a.gate.notReadyReason();
  if (notReady) refuse(ex, a, new ApiError('unavailable', `Not ready: ${notReady}`));
  let admitted: Admitted;
  try {
    admitted = tickets.admit(ticket, () => ex.ip);
  } catch (err) {
    if (err instanceof AuthError) refuse(ex, a, err);
    throw err;
  }
  return andThen(a.limiter.apply(admitted.principal, ex), () => admitted);
}

/** A ticket sent to a route that does not take one: refused, so a ticket never grants more than the stream it names. */
export function refuseTicket(ex: Exchange, a: Admission): never {
  refuse(
    ex,
    a,
    new AuthError(
      'A stream ticket is accepted by /v1/stream and /v1/ws only: send Authorization: Bearer <key>',
      'Bearer realm="tapewire", error="invalid_request"',
    ),
  );
}

/** A 403 unless `principal` holds `scope`: a key made for /metrics alone does not read the API, nor a plain key /metrics. */
export function requireScope(principal: Principal, scope: KeyScope, path: string): void {
  if (!principal.scopes.includes(scope))
    throw new ApiError(
      'forbidden',
      `${path} needs a key with the ${scope} scope (tapewire keys create --scope ${scope})`,
    );
}
