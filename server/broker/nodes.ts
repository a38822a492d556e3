// The nodes of a scale-out, as /v1/meta's cluster lists them: each node writes its heartbeat into one Redis hash every
// second and reads the others' back, so an operator (or a test) sees every node, its role and which one leads ingest.
// A node not heard from for NODE_GONE_MS is dropped from the hash by the first node to notice.
import type { Redis } from 'ioredis';
import type { ClusterNode } from '../../core/schemas/meta.js';
import { clock } from '../clock.js';
import type { Logger } from '../log.js';
import { connectRedis } from './connection.js';

const NODES_KEY = 'tapewire:nodes';
const HEARTBEAT_MS = 1000;
const NODE_GONE_MS = 10_000;

interface Beat {
  role: ClusterNode['role'];
  pid: number;
  leader: boolean;
  seenMs: number;
}

export class NodeRegistry {
  private readonly redis: Redis;
  private timer: NodeJS.Timeout | null = null;
  private seen: ClusterNode[] = [];

  constructor(
    url: string,
    private readonly self: { id: string; role: ClusterNode['role'] },
    private readonly leader: () => boolean,
    log: Logger,
  ) {
    this.redis = connectRedis(url, `nodes:${self.id}`, log);
  }

  start(): void {
    this.beat();
    this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Every node heard from lately, this one included, by id; as of the last heartbeat. */
  nodes(): ClusterNode[] {
    return this.seen;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.redis.hdel(NODES_KEY, this.self.id).catch(() => undefined);
    this.redis.disconnect();
  }

  private beat(): void {
    const now = clock.now();
    const mine: Beat = { role: this.self.role, pid: process.pid, leader: this.leader(), seenMs: now };
    this.redis
      .multi()
      .hset(NODES_KEY, this.self.id, JSON.stringify(mine))
      .hgetall(NODES_KEY)
      .exec()
      .then((replies) => {
        const all = (replies?.[1]?.[1] ?? {}) as Record<string, string>;
        const nodes: ClusterNode[] = [];
        for (const [id, json] of Object.entries(all)) {
          const beat = parseBeat(json);
          if (!beat || now - beat.seenMs > NODE_GONE_MS) {
            this.redis.hdel(NODES_KEY, id).catch(() => undefined);
            continue;
          }
          nodes.push({
            id,
            role: beat.role,
            pid: beat.pid,
            leader: beat.leader,
            lastSeen: new Date(beat.seenMs).toISOString(),
          });
        }
        this.seen = nodes.sort((a, b) => (a.id < b.id ? -1 : 1));
      })
      // Redis away: the list keeps its last reading; the connection says so in the log.
      .catch(() => undefined);
  }
}

function parseBeat(json: string): Beat | null {
  try {
    const b = JSON.parse(json) as Beat;
    return (b.role === 'ingest' || b.role === 'api') && Number.isFinite(b.seenMs) ? b : null;
  } catch {
    return null;
  }
}
