// Key changes told across nodes through Redis: one channel, on the connection each node subscribes with. A node that
// changed keys, or a keys CLI that wrote the database (announceKeyChange), PUBLISHes; every other node reloads its keys
// within the time of a message. A node back from a cut was perhaps not told of a change meanwhile: it reloads then too.
// A node's own message comes back to it and is passed over.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import type { KeyChangeSignal } from '../ports/index.js';
import { connectRedis, whenReady } from './connection.js';

const CHANNEL = 'tapewire:keys';
/** How long a keys CLI waits to tell the nodes before it gives up (they reload within KEY_RELOAD_S anyway). */
const CLI_WAIT_MS = 2000;

export class RedisKeyChanges implements KeyChangeSignal {
  private readonly redis: Redis;
  private readonly listeners: (() => void)[] = [];
  /** Whether this node was subscribed before: a later subscription follows a cut. */
  private joined = false;

  constructor(
    url: string,
    log: Logger,
    private readonly node: string = randomUUID(),
  ) {
    this.redis = connectRedis(url, `keys:${node}`, log);
    this.redis.on('message', (channel: string, from: string) => {
      if (channel === CHANNEL && from !== node) this.changed();
    });
    this.redis.on('ready', () => void this.subscribe());
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Told while Redis is away, a change is lost to the others: they reload on their return to Redis, or periodically. */
  announce(): void {
    if (this.redis.status === 'ready') this.redis.publish(CHANNEL, this.node).catch(() => undefined);
  }

  get connected(): boolean {
    return this.redis.status === 'ready';
  }

  close(): void {
    this.redis.disconnect();
  }

  private async subscribe(): Promise<void> {
    try {
      await this.redis.subscribe(CHANNEL);
    } catch {
      // Cut off again: the next 'ready' subscribes.
      return;
    }
    if (this.joined) this.changed();
    this.joined = true;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * Tells every node that keys changed (a keys CLI that wrote the database itself); resolves to whether Redis took the
 * message within CLI_WAIT_MS.
 */
export async function announceKeyChange(url: string, log: Logger): Promise<boolean> {
  const redis = connectRedis(url, 'keys-cli', log);
  try {
    const ready = await Promise.race([
      whenReady(redis).then(() => redis.status === 'ready'),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), CLI_WAIT_MS).unref()),
    ]);
    if (!ready) return false;
    await redis.publish(CHANNEL, 'cli');
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
