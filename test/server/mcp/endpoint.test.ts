// /mcp as an HTTP endpoint (on an empty database: the tools' data is not the point here): the same keys as /v1 (401),
// Origin checked (403 for a hostile page, CORS for this machine's pages and the listed origins), no sessions (GET and
// DELETE 405), unsupported protocol versions as the spec says, each JSON-RPC message spending from the key's bucket,
// bounded batches and bodies, compressed answers, and the SDK's Client working through it all.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import t from 'tap';
import { createKey, startServer } from '../../../harness/server.js';

const server = await startServer({ env: { TAPEWIRE_ANON: '0', MCP_ALLOWED_ORIGINS: 'https://app.example.com' } });
t.teardown(() => server.dispose());
const key = await createKey(server, 'mcp');
const url = `${server.url}/mcp`;

type Json = Record<string, any>;
const initialize = (protocolVersion = LATEST_PROTOCOL_VERSION) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const glossaryCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'get_glossary_term', arguments: { slug: 'z-score' } },
});

function post(body: unknown, headers: Record<string, string> = {}, as = key): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(as ? { authorization: `Bearer ${as}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

t.test('the SDK client through the endpoint', async (t) => {
  const client = new Client({ name: 'tapewire-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  t.teardown(() => client.close());
  t.equal(client.getServerVersion()?.name, 'tapewire');
  t.match(client.getInstructions(), /get_brief/);
  const term = await client.callTool({ name: 'get_glossary_term', arguments: { slug: 'z-score' } });
  t.match(term.structuredContent, { data: { slug: 'z-score', term: String } });
  const missing = await client.callTool({ name: 'get_instrument', arguments: { symbol: 'BTC' } });
  t.equal(missing.isError, true, 'an unknown entity is a tool error');
});

t.test('401 without a valid key, as on /v1', async (t) => {
  const none = await post(initialize(), {}, '');
  t.equal(none.status, 401);
  t.match(none.headers.get('www-authenticate'), /^Bearer realm="tapewire"/);
  t.match(await none.json(), { error: { code: 'unauthorized' } });
  const wrong = await post(initialize(), {}, `live_${'x'.repeat(40)}`);
  t.equal(wrong.status, 401);
  t.match(wrong.headers.get('www-authenticate'), /invalid_token/);
  t.match(wrong.headers.get('x-ratelimit-limit'), /^\d+$/, 'spent from the IP bucket');
});

t.test('Origin: a hostile page is refused, this machine and the listed origins are served with CORS', async (t) => {
  for (const origin of [
    'https://evil.example.com',
    'http://evil.example.com:8080',
    'null',
    'http://localhost.evil.example',
  ]) {
    const res = await post(initialize(), { origin });
    t.equal(res.status, 403, origin);
    t.match(await res.json(), { error: { code: 'forbidden' } });
    t.equal(res.headers.get('access-control-allow-origin'), null);
  }
  for (const origin of [
    'http://localhost:6274',
    'http://127.0.0.1:3000',
    'http://[::1]:5173',
    'https://app.example.com',
  ]) {
    const res = await post(initialize(), { origin });
    t.equal(res.status, 200, origin);
    t.equal(res.headers.get('access-control-allow-origin'), origin);
    t.match(res.headers.get('vary'), /Origin/);
  }
  const preflight = await fetch(url, {
    method: 'OPTIONS',
    headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
  });
  t.equal(preflight.status, 204);
  t.match(preflight.headers.get('access-control-allow-headers'), /Authorization.*Mcp-Protocol-Version/);
  t.equal(preflight.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
  const hostile = await fetch(url, { method: 'OPTIONS', headers: { origin: 'https://evil.example.com' } });
  t.equal(hostile.status, 403);
});

t.test('stateless: no GET stream and no session to DELETE (405), no session id handed out', async (t) => {
  for (const method of ['GET', 'DELETE', 'PUT']) {
    const res = await fetch(url, { method, headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
    t.equal(res.status, 405, method);
    t.equal(res.headers.get('allow'), 'POST, OPTIONS');
    t.match(await res.json(), { error: { code: 'method_not_allowed' } });
  }
  const res = await post(initialize());
  t.equal(res.headers.get('mcp-session-id'), null);
});

t.test(
  'protocol versions: an unknown one in initialize is answered with ours, an unsupported header is a 400',
  async (t) => {
    const old = (await (await post(initialize('1999-01-01'))).json()) as Json;
    t.equal(old.result.protocolVersion, LATEST_PROTOCOL_VERSION);
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const bad = await post(list, { 'mcp-protocol-version': '1999-01-01' });
    t.equal(bad.status, 400);
    t.match(await bad.json(), { jsonrpc: '2.0', error: { message: /Unsupported protocol version/ } });
    // An earlier version the SDK still supports.
    const good = await post(list, { 'mcp-protocol-version': SUPPORTED_PROTOCOL_VERSIONS[1]! });
    t.equal(good.status, 200);
    t.equal(((await good.json()) as Json).result.tools.length, 24, "the interface's 24 tools");
  },
);

t.test(
  'every message spends from the key bucket: a batch of three spends three, one over the bucket is a 429',
  async (t) => {
    const small = await createKey(server, 'mcp-small', 6);
    const three = await post([glossaryCall(1), glossaryCall(2), glossaryCall(3)], {}, small);
    t.equal(three.status, 200);
    t.equal(((await three.json()) as Json[]).length, 3);
    t.equal(three.headers.get('x-ratelimit-remaining'), '3');
    const four = await post([glossaryCall(4), glossaryCall(5), glossaryCall(6), glossaryCall(7)], {}, small);
    t.equal(four.status, 429);
    t.match(four.headers.get('retry-after'), /^\d+$/);
    const listing = await post({ jsonrpc: '2.0', id: 8, method: 'tools/list' }, {}, small);
    t.equal(listing.status, 200, 'a request without a tool call costs one too');
    t.equal(listing.headers.get('x-ratelimit-remaining'), '2');
  },
);

t.test(
  'a batch: every message spends a token, ten at most, one tools/list and one initialize (100 tools/list were 18 MB for one token)',
  async (t) => {
    const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const hundred = await createKey(server, 'mcp-hundred', 100);
    const amplified = await post(
      Array.from({ length: 100 }, (_, k) => list(k)),
      {},
      hundred,
    );
    t.equal(amplified.status, 400);
    t.match(await amplified.json(), {
      error: { code: 'bad_request', message: /at most 10 messages; this one holds 100/ },
    });
    t.equal(amplified.headers.get('x-ratelimit-remaining'), '0', 'charged a token a message all the same');
    t.equal(
      (
        await post(
          Array.from({ length: 100 }, (_, k) => list(k)),
          {},
          hundred,
        )
      ).status,
      429,
      'so the next one is over the bucket',
    );
    const small = await createKey(server, 'mcp-batch', 12);
    const twice = await post([list(1), list(2)], {}, small);
    t.equal(twice.status, 400);
    t.match(await twice.json(), { error: { message: /tools\/list once/ } });
    t.equal((await post([initialize(), { ...initialize(), id: 2 }], {}, small)).status, 400, 'initialize once too');
    const mixed = await post([list(1), ping(2), ping(3), ping(4), ping(5)], {}, small);
    t.equal(mixed.status, 200);
    t.equal(((await mixed.json()) as Json[]).length, 5);
    t.equal(mixed.headers.get('x-ratelimit-remaining'), '3', 'five messages, five tokens');
  },
);

t.test('a lone tools/list is answered from bytes made once: the same answer as the SDK gives', async (t) => {
  const alone = await post({ jsonrpc: '2.0', id: 'list-7', method: 'tools/list' });
  t.equal(alone.status, 200);
  t.equal(alone.headers.get('content-type'), 'application/json');
  const viaSdk = (await (
    await post([
      { jsonrpc: '2.0', id: 'list-7', method: 'tools/list' },
      { jsonrpc: '2.0', id: 8, method: 'ping' },
    ])
  ).json()) as Json[];
  t.same(await alone.json(), viaSdk[0], 'the batch goes through the SDK: the same message');
  t.equal(
    (await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '1999-01-01' })).status,
    400,
    'what the transport refuses is still refused',
  );
  t.equal((await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { accept: 'application/json' })).status, 406);
});

t.test(
  'a lone tools/call is answered without the SDK server: the same answer as the SDK gives, errors included',
  async (t) => {
    const calls = [
      glossaryCall(11),
      {
        jsonrpc: '2.0',
        id: 'missing',
        method: 'tools/call',
        params: { name: 'get_instrument', arguments: { symbol: 'BTC' } },
      },
      {
        jsonrpc: '2.0',
        id: 13,
        method: 'tools/call',
        params: { name: 'get_glossary_term', arguments: { slug: 'z-score', extra: 1 } },
      },
      { jsonrpc: '2.0', id: 14, method: 'tools/call', params: { name: 'get_glossary_term' } },
    ];
    for (const call of calls) {
      const alone = await post(call);
      t.equal(alone.status, 200);
      t.equal(alone.headers.get('content-type'), 'application/json');
      const viaSdk = (await (await post([call, { jsonrpc: '2.0', id: 99, method: 'ping' }])).json()) as Json[];
      t.same(
        await alone.json(),
        viaSdk[0],
        `${JSON.stringify(call.params)}: the batch goes through the SDK, the same message`,
      );
    }
    const unknown = (await (
      await post({ jsonrpc: '2.0', id: 15, method: 'tools/call', params: { name: 'get_nothing' } })
    ).json()) as Json;
    t.match(
      unknown.error,
      { code: -32602, message: /Unknown tool/ },
      'an unknown tool is still the SDK protocol error',
    );
    t.equal(
      (await post(glossaryCall(16), { accept: 'application/json' })).status,
      406,
      'what the transport refuses is still refused',
    );
  },
);

t.test('answers are compressed as /v1 answers are', async (t) => {
  const listing = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'accept-encoding': 'br' });
  t.equal(listing.status, 200);
  t.equal(listing.headers.get('content-encoding'), 'br');
  t.match(listing.headers.get('vary'), /Accept-Encoding/);
  t.equal(((await listing.json()) as Json).result.tools.length, 24, 'fetch decodes it whole');
  const small = await post({ jsonrpc: '2.0', id: 2, method: 'ping' }, { 'accept-encoding': 'br' });
  t.equal(small.headers.get('content-encoding'), null, 'a small answer goes as it is');
});

t.test('bodies: bounded, parsed as JSON-RPC, and the Accept the transport requires', async (t) => {
  const big = await post(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(1 << 20)}"}}`);
  t.equal(big.status, 413);
  t.match(await big.json(), { error: { code: 'payload_too_large' } });
  const garbage = await post('{not json');
  t.equal(garbage.status, 400);
  t.match(await garbage.json(), { jsonrpc: '2.0', error: { code: -32700 } });
  const accept = await post(initialize(), { accept: 'application/json' });
  t.equal(accept.status, 406);
  const notification = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  t.equal(notification.status, 202);
  const tool = await post(glossaryCall(9));
  t.equal(tool.headers.get('content-type'), 'application/json');
  t.match(await tool.json(), { id: 9, result: { structuredContent: { data: { slug: 'z-score' } } } });
  const logged = await server.waitForLog(
    (l) => l.route === '/mcp' && Array.isArray(l.tools) && (l.tools as string[]).includes('get_glossary_term'),
  );
  t.match(logged, { method: 'post', status: 200 }, 'the access log names the tools called');
});
