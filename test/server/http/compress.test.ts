// Accept-Encoding negotiation: br preferred, q=0 respected, lookalike tokens ignored.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { compress, pickEncoding } from '../../../server/http/compress.js';

t.test('negotiation', (t) => {
  t.equal(pickEncoding(''), null);
  t.equal(pickEncoding('gzip, deflate, br'), 'br');
  t.equal(pickEncoding('gzip'), 'gzip');
  t.equal(pickEncoding('br;q=0, gzip'), 'gzip');
  t.equal(pickEncoding('br;q=0.0'), null);
  t.equal(pickEncoding('brotli, gzipx'), null);
  t.equal(pickEncoding('identity'), null);
  t.end();
});

t.test('round trip', async (t) => {
  const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 500 }, (_, i) => ({ i })) }));
  t.same(brotliDecompressSync(await compress(body, 'br')), body);
  t.same(gunzipSync(await compress(body, 'gzip')), body);
});
