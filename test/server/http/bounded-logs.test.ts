// What a client controls stays bounded in the access log and in error bodies: long URLs, many parameters. (uWS itself
// resets a request whose method is not a standard one, and one whose request head is much over 64 KB.)
//
// Every request head here stays under 4 KB: the Node 20 build of uWS takes a larger head only when it arrives in one
// read, and closes the socket when a busy machine splits it (CI once saw ECONNRESET on a 50 KB path); the Node 22/24
// build answers 431 above 4 KB (test/server/http/protocol-edges.test.ts pins both). 3 KB is still 15 times the log's
// 200-character cut.

import { request } from 'node:http';
import t from 'tap';
import { MAX_DETAILS } from '../../../core/errors.js';
import { createKey, startServer } from '../../../harness/server.js';

const server = await startServer({ env: { TAPEWIRE_ANON: '0' } });
t.teardown(() => server.dispose());
const key = await createKey(server, 'bounded-logs-test');

/** Long enough to be cut in the log, short enough for any read split (see the header). */
const LONG = 3_000;

/** Sends one request with any method and path over a fresh connection; resolves with the status. */
const send = (method: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });

const lineBytes = (line: Record<string, unknown>) => Buffer.byteLength(JSON.stringify(line));

t.test('a 405 with a 3 KB path logs the route pattern, not the URL', async (t) => {
  const long = 'A'.repeat(LONG);
  const res = await send('POST', `/v1/instruments/${long}`, { 'x-request-id': 'long-405' });
  t.equal(res.status, 401, 'no key: refused before the method is judged');
  const line = await server.waitForLog((l) => l.reqId === 'long-405');
  t.equal(line.route, '/v1/instruments/:symbol');
  t.equal(line.url, undefined, 'a matched route logs no URL');
  t.ok(lineBytes(line) < 1024, `the log line is ${lineBytes(line)} bytes`);
  const keyed = await send('POST', `/v1/instruments/${long}`, {
    'x-request-id': 'long-405-key',
    authorization: `Bearer ${key}`,
  });
  t.equal(keyed.status, 405);
  const keyedLine = await server.waitForLog((l) => l.reqId === 'long-405-key');
  t.equal(keyedLine.route, '/v1/instruments/:symbol');
});

t.test('an unmatched 3 KB URL logs "unmatched" and its first 200 characters', async (t) => {
  const res = await send('GET', `/${'b'.repeat(LONG)}`, { 'x-request-id': 'long-404' });
  t.equal(res.status, 404);
  t.ok(res.body.length < 1024, 'the answer quotes a bounded URL');
  const line = await server.waitForLog((l) => l.reqId === 'long-404');
  t.equal(line.route, 'unmatched');
  t.equal((line.url as string).length, 200);
  t.ok(lineBytes(line) < 1024, `the log line is ${lineBytes(line)} bytes`);
});

t.test('400 unknown parameters: the 422 lists the first 20 and counts the rest', async (t) => {
  const query = Array.from({ length: 400 }, (_, i) => `u${i}=1`).join('&');
  const res = await server.get(`/v1/events?${query}`, { key });
  t.equal(res.status, 422);
  const text = await res.text();
  t.ok(text.length < 8 * 1024, `the body is ${text.length} bytes`);
  const body = JSON.parse(text) as { error: { message: string; details: { param: string }[] } };
  t.equal(body.error.details.length, MAX_DETAILS);
  t.same(
    body.error.details.slice(0, 2).map((d) => d.param),
    ['u0', 'u1'],
  );
  t.match(body.error.message, /and 380 more problems/);
});

t.test('a 3 KB parameter name is cut in the answer', async (t) => {
  const res = await server.get(`/v1/events?${'n'.repeat(LONG)}=1`, { key });
  t.equal(res.status, 422);
  const body = (await res.json()) as { error: { message: string; details: { param: string }[] } };
  t.equal(body.error.details[0]!.param.length, 100);
  t.ok(body.error.message.length < 300);
});
