// An answer's body as the client accepts it: br or gzip (on libuv's pool) once it is large enough to pay, else as is.
import { compress, pickEncoding } from './compress.js';
import type { Exchange } from './exchange.js';

/** Sends `body` with `Vary: Accept-Encoding` and compressed when it holds at least `minBytes`; `failed` if that fails. */
export function sendBody(ex: Exchange, statusLine: string, type: string, body: string | Uint8Array, minBytes: number, sent: () => void, failed: (err: unknown) => void): void {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  if (size >= minBytes) ex.header('Vary', 'Accept-Encoding');
  const encoding = size >= minBytes ? pickEncoding(ex.acceptEncoding) : null;
  if (!encoding) return ex.send(statusLine, type, body, sent);
  compress(typeof body === 'string' ? Buffer.from(body) : body, encoding).then((packed) => {
    ex.header('Content-Encoding', encoding);
    ex.send(statusLine, type, packed, sent);
  }, failed);
}
