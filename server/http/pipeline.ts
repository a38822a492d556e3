// The /v1 routes on the request pipeline (surface.ts): each route's schemas compiled once, at its first use, then per
// request CORS, readiness, the caller, its rate limit, validation, the handler, and its data serialized.

import { Type } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';
import { ApiError, clip, type ValidationDetail, validationError } from '../../core/errors.js';
import {
  type Admission,
  admit,
  admitTicket,
  identify,
  refuseTicket,
  requireScope,
  type TicketAdmitter,
} from './admission.js';
import type { Exchange } from './exchange.js';
import { KeptBytes } from './kept-bytes.js';
import { andThen } from './maybe-later.js';
import { decodeComponent, parseQuery } from './query.js';
import { RawJson } from './raw-json.js';
import { JSON_TYPE, UNMATCHED, URL_LOG_CHARS } from './respond.js';
import type { Ctx, Route } from './route.js';
import { type SocketOptions, socketBehavior, Upgrade } from './socket.js';
import { type Answer, handler, Reply, StreamAnswer, type Surface } from './surface.js';
import type { TemplatedApp } from './uws.js';
import { type CompiledValidator, compileValidator } from './validate.js';

export interface RouterDeps extends Admission, Surface {
  tickets: TicketAdmitter;
  /** How the WebSocket routes' sockets behave. */
  websocket: SocketOptions;
}

const CORS_EXPOSE =
  'X-Request-Id, X-Tapewire-Node, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit, RateLimit-Policy, Retry-After';
const ALLOW = 'GET, HEAD, OPTIONS';

interface Compiled<S> {
  route: Route<S>;
  paramNames: string[];
  params: CompiledValidator | null;
  query: CompiledValidator;
  serialize: (data: unknown) => string;
  kept: (value: object, envelope?: (value: object) => unknown) => RawJson;
}

function compile<S>(route: Route<S>): Compiled<S> {
  const paramNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const declared = Object.keys(route.params?.properties ?? {});
  if (paramNames.join() !== declared.join()) {
    throw new Error(`route ${route.path}: path parameters ${paramNames} do not match the params schema ${declared}`);
  }
  // Built at the route's first answer, as its validators are at its first request (validate.ts): a start then does
  // not pay for the routes it will not serve.
  let built: ((data: unknown) => string) | null = null;
  const serialize = (data: unknown) => (built ??= fastJson(route.response) as (data: unknown) => string)(data);
  // A route answers its kept objects in one envelope (or none): the first call's, and the bytes are kept by the object.
  let bodies: KeptBytes<object, RawJson> | null = null;
  const kept = (value: object, envelope?: (value: object) => unknown) =>
    (bodies ??= new KeptBytes((v) => new RawJson(Buffer.from(serialize(envelope ? envelope(v) : v))))).of(value);
  return {
    route,
    paramNames,
    params: route.params ? compileValidator('path', route.params) : null,
    query: compileValidator('query', route.query ?? Type.Object({})),
    serialize,
    kept,
  };
}

/**
 * Mounts every route on `app`. The routes answer 503 until `serve` hands them the services (the server listens
 * before its database is open, so that /live and /ready answer meanwhile).
 */
export function mountRoutes<S>(app: TemplatedApp, routes: Route<S>[], deps: RouterDeps): { serve(services: S): void } {
  let services: S | null = null;

  const corsHeaders = (ex: Exchange) => {
    if (ex.origin) {
      ex.header('Access-Control-Allow-Origin', '*');
      ex.header('Access-Control-Expose-Headers', CORS_EXPOSE);
    }
  };

  /** The handler's answer as the pipeline sends it: data serialized, bytes and replies as they are. */
  const answer = (c: Compiled<S>, ex: Exchange, data: unknown): Answer => {
    if (data instanceof StreamAnswer || data instanceof Reply || data instanceof Upgrade) return data;
    if (c.route.vary) ex.header('Vary', c.route.vary);
    const type = c.route.contentType ?? JSON_TYPE;
    return new Reply(type, data instanceof RawJson ? data : c.serialize(data));
  };

  const decodeParams = (c: Compiled<S>, ex: Exchange, problems: ValidationDetail[]) => {
    const out: Record<string, unknown> = {};
    c.paramNames.forEach((name, i) => {
      const value = decodeComponent(ex.rawParams[i]!, false);
      if (value === null) problems.push({ in: 'path', param: name, message: 'is not valid UTF-8 percent-encoding' });
      else out[name] = value;
    });
    return out;
  };

  const run = (c: Compiled<S>, ex: Exchange): Answer | Promise<Answer> => {
    const { route } = c;
    corsHeaders(ex);
    const parsed = parseQuery(ex.query);
    const ticket = parsed.values.ticket;
    if (route.auth && ticket !== undefined && route.ticket) {
      // A key sent beside a ticket must hold too: a bad one is a 401, not passed over for the ticket.
      if (ex.authorization) identify(ex, deps);
      return andThen(admitTicket(ex, deps, deps.tickets, ticket), (a) =>
        answered(c, ex, parsed, a.principal, a.topics),
      );
    }
    if (route.auth && ticket !== undefined) refuseTicket(ex, deps);
    if (route.auth) return andThen(admit(ex, deps), (principal) => answered(c, ex, parsed, principal, null));
    return answered(c, ex, parsed, null, null);
  };

  /** The rest of a request once its caller is admitted: scope, validation, the handler, its answer. */
  const answered = (
    c: Compiled<S>,
    ex: Exchange,
    parsed: ReturnType<typeof parseQuery>,
    principal: Ctx['principal'],
    ticketTopics: Ctx['ticketTopics'],
  ): Answer | Promise<Answer> => {
    const { route } = c;
    if (principal) requireScope(principal, route.scope ?? 'read', route.path);
    const problems: ValidationDetail[] = [];
    const params = decodeParams(c, ex, problems);
    if (c.params && !problems.length) problems.push(...c.params.check(params));
    problems.push(...parsed.problems);
    const query = parsed.values as Record<string, unknown>;
    problems.push(...c.query.check(query).filter((d) => !parsed.problems.some((p) => p.param === d.param)));
    if (problems.length) throw validationError(problems);
    let caller: Ctx['caller'] | undefined;
    const ctx: Ctx = {
      params,
      query,
      principal,
      ticketTopics,
      requestId: ex.requestId,
      accept: ex.accept,
      kept: c.kept as Ctx['kept'],
      // The abort signal is made only when a query reads it: an answer from memory never does.
      get caller() {
        return (caller ??= {
          owner: principal?.client ?? `ip:${ex.ip}`,
          get signal() {
            return ex.signal;
          },
        });
      },
    };
    // Only the probes run before the services exist (admit() answers 503 for every other route), and they ignore them.
    const out = route.handler(ctx, services!);
    return out instanceof Promise ? out.then((data) => answer(c, ex, data)) : answer(c, ex, out);
  };

  const preflight = (ex: Exchange) => {
    ex.header('Access-Control-Allow-Origin', '*');
    ex.header('Access-Control-Allow-Methods', ALLOW);
    ex.header('Access-Control-Allow-Headers', 'Authorization, Accept, Last-Event-ID, X-Request-Id');
    ex.header('Access-Control-Max-Age', '86400');
    ex.header('Allow', ALLOW);
    return new Reply('', '', '204 No Content');
  };

  /**
   * 404 and 405: under /v1 only after the caller is admitted, so that every /v1 answer is authenticated and limited.
   * `route` is the pattern the URL matched (405), or UNMATCHED (404).
   */
  const reject =
    (code: 'method_not_allowed' | 'not_found') =>
    (ex: Exchange): Promise<never> | never => {
      corsHeaders(ex);
      const refused = (): never => {
        if (code === 'not_found') throw new ApiError(code, `No route for ${clip(ex.url, URL_LOG_CHARS)}`);
        ex.header('Allow', ALLOW);
        throw new ApiError(code, 'Only GET, HEAD and OPTIONS are served');
      };
      return ex.url === '/v1' || ex.url.startsWith('/v1/') ? andThen(admit(ex, deps), refused) : refused();
    };

  for (const route of routes) {
    const c = compile(route);
    const get = handler(deps, route.path, c.paramNames.length, (ex) => run(c, ex));
    // An upgrade request goes to the WebSocket behaviour first; uWS passes any other request on to `get`.
    if (route.websocket) app.ws(route.path, socketBehavior(deps.websocket, get));
    app.get(route.path, get);
    app.head(route.path, get);
    app.options(route.path, handler(deps, route.path, 0, preflight));
    app.any(route.path, handler(deps, route.path, 0, reject('method_not_allowed')));
  }
  app.any('/*', handler(deps, UNMATCHED, 0, reject('not_found')));
  return {
    serve(built) {
      services = built;
    },
  };
}
