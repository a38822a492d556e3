// The request pipeline over real HTTP: auth, errors, rate-limit headers, CORS, HEAD, compression, request ids.

import { get as httpGet } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import t, { type Test } from 'tap';
import { createKey, startServer } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';

const server = await startServer({ env: { TAPEWIRE_ANON: '0' } });
t.teardown(() => server.dispose());
const key = await createKey(server, 'router-test');

/** The body bytes as sent, without fetch's transparent decoding. */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<Buffer>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });

const errorShape = async (t: Test, res: Response, status: number, code: string) => {
  t.equal(res.status, status, `status ${status}`);
  t.match(res.headers.get('content-type'), /^application\/json/);
  const body = (await res.json()) as {
    error: { code: string; message: string; details?: { in: string; param: string; message: string }[] };
  };
  t.same(Object.keys(body), ['error']);
  t.equal(body.error.code, code);
  t.type(body.error.message, 'string');
  return body;
};

t.test('401 without a key, with a malformed one, and with an unknown one', async (t) => {
  const missing = await server.get('/v1/meta');
  t.equal(missing.headers.get('www-authenticate'), 'Bearer realm="tapewire"');
  await errorShape(t, missing, 401, 'unauthorized');
  const malformed = await server.get('/v1/meta', { headers: { authorization: 'Basic abc' } });
  t.match(malformed.headers.get('www-authenticate'), /invalid_request/);
  await errorShape(t, malformed, 401, 'unauthorized');
  const unknown = await server.get('/v1/meta', { key: `live_${'x'.repeat(40)}` });
  t.match(unknown.headers.get('www-authenticate'), /invalid_token/);
  await errorShape(t, unknown, 401, 'unauthorized');
  t.equal(
    unknown.headers.get('ratelimit-policy'),
    '"anonymous";q=120;w=60',
    'failed attempts spend from the IP bucket',
  );
  t.match(unknown.headers.get('x-ratelimit-remaining'), /^\d+$/);
  const wrongCase = await server.get('/v1/meta', { headers: { authorization: `bearer ${key}` } });
  t.equal(wrongCase.status, 200, 'the scheme name is case-insensitive');
});

t.test('every /v1 answer carries the rate-limit headers', async (t) => {
  for (const path of ['/v1/meta', '/v1/meta/vocabulary', '/v1/meta?bogus=1']) {
    const res = await server.get(path, { key });
    t.equal(res.headers.get('x-ratelimit-limit'), '600', path);
    t.match(res.headers.get('x-ratelimit-remaining'), /^\d+$/);
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    t.ok(reset >= clock.now() / 1000 - 1 && reset <= clock.now() / 1000 + 61, 'reset is epoch seconds within a minute');
    t.equal(res.headers.get('ratelimit-policy'), '"key";q=600;w=60');
    t.match(res.headers.get('ratelimit'), /^"key";r=\d+;t=\d+$/);
    await res.arrayBuffer();
  }
});

t.test('429 with Retry-After once a key spends its quota', async (t) => {
  const small = await createKey(server, 'small', 2);
  t.equal((await server.get('/v1/meta', { key: small })).status, 200);
  t.equal((await server.get('/v1/meta', { key: small })).status, 200);
  const res = await server.get('/v1/meta', { key: small });
  t.equal(res.headers.get('retry-after'), '30', '2 per minute: the next token in 30 s');
  t.equal(res.headers.get('x-ratelimit-remaining'), '0');
  await errorShape(t, res, 429, 'rate_limited');
  t.equal((await server.get('/v1/meta', { key })).status, 200, 'other keys are not affected');
});

t.test('404 for unknown paths, with the error shape', async (t) => {
  const unknown = await server.get('/v1/nothing-here', { key });
  t.equal(
    unknown.headers.get('ratelimit-policy'),
    '"key";q=600;w=60',
    'unknown /v1 paths are authenticated and limited too',
  );
  await errorShape(t, unknown, 404, 'not_found');
  await errorShape(t, await server.get('/v1/nothing-here'), 401, 'unauthorized');
  await errorShape(t, await server.get('/', { key }), 404, 'not_found');
  await errorShape(t, await server.get('/v1/meta/vocabulary/extra', { key }), 404, 'not_found');
});

t.test('405 for methods other than GET and HEAD', async (t) => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    const res = await server.get('/v1/meta', { key, method, body: method === 'DELETE' ? null : '{}' });
    t.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS');
    t.match(res.headers.get('x-ratelimit-limit'), /^\d+$/);
    await errorShape(t, res, 405, 'method_not_allowed');
  }
});

t.test('422 names every bad parameter', async (t) => {
  const res = await server.get('/v1/meta?unknown=1&other=2&dup=1&dup=2', { key });
  const body = await errorShape(t, res, 422, 'validation_failed');
  const details = body.error.details ?? [];
  t.same(details.map((d) => d.param).sort(), ['dup', 'other', 'unknown']);
  for (const d of details) t.equal(d.in, 'query');
});

t.test('HEAD answers headers with the GET length and no body', async (t) => {
  const identity = { 'accept-encoding': 'identity' };
  const get = await server.get('/v1/meta/vocabulary', { key, headers: identity });
  const body = await get.arrayBuffer();
  const head = await server.get('/v1/meta/vocabulary', { key, method: 'HEAD', headers: identity });
  t.equal(head.status, 200);
  t.equal(Number(head.headers.get('content-length')), body.byteLength);
  t.equal((await head.arrayBuffer()).byteLength, 0);
  const rawBr = await rawGet(`${server.url}/v1/openapi.json`, {
    authorization: `Bearer ${key}`,
    'accept-encoding': 'br',
  });
  const headBr = await server.get('/v1/openapi.json', { key, method: 'HEAD', headers: { 'accept-encoding': 'br' } });
  t.equal(headBr.headers.get('content-encoding'), 'br', 'HEAD negotiates like GET');
  t.equal(Number(headBr.headers.get('content-length')), rawBr.length);
});

t.test('CORS: preflight and exposed headers for browser clients', async (t) => {
  const pre = await server.get('/v1/meta', {
    method: 'OPTIONS',
    headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
  });
  t.equal(pre.status, 204);
  t.equal(pre.headers.get('access-control-allow-origin'), '*');
  t.match(pre.headers.get('access-control-allow-methods'), /GET/);
  t.match(pre.headers.get('access-control-allow-headers'), /Authorization/);
  const res = await server.get('/v1/meta', { key, headers: { origin: 'https://app.example' } });
  t.equal(res.headers.get('access-control-allow-origin'), '*');
  t.match(res.headers.get('access-control-expose-headers'), /X-RateLimit-Remaining/);
  await res.arrayBuffer();
});

t.test('large bodies are compressed when the client accepts it', async (t) => {
  const plain = await (
    await server.get('/v1/openapi.json', { key, headers: { 'accept-encoding': 'identity' } })
  ).arrayBuffer();
  const res = await server.get('/v1/openapi.json', { key, headers: { 'accept-encoding': 'gzip, br' } });
  t.equal(res.headers.get('content-encoding'), 'br');
  t.equal(res.headers.get('vary'), 'Accept-Encoding');
  // fetch decodes transparently: the decoded bytes equal the identity body
  t.same(Buffer.from(await res.arrayBuffer()), Buffer.from(plain));
  const raw = await rawGet(`${server.url}/v1/openapi.json`, {
    authorization: `Bearer ${key}`,
    'accept-encoding': 'br',
  });
  t.same(brotliDecompressSync(raw), Buffer.from(plain), 'the bytes on the wire are brotli');
  t.ok(raw.length < plain.byteLength / 3, 'and much smaller');
  // No instrument on this server: a body of a few bytes.
  const small = await server.get('/v1/instruments', { key, headers: { 'accept-encoding': 'gzip' } });
  t.equal(small.headers.get('content-encoding'), null, 'small bodies go out as they are');
  await small.arrayBuffer();
});

t.test('request ids: echoed when sane, generated otherwise, and logged', async (t) => {
  const echoed = await server.get('/v1/meta', { key, headers: { 'x-request-id': 'abc-123' } });
  t.equal(echoed.headers.get('x-request-id'), 'abc-123');
  const generated = await server.get('/v1/meta', { key, headers: { 'x-request-id': 'bad id with spaces' } });
  t.match(generated.headers.get('x-request-id'), /^[a-z0-9]+-[a-z0-9]+$/);
  const line = await server.waitForLog((l) => l.reqId === 'abc-123');
  t.match(line, { msg: 'request', route: '/v1/meta', status: 200, method: 'get' });
  t.type(line?.ms, 'number');
});

t.test('unauthenticated probes', async (t) => {
  const live = await server.get('/live');
  t.equal(live.status, 200);
  t.match(await live.json(), { status: 'live' });
  t.equal(live.headers.get('x-ratelimit-limit'), null, 'probes are not rate limited');
  const ready = await server.get('/ready');
  t.same(await ready.json(), { status: 'ready' });
});
