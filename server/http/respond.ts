// How every answer ends: the access log line of a request, and the error body and headers of a failure.
import fastJson from 'fast-json-stringify';
import { ApiError, clip, ERROR_CATALOGUE, RetryLaterError } from '../../core/errors.js';
import type { HttpFigures } from '../../core/http-figures.js';
import { ErrorBody } from '../../core/schemas/common.js';
import { AuthError } from '../auth.js';
import { type Logger, writeInfoLine } from '../log.js';
import type { Exchange } from './exchange.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
/** The access log's `route` of a request no route matched; its URL is logged apart, cut to URL_LOG_CHARS. */
export const UNMATCHED = 'unmatched';
/** Every logged field a client controls is bounded: a flood of 100 KB URLs must not become a flood of log. */
export const URL_LOG_CHARS = 200;
const ERROR_LOG_CHARS = 500;
const serializeError = fastJson(ErrorBody);

/** Where an answered request is told: the access log, and the request figures of /metrics. */
export interface AccessLog {
  log: Logger;
  figures: HttpFigures;
}

/** Logs a request once it is answered (or its client left); `route` is a route's pattern or UNMATCHED, never the raw URL. */
export function logDone({ log, figures }: AccessLog, ex: Exchange, route: string): void {
  const elapsed = performance.now() - ex.started;
  figures.record(route, ex.status, elapsed / 1000);
  const ms = Math.round(elapsed * 1000) / 1000;
  const waitedMs = ex.waitedMs ? Math.round(ex.waitedMs * 1000) / 1000 : undefined;
  const url = route === UNMATCHED ? clip(ex.url, URL_LOG_CHARS) : undefined;
  // The common line is written by hand, with the fields and in the order pino would write them.
  if (ex.status < 500 && !ex.logFields && writeInfoLine(log, accessFields(ex, route, url, ms, waitedMs), 'request'))
    return;
  const fields = {
    reqId: ex.requestId,
    method: ex.method,
    route,
    url,
    status: ex.status,
    ms,
    waitedMs,
    aborted: ex.aborted || undefined,
    ended: ex.ended,
    ...ex.logFields,
  };
  // 503 is the expected answer while starting or stopping, not a fault.
  if (ex.status >= 500 && ex.status !== 503) log.error(fields, 'request');
  else log.info(fields, 'request');
}

/** logDone's fields as JSON, in its object's order, the absent ones left out as pino leaves out undefined. */
function accessFields(
  ex: Exchange,
  route: string,
  url: string | undefined,
  ms: number,
  waitedMs: number | undefined,
): string {
  let s = `,"reqId":${quote(ex.requestId)},"method":${quote(ex.method)},"route":${quote(route)}`;
  if (url !== undefined) s += `,"url":${JSON.stringify(url)}`;
  s += `,"status":${ex.status},"ms":${ms}`;
  if (waitedMs !== undefined) s += `,"waitedMs":${waitedMs}`;
  if (ex.aborted) s += ',"aborted":true';
  if (ex.ended !== undefined) s += `,"ended":${quote(ex.ended)}`;
  return s;
}

/** Request ids, methods and route patterns need no escaping; anything else is escaped as JSON. */
const PLAIN = /^[\w./:{}-]*$/;
const quote = (s: string) => (PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));

/** Answers `err` with the error body and the headers its code calls for; anything not an ApiError is logged as a 500. */
export function sendError(access: AccessLog, ex: Exchange, route: string, err: unknown): void {
  // The client left: its work was dropped or cut short on purpose (the abort signal), nothing to answer or report.
  if (ex.aborted) {
    logDone(access, ex, route);
    return;
  }
  const e = asApiError(access.log, err, { reqId: ex.requestId, route });
  errorHeaders(ex, e);
  const body = serializeError({ error: { code: e.code, message: e.message, details: e.details ?? undefined } });
  ex.send(ERROR_CATALOGUE[e.code].statusLine, JSON_TYPE, body, () => logDone(access, ex, route));
}

/** The headers an error's code calls for, whatever the form of its body: the key challenge, when to try again. */
export function errorHeaders(ex: Exchange, e: ApiError): void {
  if (e instanceof AuthError) ex.header('WWW-Authenticate', e.challenge);
  if (e instanceof RetryLaterError) ex.header('Retry-After', String(e.retryAfterS));
  else if (e.code === 'unavailable') ex.header('Retry-After', '5');
}

/** `err` as the answer it is, or an internal error once the unexpected fault is logged (bounded) with `context`. */
export function asApiError(log: Logger, err: unknown, context: Record<string, unknown>): ApiError {
  if (err instanceof ApiError) return err;
  log.error({ ...context, err: boundedError(err) }, 'unhandled error');
  return new ApiError('internal');
}

/**
 * A fault for the log, one bounded line: its message clipped (it may quote what a client sent) and its stack's frames
 * without the message the stack starts with.
 */
function boundedError(err: unknown): unknown {
  if (!(err instanceof Error)) return clip(String(err), ERROR_LOG_CHARS);
  const frames = err.stack?.slice(err.stack.indexOf('\n    at ') + 1);
  return {
    type: err.name,
    message: clip(err.message, ERROR_LOG_CHARS),
    stack: frames && clip(frames, 2 * ERROR_LOG_CHARS),
    code: (err as NodeJS.ErrnoException).code,
  };
}
