// One exchange per request: reads what the request offers while it is valid, tracks abort, and writes corked.
import type { HttpRequest, HttpResponse } from './uws.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const bootId = Date.now().toString(36);
let sequence = 0;

export class Exchange {
  aborted = false;
  /** Status sent, for the access log; 0 until the response is written. */
  status = 0;
  readonly started = performance.now();
  readonly method: string;
  readonly url: string;
  readonly query: string;
  readonly authorization: string;
  readonly acceptEncoding: string;
  readonly origin: string;
  readonly requestId: string;
  readonly rawParams: string[];
  private readonly headers: string[] = [];
  private controller: AbortController | null = null;
  private remote: string | null = null;

  constructor(
    readonly res: HttpResponse,
    req: HttpRequest,
    paramCount: number,
  ) {
    // uWS invalidates req at the first await and res at abort: register the abort handler first, then copy everything.
    res.onAborted(() => {
      this.aborted = true;
      this.controller?.abort();
    });
    this.method = req.getMethod();
    this.url = req.getUrl();
    this.query = req.getQuery() ?? '';
    this.authorization = req.getHeader('authorization');
    this.acceptEncoding = req.getHeader('accept-encoding');
    this.origin = req.getHeader('origin');
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

  /** Writes status, headers and body in one corked batch; does nothing after an abort or a first answer. */
  send(statusLine: string, contentType: string, body: string | Uint8Array): void {
    if (this.aborted || this.status) return;
    this.status = parseInt(statusLine, 10);
    const { res, headers } = this;
    res.cork(() => {
      res.writeStatus(statusLine);
      if (contentType) res.writeHeader('Content-Type', contentType);
      res.writeHeader('X-Request-Id', this.requestId);
      for (let i = 0; i < headers.length; i += 2) res.writeHeader(headers[i]!, headers[i + 1]!);
      if (this.method === 'head') res.endWithoutBody(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
      else res.end(body);
    });
  }
}
