// The one pipeline every request goes through: each route's schemas compiled once at boot, then per request
// readiness, the caller, its rate limit, validation, the handler and the answer (compressed when it pays).
import fastJson from 'fast-json-stringify';
import { Type } from '@sinclair/typebox';
import { ApiError, clip, validationError, type ValidationDetail } from '../../core/errors.js';
import { admit, admitTicket, identify, refuseTicket, requireScope, type Admission, type TicketAdmitter } from './admission.js';
import { compress, pickEncoding } from './compress.js';
import { Exchange } from './exchange.js';
import { decodeComponent, parseQuery } from './query.js';
import { RawJson } from './raw-json.js';
import { JSON_TYPE, logDone as logRequest, sendError, UNMATCHED, URL_LOG_CHARS, type AccessLog } from './respond.js';
import { StreamAnswer, TextAnswer, type Ctx, type Route } from './route.js';
import type { HttpRequest, HttpResponse, TemplatedApp } from './uws.js';
import { compileValidator, type CompiledValidator } from './validate.js';

export interface RouterDeps extends Admission, AccessLog {
  tickets: TicketAdmitter;
  compressMinBytes: number;
}

const CORS_EXPOSE =
  'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit, RateLimit-Policy, Retry-After';
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
  const serialize = fastJson(route.response) as (data: unknown) => string;
  // An object is answered with one envelope per route: the bytes are kept by the object alone.
  const bodies = new WeakMap<object, RawJson>();
  const kept = (value: object, envelope?: (value: object) => unknown) => {
    let body = bodies.get(value);
    if (!body) bodies.set(value, (body = new RawJson(Buffer.from(serialize(envelope ? envelope(value) : value)))));
    return body;
  };
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

  const logDone = (ex: Exchange, route: string) => logRequest(deps, ex, route);
  const fail = (ex: Exchange, route: string, err: unknown) => sendError(deps, ex, route, err);

  const finish = (ex: Exchange, c: Compiled<S>, data: unknown) => {
    if (ex.aborted) return logDone(ex, c.route.path);
    if (data instanceof StreamAnswer) {
      for (const [name, value] of Object.entries(data.headers)) ex.header(name, value);
      if (ex.method === 'head') return ex.send('200 OK', data.contentType, '', () => logDone(ex, c.route.path));
      ex.openStream(data.contentType, () => logDone(ex, c.route.path));
      return data.start(ex);
    }
    // uWS copies a string straight into its buffers: a Buffer is made only when the body is to be compressed.
    const body = data instanceof RawJson ? data : data instanceof TextAnswer ? data.body : c.serialize(data);
    const type = data instanceof TextAnswer ? data.contentType : (c.route.contentType ?? JSON_TYPE);
    const compressible = (typeof body === 'string' ? body.length : body.byteLength) >= deps.compressMinBytes;
    if (c.route.vary) ex.header('Vary', c.route.vary);
    if (compressible) ex.header('Vary', 'Accept-Encoding');
    const encoding = compressible ? pickEncoding(ex.acceptEncoding) : null;
    if (!encoding) return ex.send('200 OK', type, typeof body === 'string' ? body : body.chunks, () => logDone(ex, c.route.path));
    // HEAD negotiates like GET, so its Content-Length and Content-Encoding are the ones GET would send.
    compress(typeof body === 'string' ? Buffer.from(body) : body.whole(), encoding).then(
      (packed) => {
        ex.header('Content-Encoding', encoding);
        ex.send('200 OK', type, packed, () => logDone(ex, c.route.path));
      },
      (err) => fail(ex, c.route.path, err),
    );
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

  const run = (c: Compiled<S>, ex: Exchange) => {
    const { route } = c;
    try {
      corsHeaders(ex);
      const parsed = parseQuery(ex.query);
      const ticket = parsed.values.ticket;
      let principal: Ctx['principal'] = null;
      let ticketTopics: Ctx['ticketTopics'] = null;
      if (route.auth && ticket !== undefined && route.ticket) {
        // A key sent beside a ticket must hold too: a bad one is a 401, not passed over for the ticket.
        if (ex.authorization) identify(ex, deps);
        ({ principal, topics: ticketTopics } = admitTicket(ex, deps, deps.tickets, ticket));
      }
      else if (route.auth && ticket !== undefined) refuseTicket(ex, deps);
      else if (route.auth) principal = admit(ex, deps);
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
      if (out instanceof Promise) out.then((data) => finish(ex, c, data)).catch((err) => fail(ex, route.path, err));
      else finish(ex, c, out);
    } catch (err) {
      fail(ex, route.path, err);
    }
  };

  const preflight = (res: HttpResponse, req: HttpRequest) => {
    const ex = new Exchange(res, req, 0);
    ex.header('Access-Control-Allow-Origin', '*');
    ex.header('Access-Control-Allow-Methods', ALLOW);
    ex.header('Access-Control-Allow-Headers', 'Authorization, Accept, Last-Event-ID, X-Request-Id');
    ex.header('Access-Control-Max-Age', '86400');
    ex.header('Allow', ALLOW);
    ex.send('204 No Content', '', '');
  };

  /**
   * 404 and 405: under /v1 only after the caller is admitted, so that every /v1 answer is authenticated and limited.
   * `route` is the pattern the URL matched (405), or UNMATCHED (404).
   */
  const rejectWith = (code: 'method_not_allowed' | 'not_found', route: string) => (res: HttpResponse, req: HttpRequest) => {
    const ex = new Exchange(res, req, 0);
    try {
      corsHeaders(ex);
      if (ex.url === '/v1' || ex.url.startsWith('/v1/')) admit(ex, deps);
      if (code === 'not_found') throw new ApiError(code, `No route for ${clip(ex.url, URL_LOG_CHARS)}`);
      ex.header('Allow', ALLOW);
      throw new ApiError(code, 'Only GET, HEAD and OPTIONS are served');
    } catch (err) {
      fail(ex, route, err);
    }
  };

  for (const route of routes) {
    const c = compile(route);
    const handler = (res: HttpResponse, req: HttpRequest) => run(c, new Exchange(res, req, c.paramNames.length));
    app.get(route.path, handler);
    app.head(route.path, handler);
    app.options(route.path, preflight);
    app.any(route.path, rejectWith('method_not_allowed', route.path));
  }
  app.any('/*', rejectWith('not_found', UNMATCHED));
  return {
    serve(built) {
      services = built;
    },
  };
}
