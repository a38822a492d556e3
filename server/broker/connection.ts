// How every broker connection to Redis is opened: failing fast while Redis is away (a caller on the request path must
// never wait on it), reconnecting within a second or two of its return, and saying so in the log once a minute.
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from '../log.js';
import { RepeatingWarning } from '../repeating-warning.js';

/**
 * The Redis client, loaded at the first connection: a server without REDIS_URL never opens one, and loading it took
 * 0.2 s of CPU at each start.
 */
const loadRedis = (): typeof Redis => (createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis }).Redis;

/** The longest pause between two attempts to reconnect, so that a Redis back is used again within it. */
const RECONNECT_MAX_MS = 1000;

/**
 * A connection named `tapewire:<name>` in Redis's CLIENT LIST. RESP3 (Redis 6 or later): a connection subscribed to a
 * channel can still run commands, so a node reads the state a subscription missed on the connection that subscribed,
 * in order with its messages.
 */
export function connectRedis(url: string, name: string, log: Logger, options: RedisOptions = {}): Redis {
  const redis = new (loadRedis())(url, {
    connectionName: `tapewire:${name}`,
    protocol: 3,
    // A command while Redis is away fails at once rather than waiting in a queue for its return.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResubscribe: false,
    retryStrategy: (attempt) => Math.min(100 * attempt, RECONNECT_MAX_MS),
    ...options,
  });
  const warning = new RepeatingWarning(log);
  redis.on('error', (err: Error) =>
    warning.warn({ connection: name, err: err.message }, 'Redis unreachable: retrying'),
  );
  let up = false;
  redis.on('ready', () => {
    up = true;
    log.info({ connection: name }, 'Redis connected');
  });
  // Not on 'close', which a deliberate disconnect emits too: 'reconnecting' follows only a loss.
  redis.on('reconnecting', () => {
    if (up) log.warn({ connection: name }, 'Redis connection lost: reconnecting');
    up = false;
  });
  return redis;
}

/** Settles once `redis` can take commands (at once when it can now), or will never again: it was closed. */
export function whenReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready' || redis.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    redis.once('ready', () => resolve());
    redis.once('end', () => resolve());
  });
}
