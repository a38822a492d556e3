// bench:mcp: tools/call over /mcp against the HTTP route that serves the same data, on the live demo, in the same run:
// get_instrument against GET /v1/instruments/BTC, get_brief against GET /v1/brief/company/apple. The ratio is what
// the MCP layer costs (a JSON-RPC body to read, a per-request SDK server and transport, the answer as
// structuredContent and as text) over the route's own path. First, what tools/list costs an agent before its first
// call: its characters, and its tokens as a real tokenizer counts them (gpt-tokenizer, o200k_base).
import { cpus, loadavg } from 'node:os';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { countTokens } from 'gpt-tokenizer';
import { createKey, type ServerHandle, startServer } from '../harness/server.js';
import { fmt, HEADER, type LoadOptions, load, row, table } from './measure.js';

const int = (name: string, fallback: number) =>
  /^\d+$/.test(process.env[name] ?? '') ? Number(process.env[name]) : fallback;
const options: LoadOptions = {
  connections: int('BENCH_CONNECTIONS', 50),
  pipelining: 1,
  warmup: int('BENCH_WARMUP', 2),
  duration: int('BENCH_DURATION', 10),
};

const CASES = [
  { tool: 'get_instrument', args: { symbol: 'BTC' }, path: '/v1/instruments/BTC' },
  { tool: 'get_brief', args: { type: 'company', key: 'apple' }, path: '/v1/brief/company/apple' },
];

let server: ServerHandle | null = null;
// A run takes about a minute (demo load, then 4 × (warm-up + measure)); far past that, something hangs.
setTimeout(() => {
  console.error('bench:mcp: still running after 5 minutes; stopping');
  void (server?.dispose() ?? Promise.resolve()).finally(() => process.exit(1));
}, 300_000).unref();

try {
  console.log(`bench:mcp  ${new Date().toISOString()}  node ${process.version}, ${cpus().length} CPUs`);
  console.log(
    `  ${options.warmup} s warm-up then ${options.duration} s measured per case, ${options.connections} connections; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  server = await startServer({ env: { TAPEWIRE_DEMO: '1', DEMO_NEWS_EVERY_S: '0', LOG_LEVEL: 'info' } });
  // The access log (one line per request, as deployed) is counted by the pipe, not parsed into memory here.
  server.child.stdout!.removeAllListeners('data');
  server.child.stdout!.resume();
  const key = await createKey(server, 'bench', 100_000_000);
  const auth = { authorization: `Bearer ${key}` };
  const mcpHeaders = {
    ...auth,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
  };
  const listing = (await (
    await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: mcpHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
  ).json()) as {
    result: { tools: { name: string }[] };
  };
  const listed = JSON.stringify(listing.result);
  const perTool = listing.result.tools
    .map((tool) => ({ name: tool.name, tokens: countTokens(JSON.stringify(tool)) }))
    .sort((a, b) => b.tokens - a.tokens);
  console.log(
    `\ntools/list: ${listing.result.tools.length} tools, ${fmt(listed.length)} characters, ${fmt(countTokens(listed))} tokens (o200k_base)`,
  );
  console.log(
    `  largest: ${perTool
      .slice(0, 5)
      .map((t) => `${t.name} ${fmt(t.tokens)}`)
      .join(', ')}; smallest: ${perTool
      .slice(-3)
      .map((t) => `${t.name} ${fmt(t.tokens)}`)
      .join(', ')}`,
  );
  for (const { tool, args, path } of CASES) {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: tool, arguments: args },
    });
    const check = await fetch(`${server.url}/mcp`, { method: 'POST', headers: mcpHeaders, body });
    const answer = (await check.json()) as { result?: { isError?: boolean; content: { text: string }[] } };
    if (check.status !== 200 || !answer.result || answer.result.isError)
      throw new Error(`${tool} answered ${check.status}: ${JSON.stringify(answer).slice(0, 300)}`);
    const http = await fetch(server.url + path, { headers: auth });
    const httpBytes = (await http.arrayBuffer()).byteLength;
    const mcp = await load(
      `tools/call ${tool}`,
      { url: `${server.url}/mcp`, method: 'POST', headers: mcpHeaders, body },
      server.child.pid,
      options,
    );
    const route = await load(`GET ${path}`, { url: server.url + path, headers: auth }, server.child.pid, options);
    console.log();
    console.log(
      `${tool}: MCP answer ${fmt(Buffer.byteLength(JSON.stringify(answer)))} bytes (the JSON twice: structuredContent and text), HTTP ${fmt(httpBytes)} bytes`,
    );
    console.log(table([HEADER, row(mcp), row(route)]));
    const ratio = (a: number | null, b: number | null) => (a && b ? (a / b).toFixed(2) : 'n/a');
    console.log(
      `ratio MCP/HTTP: req/s ${ratio(mcp.result.requests.mean, route.result.requests.mean)}, p99 ${ratio(mcp.p99, route.p99)}, ` +
        `server CPU per response ${ratio(mcp.serverUsPerResponse, route.serverUsPerResponse)}`,
    );
  }
  console.log(
    `\nload average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} catch (err) {
  console.error('bench:mcp failed:', err);
  process.exitCode = 1;
} finally {
  await server?.dispose();
}
