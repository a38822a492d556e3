// gzip/br for large bodies, on libuv's thread pool so the event loop keeps serving while it runs.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

// Quality 4 brotli is about as fast as gzip level 6 and smaller; higher levels cost far more CPU than they save.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

export type Encoding = 'br' | 'gzip';

/** Matches a coding in Accept-Encoding unless the client gave it q=0. */
const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?![\\w-])(?!\\s*;\\s*q=0(\\.0*)?\\s*(,|$))`, 'i');
const ACCEPTS_BR = accepts('br');
const ACCEPTS_GZIP = accepts('gzip');

/** The encoding to use for a client's Accept-Encoding, preferring br; null for identity. */
export function pickEncoding(acceptEncoding: string): Encoding | null {
  if (!acceptEncoding) return null;
  if (ACCEPTS_BR.test(acceptEncoding)) return 'br';
  if (ACCEPTS_GZIP.test(acceptEncoding)) return 'gzip';
  return null;
}

export function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? br(body, BROTLI_OPTIONS) : gz(body, GZIP_OPTIONS);
}
