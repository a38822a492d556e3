// The failover of bench:cluster: SSE streams on quotes spread over the api nodes, the ingest leader killed outright
// (SIGKILL), and for each node how long until its streams carry a quote ticked after the kill; also when /v1/meta lists
// the new leader, and whether any stream was dropped on the way.
import { request } from 'node:http';
import type { RunningCluster } from './cluster-run.js';

const PRICE_TS = /"priceTs":"([^"]+)"/g;
const GIVE_UP_MS = 30_000;

export interface Failover {
  /** Per api node: streams on it, and the slowest of them to carry a quote ticked after the kill (ms after it). */
  byNode: { node: string; streams: number; resumedMs: number | null }[];
  newLeaderMs: number | null;
  /** Streams that ended across the failover (they should not: the api nodes are not touched). */
  dropped: number;
}

interface Watched {
  node: string;
  resumedAt: number | null;
  ended: boolean;
  close(): void;
}

function watch(port: number, key: string, after: () => number | null): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        path: '/v1/stream?topics=quotes',
        agent: false,
        headers: { authorization: `Bearer ${key}` },
      },
      (res) => {
        const watched: Watched = {
          node: String(res.headers['x-tapewire-node']),
          resumedAt: null,
          ended: false,
          close: () => res.destroy(),
        };
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          const killedAt = after();
          if (killedAt === null || watched.resumedAt !== null) return;
          for (const m of text.matchAll(PRICE_TS)) {
            if (Date.parse(m[1]!) > killedAt) {
              watched.resumedAt = Date.now();
              break;
            }
          }
        });
        res.on('close', () => (watched.ended = true));
        res.on('error', () => undefined);
        resolve(watched);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function measureFailover(cluster: RunningCluster, streams = 40): Promise<Failover> {
  let killedAt: number | null = null;
  const watched = await Promise.all(
    Array.from({ length: streams }, () => watch(cluster.port, cluster.key, () => killedAt)),
  );
  await new Promise((r) => setTimeout(r, 3000));
  const leader = (await cluster.nodes()).find((n) => n.leader)!;
  killedAt = Date.now();
  process.kill(leader.pid, 'SIGKILL');
  let newLeaderMs: number | null = null;
  const deadline = killedAt + GIVE_UP_MS;
  while (Date.now() < deadline && (newLeaderMs === null || watched.some((w) => w.resumedAt === null && !w.ended))) {
    if (newLeaderMs === null) {
      const nodes = await cluster.nodes().catch(() => []);
      if (nodes.some((n) => n.leader && n.pid !== leader.pid)) newLeaderMs = Date.now() - killedAt;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const dropped = watched.filter((w) => w.ended).length;
  for (const w of watched) w.close();
  const nodes = [...new Set(watched.map((w) => w.node))].sort();
  return {
    byNode: nodes.map((node) => {
      const mine = watched.filter((w) => w.node === node);
      const resumed = mine.map((w) => w.resumedAt);
      return {
        node,
        streams: mine.length,
        resumedMs: resumed.every((r) => r !== null) ? Math.max(...(resumed as number[])) - killedAt! : null,
      };
    }),
    newLeaderMs,
    dropped,
  };
}
