// What a route declares: its path, schemas and handler. Handlers validate nothing themselves (the pipeline did), call
// one service and return its answer: data for the route's serializer, bytes, a reply in another form, or a stream.
import type { KeyScope } from '../../core/keys.js';
import type { RouteSpec } from '../../core/openapi.js';
import type { Principal } from '../auth.js';
import type { HealthProblem } from '../db-health.js';
import type { Caller } from '../db-queue.js';
import type { RawJson } from './raw-json.js';

export interface Ctx<P = unknown, Q = unknown, R = unknown> {
  params: P;
  query: Q;
  /** Null on the unauthenticated routes (/live, /ready). */
  principal: Principal | null;
  /** The topics a stream ticket grants, when the caller came with one (on the routes that take tickets); else null. */
  ticketTopics: string[] | null;
  /** Who the request's database queries are for (its rate-limit client) and its abort signal: made when first read. */
  caller: Caller;
  requestId: string;
  /** The request's Accept header ('' when absent), for the routes that answer in more than one form. */
  accept: string;
  /**
   * The answer of `value` (`envelope(value)`, or `value` itself) as bytes, made once per object: for values a service
   * keeps and hands back unchanged while its data is unchanged, so that their bytes serve every request until then.
   */
  kept: {
    (value: R & object): RawJson;
    <T extends object>(value: T, envelope: (value: T) => R): RawJson;
  };
}

/** The envelope of a detail answer: `{ data }`. */
export const inData = <T>(data: T) => ({ data });

export interface Route<S = unknown> extends RouteSpec {
  /** Takes `?ticket=` (a stream ticket) in place of the Authorization header. */
  ticket?: boolean;
  /** Answers an upgrade request with a WebSocket (its handler returns an Upgrade); any other request is a 400. */
  websocket?: boolean;
  /** The key scope it needs when it is not `read` (a key without it gets a 403). */
  scope?: KeyScope;
  /** Request headers the answer depends on besides Accept-Encoding, sent as Vary (Accept for a route that negotiates). */
  vary?: string;
  /**
   * Returns the response data, or throws an ApiError for any other answer. `services` are those built at start-up;
   * the unauthenticated probes answer before they exist and must not use them.
   */
  // biome-ignore lint/suspicious/noExplicitAny: one list holds every route; each handler's own types are checked where it is declared.
  handler(ctx: Ctx<any, any, any>, services: S): unknown;
}

export interface Gate {
  /** Null when ready; otherwise why not, for the 503. */
  notReadyReason(): string | null;
  /** Null while all is well; otherwise what is wrong though the service answers (the database down, its disk full). */
  problem(): HealthProblem | null;
}
