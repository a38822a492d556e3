// bench:mcp-flood: what an MCP flood costs another key. An empty server with anonymous access at its default limit
// (RATE_LIMIT_ANON_RPM, 120 a minute per IP); one key asks /v1/meta in a loop: alone, while four anonymous clients
// flood plain GET /v1/meta (the floor: any request flood costs the main thread this much), and while they each POST a
// batch of 100 tools/list to /mcp then a lone tools/list, as fast as they are answered (the batch was 18 MB for one
// token; now it costs 100 and is refused). Prints the key's p50 and p99 in each phase, and the MCP flood's p50 over the
// plain flood's (ceiling 2x: MCP must cost no more to the others than any other request).
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { createKey, startServer } from '../harness/server.js';

const CEILING = 2;
const FLOODERS = 4;
const SECONDS = 10;
const quantile = (ms: number[], q: number) =>
  [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;

const server = await startServer({ env: { TAPEWIRE_ANON: '1', TAPEWIRE_DEMO: '0' } });
try {
  const key = await createKey(server, 'bench', 100_000_000);
  const measure = async () => {
    const times: number[] = [];
    for (const end = performance.now() + SECONDS * 1000; performance.now() < end; ) {
      const t0 = performance.now();
      await (await server.get('/v1/meta', { key })).arrayBuffer();
      times.push(performance.now() - t0);
    }
    return times;
  };
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
  };
  const batch = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' })));
  const single = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  /** The key's times while FLOODERS clients send `requests` in a loop; what they were answered. */
  const flooded = async (requests: (() => Promise<Response>)[]) => {
    let stop = false;
    const got = { answers: 0, limited: 0, bytes: 0 };
    const flooder = async () => {
      while (!stop) {
        for (const send of requests) {
          const res = await send();
          got.bytes += (await res.arrayBuffer()).byteLength;
          got.answers++;
          if (res.status === 429) got.limited++;
        }
      }
    };
    const running = Array.from({ length: FLOODERS }, flooder);
    const times = await measure();
    stop = true;
    await Promise.all(running);
    return { times, got };
  };
  const line = (name: string, times: number[], got?: { answers: number; limited: number; bytes: number }) =>
    console.log(
      `  ${name}: p50 ${quantile(times, 0.5).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms${got ? `; the flooders got ${got.answers} answers (${got.limited} 429), ${(got.bytes / 1e6).toFixed(1)} MB` : ''}`,
    );
  const alone = await measure();
  const plain = await flooded([() => fetch(`${server.url}/v1/meta`)]);
  const mcp = await flooded([
    () => fetch(`${server.url}/mcp`, { method: 'POST', headers, body: batch }),
    () => fetch(`${server.url}/mcp`, { method: 'POST', headers, body: single }),
  ]);
  console.log(`bench:mcp-flood: another key's /v1/meta, ${FLOODERS} anonymous flooders, ${SECONDS} s a phase`);
  line('alone', alone);
  line('plain GET flood', plain.times, plain.got);
  line('MCP flood', mcp.times, mcp.got);
  console.log(
    `  MCP flood over plain flood, p50: ${(quantile(mcp.times, 0.5) / quantile(plain.times, 0.5)).toFixed(2)} (ceiling ${CEILING})`,
  );
} finally {
  await server.dispose();
}
