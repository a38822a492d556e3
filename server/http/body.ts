// Reads a request body from uWS (onData, registered before the handler returns), bounded: past `maxBytes` the read
// ends at once as too large, and the rest is not kept.
import type { HttpResponse } from './uws.js';

export type Body = { bytes: Buffer } | { tooLarge: true };

/** Must be called synchronously in the handler, before any await: uWS delivers the body right after it returns. */
export function readBody(res: HttpResponse, maxBytes: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    res.onData((chunk, last) => {
      if (over) return;
      size += chunk.byteLength;
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        return resolve({ tooLarge: true });
      }
      // uWS reuses the chunk's memory once this returns: copy what is kept.
      chunks.push(Buffer.from(new Uint8Array(chunk)));
      if (last) resolve({ bytes: Buffer.concat(chunks, size) });
    });
  });
}
