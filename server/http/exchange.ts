// One exchange per request: reads what the request offers while it is valid, tracks abort, and writes corked.

import { clock } from '../clock.js';
import type { HttpRequest, HttpResponse, us_socket_context_t } from './uws.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/**
 * Bodies at least this large are written with tryEnd and onWritable: the part the socket does not take at once stays
 * in our buffer and goes as the client drains it, instead of uWS copying the rest of a multi-megabyte answer into its
 * own buffer for every slow reader.
 */
const STREAM_MIN_BYTES = 64 * 1024;
/**
 * Where a streamed body of chunks up to 1 MiB in all is copied whole for its first write: one system call instead of
 * one per chunk, cheaper than the copy up to that size (`bench:write-shape`). Shared: uWS sends or copies what it takes
 * before returning and keeps no reference, and after a partial write the rest goes from the chunks, never from here.
 */
const firstWrite = Buffer.allocUnsafeSlow(1024 * 1024);
const bootId = clock.now().toString(36);
let sequence = 0;

/** This process's node id on a scale-out, sent with every answer so a client or a test sees which node answered. */
let nodeName: string | null = null;

/** Every answer from now on names node `id` (X-Tapewire-Node). */
export function nameNode(id: string): void {
  nodeName = id;
}

export class Exchange {
  aborted = false;
  /** Status sent, for the access log; 0 until the response is written. */
  status = 0;
  /** Milliseconds the end of a large body waited for the client to read (0: the socket took it at once). */
  waitedMs = 0;
  /** How a stream ended, for the access log. */
  ended: string | undefined;
  /** More for the access log line, from the surface that answered (the tools an MCP request called). */
  logFields: Record<string, unknown> | undefined;
  readonly started = performance.now();
  readonly method: string;
  readonly url: string;
  readonly query: string;
  readonly authorization: string;
  readonly accept: string;
  readonly acceptEncoding: string;
  readonly origin: string;
  /** The stream resume header; null when absent. */
  readonly lastEventId: string | null;
  readonly requestId: string;
  readonly rawParams: string[];
  private readonly headers: string[] = [];
  private controller: AbortController | null = null;
  /** Called once the body is all handed to the socket, or the client is gone. */
  private sent: (() => void) | null = null;
  private remote: string | null = null;
  /** What a WebSocket upgrade request offers, read while it is valid; null for a plain request. */
  private handshake: { key: string; protocol: string; extensions: string; context: us_socket_context_t } | null = null;

  constructor(
    readonly res: HttpResponse,
    req: HttpRequest,
    paramCount: number,
  ) {
    // uWS invalidates req at the first await and res at abort: register the abort handler first, then copy everything.
    res.onAborted(() => {
      this.aborted = true;
      this.controller?.abort();
      this.done();
    });
    this.method = req.getMethod();
    this.url = req.getUrl();
    this.query = req.getQuery() ?? '';
    this.authorization = req.getHeader('authorization');
    this.accept = req.getHeader('accept');
    this.acceptEncoding = req.getHeader('accept-encoding');
    this.origin = req.getHeader('origin');
    this.lastEventId = req.getHeader('last-event-id') || null;
    const given = req.getHeader('x-request-id');
    this.requestId = REQUEST_ID.test(given) ? given : `${bootId}-${(++sequence).toString(36)}`;
    this.rawParams = [];
    for (let i = 0; i < paramCount; i++) this.rawParams.push(req.getParameter(i));
  }

  /** Aborts with the client: hand it to the database and the worker pool so abandoned work stops. */
  get signal(): AbortSignal {
    this.controller ??= new AbortController();
    if (this.aborted) this.controller.abort();
    return this.controller.signal;
  }

  /** The peer address; read while the response is still valid (before any abort). */
  get ip(): string {
    this.remote ??= Buffer.from(this.res.getRemoteAddressAsText()).toString();
    return this.remote;
  }

  header(name: string, value: string): void {
    this.headers.push(name, value);
  }

  /**
   * Writes status, headers and body (whole, or in chunks sent one after another) in one corked batch, then calls
   * `sent` once the body is all handed to the socket (or the client left). After an abort or a first answer it only
   * calls `sent`.
   */
  send(
    statusLine: string,
    contentType: string,
    body: string | Uint8Array | readonly Uint8Array[],
    sent?: () => void,
  ): void {
    this.sent = sent ?? null;
    if (this.aborted || this.status) {
      this.done();
      return;
    }
    this.status = parseInt(statusLine, 10);
    const { res, headers } = this;
    const chunks = typeof body === 'string' || body instanceof Uint8Array ? null : body;
    const total = chunks
      ? chunks.reduce((n, c) => n + c.byteLength, 0)
      : typeof body === 'string'
        ? Buffer.byteLength(body)
        : (body as Uint8Array).byteLength;
    res.cork(() => {
      res.writeStatus(statusLine);
      if (contentType) res.writeHeader('Content-Type', contentType);
      res.writeHeader('X-Request-Id', this.requestId);
      if (nodeName) res.writeHeader('X-Tapewire-Node', nodeName);
      for (let i = 0; i < headers.length; i += 2) res.writeHeader(headers[i]!, headers[i + 1]!);
      if (this.method === 'head') res.endWithoutBody(total);
      else if (total >= STREAM_MIN_BYTES)
        return this.stream(chunks ?? [typeof body === 'string' ? Buffer.from(body) : (body as Uint8Array)], total);
      else res.end(chunks ? (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)) : (body as string | Uint8Array));
      this.done();
    });
  }

  /**
   * Writes the status and headers of a response whose body follows over time (a stream), and leaves it open: the
   * caller writes to `res` from then on and ends it. `ended` is called once it is over, for the access log.
   */
  openStream(contentType: string, ended: () => void): void {
    this.sent = ended;
    this.status = 200;
    const { res, headers } = this;
    res.cork(() => {
      res.writeStatus('200 OK');
      res.writeHeader('Content-Type', contentType);
      res.writeHeader('X-Request-Id', this.requestId);
      if (nodeName) res.writeHeader('X-Tapewire-Node', nodeName);
      for (let i = 0; i < headers.length; i += 2) res.writeHeader(headers[i]!, headers[i + 1]!);
    });
  }

  /** Reads the handshake of a request to become a WebSocket of `context` (a WebSocket route's). */
  readHandshake(req: HttpRequest, context: us_socket_context_t): void {
    this.handshake = {
      key: req.getHeader('sec-websocket-key'),
      protocol: req.getHeader('sec-websocket-protocol'),
      extensions: req.getHeader('sec-websocket-extensions'),
      context,
    };
  }

  /** Whether the request asked to become a WebSocket. */
  get upgradable(): boolean {
    return this.handshake !== null;
  }

  /**
   * Answers 101 with the headers set so far and hands the connection to uWS as a WebSocket carrying `userData`. The
   * socket's end is told with streamEnded, as a stream's; after an abort it only calls `ended`.
   */
  upgrade(userData: object, ended: () => void): void {
    this.sent = ended;
    const { res, headers, handshake } = this;
    if (this.aborted || !handshake) {
      this.done();
      return;
    }
    this.status = 101;
    res.cork(() => {
      res.writeStatus('101 Switching Protocols');
      res.writeHeader('X-Request-Id', this.requestId);
      if (nodeName) res.writeHeader('X-Tapewire-Node', nodeName);
      for (let i = 0; i < headers.length; i += 2) res.writeHeader(headers[i]!, headers[i + 1]!);
      res.upgrade(userData, handshake.key, handshake.protocol, handshake.extensions, handshake.context);
    });
  }

  /** The end of a stream opened with openStream, and why: logs it once. */
  streamEnded(reason: string): void {
    this.ended ??= reason;
    this.done();
  }

  private done(): void {
    const sent = this.sent;
    this.sent = null;
    sent?.();
  }

  /**
   * Sends `chunks` (`total` bytes) as fast as the client reads them: what the socket does not take waits in the chunks
   * themselves until uWS says it drained, and carries on from the offset uWS reports.
   */
  private stream(chunks: readonly Uint8Array[], total: number): void {
    const { res } = this;
    const start = res.getWriteOffset();
    let k = 0;
    /** Body bytes in the chunks before chunk k. */
    let before = 0;
    let waiting = 0;
    const pump = (offset: number): boolean => {
      for (let written = offset - start; ; ) {
        while (written >= before + chunks[k]!.byteLength) before += chunks[k++]!.byteLength;
        const [ok, done] = res.tryEnd(chunks[k]!.subarray(written - before), total);
        if (done) {
          if (waiting) this.waitedMs = performance.now() - waiting;
          this.done();
          return true;
        }
        if (!ok) {
          waiting ||= performance.now();
          return false;
        }
        written = res.getWriteOffset() - start;
      }
    };
    if (chunks.length > 1 && total <= firstWrite.byteLength && res.tryEnd(gathered(chunks), total)[1]) {
      this.done();
      return;
    }
    if (!pump(res.getWriteOffset())) res.onWritable(pump);
  }
}

/** The chunks copied one after another into `firstWrite`. */
function gathered(chunks: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) {
    firstWrite.set(c, n);
    n += c.byteLength;
  }
  return firstWrite.subarray(0, n);
}
