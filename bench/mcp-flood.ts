// bench:mcp-flood: what an MCP flood costs another key. An empty server with anonymous access; one key asks /v1/meta
// in a loop, alone and then while four anonymous clients each POST the largest thing one request can buy from /mcp,
// as fast as they are answered: a batch of 100 tools/list before (18 MB for one token), a single tools/list now (the
// batch is refused). Prints the key's p50 and p99 both ways, the ratio (ceiling 2x), and what the flooders got.
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { createKey, startServer } from '../test/helpers/server.js';

const CEILING = 2;
const FLOODERS = 4;
const SECONDS = 10;
const quantile = (ms: number[], q: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;

const server = await startServer({ env: { TAPEWIRE_ANON: '1', RATE_LIMIT_ANON_RPM: '100000000', TAPEWIRE_DEMO: '0' } });
try {
  const key = await createKey(server, 'bench', 100_000_000);
  const measure = async (ms: number) => {
    const times: number[] = [];
    for (const end = performance.now() + ms; performance.now() < end; ) {
      const t0 = performance.now();
      await (await server.get('/v1/meta', { key })).arrayBuffer();
      times.push(performance.now() - t0);
    }
    return times;
  };
  const idle = await measure(SECONDS * 1000);
  let stop = false;
  const flooded = { requests: 0, bytes: 0, refused: 0 };
  const batch = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' })));
  const single = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
  const flooder = async () => {
    while (!stop) {
      const refused = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body: batch });
      flooded.bytes += (await refused.arrayBuffer()).byteLength;
      if (refused.status !== 200) {
        flooded.refused++;
        const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body: single });
        flooded.bytes += (await res.arrayBuffer()).byteLength;
      }
      flooded.requests++;
    }
  };
  const flooders = Array.from({ length: FLOODERS }, flooder);
  const during = await measure(SECONDS * 1000);
  stop = true;
  await Promise.all(flooders);
  const [a, b] = [quantile(idle, 0.5), quantile(during, 0.5)];
  console.log(`bench:mcp-flood: ${FLOODERS} anonymous flooders, ${flooded.requests} rounds, ${flooded.refused} batches refused, ${(flooded.bytes / 1e6).toFixed(1)} MB answered`);
  console.log(`  another key's /v1/meta: alone p50 ${a.toFixed(2)} ms p99 ${quantile(idle, 0.99).toFixed(2)} ms; flooded p50 ${b.toFixed(2)} ms p99 ${quantile(during, 0.99).toFixed(2)} ms; p50 ratio ${(b / a).toFixed(1)} (ceiling ${CEILING})`);
} finally {
  await server.dispose();
}
