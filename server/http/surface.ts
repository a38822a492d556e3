// The one request pipeline of every surface (the /v1 routes, /mcp, the website): each handler made here runs the same
// steps once: an exchange per request, the surface's own handling, then the answer sent (compressed when it pays) and
// logged, or the failure answered in the surface's form. A surface declares only what differs: its headers,
// admission and decoding (in its `handle`) and how it answers an error (JSON by default, a page for the website).

import { ApiError } from '../../core/errors.js';
import { compress, pickEncoding } from './compress.js';
import { Exchange } from './exchange.js';
import type { RawJson } from './raw-json.js';
import { type AccessLog, logDone, sendError } from './respond.js';
import { type SocketData, Upgrade } from './socket.js';
import type { HttpRequest, HttpResponse, us_socket_context_t } from './uws.js';

/** A whole answer: its media type, body and status line; `encoding` names the compression a body already has. */
export class Reply {
  constructor(
    readonly type: string,
    readonly body: string | Uint8Array | RawJson,
    readonly status = '200 OK',
    readonly encoding: string | null = null,
  ) {}
}

/** An answer that is a stream: once the headers are out, `start` takes over the response until it ends. */
export class StreamAnswer {
  constructor(
    readonly contentType: string,
    readonly headers: Record<string, string>,
    readonly start: (ex: Exchange) => void,
  ) {}
}

export type Answer = Reply | StreamAnswer | Upgrade;

export interface Surface extends AccessLog {
  /** Bodies at least this large are compressed when the client accepts it. */
  compressMinBytes: number;
  /** Answers a failure of `route`; without it, the API's JSON error. */
  fail?(ex: Exchange, route: string, err: unknown): void;
}

/**
 * The uWS handler of `route` on `surface`: `handle` admits, decodes and answers; everything around it is done here. As
 * a WebSocket route's upgrade handler it is given the socket's `context`, and `handle` may answer with an Upgrade.
 */
export function handler(
  surface: Surface,
  route: string,
  paramCount: number,
  handle: (ex: Exchange, req: HttpRequest) => Answer | Promise<Answer>,
): (res: HttpResponse, req: HttpRequest, context?: us_socket_context_t) => void {
  const fail = (ex: Exchange, err: unknown) =>
    surface.fail ? surface.fail(ex, route, err) : sendError(surface, ex, route, err);
  const logged = (ex: Exchange) => () => logDone(surface, ex, route);
  const finish = (ex: Exchange, out: Answer) => {
    if (ex.aborted) return logDone(surface, ex, route);
    if (out instanceof Reply) return send(ex, out, surface.compressMinBytes, logged(ex), (err) => fail(ex, err));
    if (out instanceof Upgrade) {
      if (!ex.upgradable)
        return fail(
          ex,
          new ApiError('bad_request', `${route} is a WebSocket: send a WebSocket upgrade (Upgrade: websocket)`),
        );
      const data: SocketData = { session: out.session, ended: (reason) => ex.streamEnded(reason) };
      return ex.upgrade(data, logged(ex));
    }
    for (const [name, value] of Object.entries(out.headers)) ex.header(name, value);
    if (ex.method === 'head') return ex.send('200 OK', out.contentType, '', logged(ex));
    ex.openStream(out.contentType, logged(ex));
    out.start(ex);
  };
  return (res, req, context) => {
    const ex = new Exchange(res, req, paramCount);
    if (context) ex.readHandshake(req, context);
    try {
      const out = handle(ex, req);
      if (out instanceof Promise) out.then((answer) => finish(ex, answer)).catch((err) => fail(ex, err));
      else finish(ex, out);
    } catch (err) {
      fail(ex, err);
    }
  };
}

/**
 * Sends `reply` with `Vary: Accept-Encoding` and compressed (br or gzip, on libuv's pool) when it holds at least
 * `minBytes`; `failed` if compressing fails. A body in chunks is written as its chunks when it goes as it is.
 */
export function send(
  ex: Exchange,
  reply: Reply,
  minBytes: number,
  sent: () => void,
  failed: (err: unknown) => void,
): void {
  const { body, type, status } = reply;
  const size = typeof body === 'string' ? body.length : body.byteLength;
  if (reply.encoding) {
    ex.header('Vary', 'Accept-Encoding');
    ex.header('Content-Encoding', reply.encoding);
  } else if (size >= minBytes) ex.header('Vary', 'Accept-Encoding');
  const encoding = !reply.encoding && size >= minBytes ? pickEncoding(ex.acceptEncoding) : null;
  // uWS copies a string straight into its buffers: a Buffer is made only when the body is to be compressed.
  if (!encoding) {
    ex.send(status, type, typeof body === 'string' || body instanceof Uint8Array ? body : body.chunks, sent);
    return;
  }
  // HEAD negotiates like GET, so its Content-Length and Content-Encoding are the ones GET would send.
  compress(
    typeof body === 'string' ? Buffer.from(body) : body instanceof Uint8Array ? body : body.whole(),
    encoding,
  ).then((packed) => {
    ex.header('Content-Encoding', encoding);
    ex.send(status, type, packed, sent);
  }, failed);
}
