// The one pipeline every request goes through: each route's schemas compiled once at boot, then per request
// readiness, the caller, its rate limit, validation, the handler and the answer (compressed when it pays).
import fastJson from 'fast-json-stringify';
import { Type } from '@sinclair/typebox';
import { ApiError, clip, ERROR_CATALOGUE, RetryLaterError, validationError, type ValidationDetail } from '../../core/errors.js';
import { ErrorBody } from '../../core/schemas/common.js';
import { AuthError, type KeyIndex, type Principal } from '../auth.js';
import type { Limiter } from '../limits.js';
import type { Logger } from '../log.js';
import type { Services } from '../services/index.js';
import { compress, pickEncoding } from './compress.js';
import { Exchange } from './exchange.js';
import { decodeComponent, parseQuery } from './query.js';
import { RawJson } from './raw-json.js';
import { StreamAnswer, TextAnswer, type Ctx, type Gate, type Route } from './route.js';
import type { HttpRequest, HttpResponse, TemplatedApp } from './uws.js';
import { compileValidator, type CompiledValidator } from './validate.js';

export interface RouterDeps {
  keys: KeyIndex;
  limiter: Limiter;
  gate: Gate;
  log: Logger;
  compressMinBytes: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const CORS_EXPOSE =
  'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit, RateLimit-Policy, Retry-After';
const ALLOW = 'GET, HEAD, OPTIONS';
const serializeError = fastJson(ErrorBody);
/** The access log's `route` of a request no route matched; its URL is logged apart, cut to URL_LOG_CHARS. */
const UNMATCHED = 'unmatched';
/** Every logged field a client controls is bounded: a flood of 100 KB URLs must not become a flood of log. */
const URL_LOG_CHARS = 200;
const ERROR_LOG_CHARS = 2000;

interface Compiled {
  route: Route;
  paramNames: string[];
  params: CompiledValidator | null;
  query: CompiledValidator;
  serialize: (data: unknown) => string;
  toRaw: (data: unknown) => RawJson;
}

function compile(route: Route): Compiled {
  const paramNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const declared = Object.keys(route.params?.properties ?? {});
  if (paramNames.join() !== declared.join()) {
    throw new Error(`route ${route.path}: path parameters ${paramNames} do not match the params schema ${declared}`);
  }
  const serialize = fastJson(route.response) as (data: unknown) => string;
  return {
    route,
    paramNames,
    params: route.params ? compileValidator('path', route.params) : null,
    query: compileValidator('query', route.query ?? Type.Object({})),
    serialize,
    toRaw: (data) => new RawJson(Buffer.from(serialize(data))),
  };
}

/**
 * Mounts every route on `app`. The routes answer 503 until `serve` hands them the services (the server listens
 * before its database is open, so that /live and /ready answer meanwhile).
 */
export function mountRoutes(app: TemplatedApp, routes: Route[], deps: RouterDeps): { serve(services: Services): void } {
  const { keys, limiter, gate, log } = deps;
  let services: Services | null = null;

  const corsHeaders = (ex: Exchange) => {
    if (ex.origin) {
      ex.header('Access-Control-Allow-Origin', '*');
      ex.header('Access-Control-Expose-Headers', CORS_EXPOSE);
    }
  };

  /** `route` is a route's pattern or UNMATCHED, never the raw URL. */
  const logDone = (ex: Exchange, route: string) => {
    const ms = Math.round((performance.now() - ex.started) * 1000) / 1000;
    const waitedMs = ex.waitedMs ? Math.round(ex.waitedMs * 1000) / 1000 : undefined;
    const url = route === UNMATCHED ? clip(ex.url, URL_LOG_CHARS) : undefined;
    const fields = { reqId: ex.requestId, method: ex.method, route, url, status: ex.status, ms, waitedMs, aborted: ex.aborted || undefined, ended: ex.ended };
    // 503 is the expected answer while starting or stopping, not a fault.
    if (ex.status >= 500 && ex.status !== 503) log.error(fields, 'request');
    else log.info(fields, 'request');
  };

  const fail = (ex: Exchange, route: string, err: unknown) => {
    // The client left: its work was dropped or cut short on purpose (the abort signal), nothing to answer or report.
    if (ex.aborted) return logDone(ex, route);
    let e: ApiError;
    if (err instanceof ApiError) e = err;
    else {
      log.error({ reqId: ex.requestId, route, err: boundedError(err) }, 'unhandled error');
      e = new ApiError('internal');
    }
    if (e instanceof AuthError) ex.header('WWW-Authenticate', e.challenge);
    if (e instanceof RetryLaterError) ex.header('Retry-After', String(e.retryAfterS));
    else if (e.code === 'unavailable') ex.header('Retry-After', '5');
    if (e.code === 'method_not_allowed') ex.header('Allow', ALLOW);
    const body = serializeError({ error: { code: e.code, message: e.message, details: e.details ?? undefined } });
    ex.send(ERROR_CATALOGUE[e.code].statusLine, JSON_TYPE, body, () => logDone(ex, route));
  };

  const finish = (ex: Exchange, c: Compiled, data: unknown) => {
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

  const decodeParams = (c: Compiled, ex: Exchange, problems: ValidationDetail[]) => {
    const out: Record<string, unknown> = {};
    c.paramNames.forEach((name, i) => {
      const value = decodeComponent(ex.rawParams[i]!, false);
      if (value === null) problems.push({ in: 'path', param: name, message: 'is not valid UTF-8 percent-encoding' });
      else out[name] = value;
    });
    return out;
  };

  /**
   * Readiness, then the caller, then a token from its bucket. Whatever the outcome, the answer carries rate-limit
   * headers: a request with no valid key (or before keys are loaded) spends from its IP's bucket, which also
   * throttles key guessing.
   */
  const admit = (ex: Exchange): Principal => {
    const notReady = gate.notReadyReason();
    if (notReady) {
      limiter.apply(keys.byIp(ex.ip), ex);
      throw new ApiError('unavailable', `Not ready: ${notReady}`);
    }
    let principal: Principal;
    try {
      principal = keys.authenticate(ex.authorization, () => ex.ip);
    } catch (err) {
      limiter.apply(keys.byIp(ex.ip), ex);
      throw err;
    }
    limiter.apply(principal, ex);
    return principal;
  };

  const run = (c: Compiled, ex: Exchange) => {
    const { route } = c;
    try {
      corsHeaders(ex);
      const principal = route.auth ? admit(ex) : null;
      const problems: ValidationDetail[] = [];
      const params = decodeParams(c, ex, problems);
      if (c.params && !problems.length) problems.push(...c.params.check(params));
      const parsed = parseQuery(ex.query);
      problems.push(...parsed.problems);
      const query = parsed.values as Record<string, unknown>;
      problems.push(...c.query.check(query).filter((d) => !parsed.problems.some((p) => p.param === d.param)));
      if (problems.length) throw validationError(problems);
      let caller: Ctx['caller'] | undefined;
      const ctx: Ctx = {
        params,
        query,
        principal,
        requestId: ex.requestId,
        accept: ex.accept,
        serialize: c.toRaw,
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
      if (ex.url === '/v1' || ex.url.startsWith('/v1/')) admit(ex);
      throw new ApiError(code, code === 'not_found' ? `No route for ${clip(ex.url, URL_LOG_CHARS)}` : undefined);
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

/** A fault for the log: its message and stack bounded, as either may quote what a client sent. */
function boundedError(err: unknown): unknown {
  if (!(err instanceof Error)) return clip(String(err), ERROR_LOG_CHARS);
  return { type: err.name, message: clip(err.message, ERROR_LOG_CHARS), stack: err.stack && clip(err.stack, 2 * ERROR_LOG_CHARS), code: (err as NodeJS.ErrnoException).code };
}
