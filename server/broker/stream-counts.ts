// Clients' open streams counted across nodes through Redis: a hash per client, a field per node holding its count and
// when that count stops being believed (`<count> <expiresAtMs>`, by Redis's clock), so the streams of a node that died
// stop counting within 15 s. Admitting one more stream is one Lua script: it sums the other nodes' live counts
// and, when the allowance has room, counts the new stream at once, so two nodes never both admit the last one. A node
// writes its count on every open and close and rewrites them all every 5 s (which also corrects a stream
// admitted but never opened). Redis away: each node counts alone (`degraded` says so) until it is back.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import type { SharedStreamCounts } from '../ports/index.js';
import { connectRedis } from './connection.js';

/** How long a node's counts are believed unless rewritten, and how often it rewrites them. */
const TIMING = { ttlMs: 15_000, refreshMs: 5_000 };
/** An admission waits no longer than this for Redis; then the node counts alone. */
const ASK_TIMEOUT_MS = 250;
const KEY = (client: string) => `tapewire:streams:${client}`;

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/** ARGV: node, allowance, here, ttl. Returns -1 when admitted (and counted), else the streams held on other nodes. */
const ADMIT = `${NOW}local fields = redis.call('HGETALL', KEYS[1])
local elsewhere = 0
for i = 1, #fields, 2 do
  if fields[i] ~= ARGV[1] then
    local count, expires = string.match(fields[i + 1], '^(%d+) (%d+)$')
    if count and tonumber(expires) > now then elsewhere = elsewhere + tonumber(count)
    else redis.call('HDEL', KEYS[1], fields[i]) end
  end
end
local here = tonumber(ARGV[3])
if elsewhere + here + 1 > tonumber(ARGV[2]) then return elsewhere end
redis.call('HSET', KEYS[1], ARGV[1], (here + 1) .. ' ' .. (now + tonumber(ARGV[4])))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return -1`;

/** ARGV: node, count, ttl. A count of 0 removes the node's field. */
const HELD = `${NOW}if ARGV[2] == '0' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ' ' .. (now + tonumber(ARGV[3])))
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 0`;

interface Scripts {
  tapewireAdmit(key: string, node: string, allowance: number, here: number, ttl: number): Promise<number>;
  tapewireHeld(key: string, node: string, count: number, ttl: number): Promise<number>;
}

export class RedisStreamCounts implements SharedStreamCounts {
  private readonly redis: Redis & Scripts;
  /** What this node holds per client, as last told or admitted: rewritten every refresh until it is 0. */
  private readonly here = new Map<string, number>();
  private readonly refresher: NodeJS.Timeout;

  constructor(
    url: string,
    log: Logger,
    readonly node: string = randomUUID(),
    private readonly timing = TIMING,
  ) {
    this.redis = connectRedis(url, `streams:${node}`, log, { commandTimeout: ASK_TIMEOUT_MS }) as Redis & Scripts;
    this.redis.defineCommand('tapewireAdmit', { numberOfKeys: 1, lua: ADMIT });
    this.redis.defineCommand('tapewireHeld', { numberOfKeys: 1, lua: HELD });
    // Back from a cut (or a Redis restarted empty): this node's streams count again at once.
    this.redis.on('ready', () => this.refresh());
    this.refresher = setInterval(() => this.refresh(), timing.refreshMs);
    this.refresher.unref();
  }

  /** Why streams are counted by each node alone now, or null while they are counted across nodes. */
  get degraded(): string | null {
    return this.redis.status === 'ready' ? null : 'Redis unreachable: each node counts streams alone';
  }

  admit(client: string, allowance: number, here: number): number | null | Promise<number | null> {
    if (this.redis.status !== 'ready') return null;
    return this.redis.tapewireAdmit(KEY(client), this.node, allowance, here, this.timing.ttlMs).then(
      (elsewhere) => {
        if (elsewhere >= 0) return elsewhere;
        // Counted in Redis from now on; the refresh corrects it if the stream never opens.
        this.here.set(client, this.here.get(client) ?? here);
        return null;
      },
      () => null,
    );
  }

  held(client: string, here: number): void {
    this.here.set(client, here);
    this.write(client, here);
  }

  close(): void {
    clearInterval(this.refresher);
    this.redis.disconnect();
  }

  private refresh(): void {
    for (const [client, count] of this.here) this.write(client, count);
  }

  private write(client: string, count: number): void {
    if (this.redis.status !== 'ready') return;
    this.redis.tapewireHeld(KEY(client), this.node, count, this.timing.ttlMs).then(
      // Gone from Redis: forgotten here, unless a stream opened meanwhile.
      () => count === 0 && this.here.get(client) === 0 && this.here.delete(client),
      () => undefined,
    );
  }
}
