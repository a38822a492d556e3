// The change signal across processes: a bump here is applied here at once and told to every other node through Redis,
// so `current` stays a read of memory on the request path. Each bump INCRs its dataset's counter and PUBLISHes it on
// one channel, atomically; each node holds one connection subscribed to that channel. A node that was cut off (or a
// Redis restarted empty) notices from the counters when it is back, and treats what it missed as a change of every
// key; a bump it could not send while cut off it sends when back.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { DATASETS, type Dataset, DataVersion } from '../data-version.js';
import type { Logger } from '../log.js';
import type { ChangeSignal, DataVersions } from '../ports/index.js';
import { connectRedis } from './connection.js';

const CHANNEL = 'tapewire:versions';
const counter = (dataset: Dataset) => `tapewire:version:${dataset}`;

/** The counter and the message move together: no node can see one without the other. */
const BUMP = `local at = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], at .. ' ' .. ARGV[2])
return at`;

/** What a bump changed: the rows of some keys, rows of no key in particular, or (missed, unknown) every key's. */
type Change = { keys: string[] | undefined } | 'every key';

/** A bump as published: `<counter> <json>`. */
interface Told {
  /** The node that bumped. */
  n: string;
  d: Dataset;
  k?: string[];
  /** Every key changed. */
  e?: 1;
}

/** One dataset's version on this node: this node's bumps and every other node's. */
class SharedVersion implements ChangeSignal {
  private readonly local = new DataVersion();
  /** Every key counts as bumped at this version: a change whose keys are not known was missed. */
  private everyKeyAt = 0;

  constructor(private readonly tell: (keys: string[] | undefined) => void) {}

  get current(): number {
    return this.local.current;
  }

  of(key: string): number {
    return Math.max(this.local.of(key), this.everyKeyAt);
  }

  bump(keys?: Iterable<string>): void {
    const list = keys ? [...keys] : undefined;
    this.apply({ keys: list });
    this.tell(list);
  }

  apply(change: Change): void {
    if (change === 'every key') {
      this.local.bump();
      this.everyKeyAt = this.local.current;
    } else this.local.bump(change.keys);
  }
}

/** The data versions of a node joined to the others through the Redis at `url`. */
export class RedisVersions {
  readonly versions: DataVersions;
  /** This process among the nodes: its own messages come back to it, and are already applied. */
  readonly node: string;
  private readonly redis: Redis;
  private readonly shared: Record<Dataset, SharedVersion>;
  /** Each dataset's counter as last seen in Redis; unknown until first connected. */
  private readonly seen = new Map<Dataset, number>();
  /** Datasets bumped here while Redis could not be told: told, as a change of every key, once it can. */
  private readonly owed = new Set<Dataset>();
  /** Settled once this node first hears the others. */
  readonly joined: Promise<void>;
  private join!: () => void;

  constructor(url: string, log: Logger, node: string = randomUUID()) {
    this.node = node;
    this.shared = Object.fromEntries(
      DATASETS.map((d) => [d, new SharedVersion((keys) => this.tell(d, { n: node, d, ...(keys && { k: keys }) }))]),
    ) as Record<Dataset, SharedVersion>;
    this.versions = this.shared;
    this.joined = new Promise((resolve) => (this.join = resolve));
    this.redis = connectRedis(url, `versions:${node}`, log);
    this.redis.on('message', (channel: string, message: string) => {
      if (channel === CHANNEL) this.heard(message);
    });
    this.redis.on('ready', () => void this.rejoin());
  }

  /** Whether this node hears the others now. */
  get connected(): boolean {
    return this.redis.status === 'ready';
  }

  close(): void {
    this.redis.disconnect();
  }

  /** Subscribes, then reads the counters: a bump after the subscription is heard, one before it is in the counters. */
  private async rejoin(): Promise<void> {
    try {
      await this.redis.subscribe(CHANNEL);
      const counters = await this.redis.mget(DATASETS.map(counter));
      DATASETS.forEach((d, i) => this.counted(d, Number(counters[i] ?? 0)));
      this.join();
      for (const d of [...this.owed]) {
        this.owed.delete(d);
        this.tell(d, { n: this.node, d, e: 1 });
      }
    } catch {
      // Cut off again: the next 'ready' rejoins.
    }
  }

  private tell(dataset: Dataset, told: Told): void {
    if (!this.connected) {
      this.owed.add(dataset);
      return;
    }
    // Its own message comes back to it on the subscribed connection before the reply, and counts as seen there.
    this.redis.eval(BUMP, 1, counter(dataset), CHANNEL, JSON.stringify(told)).catch(() => this.owed.add(dataset));
  }

  /** A bump told by a node (this one included): the next counter of its dataset, unless some were missed. */
  private heard(message: string): void {
    const space = message.indexOf(' ');
    const at = Number(message.slice(0, space));
    const told = parseTold(message.slice(space + 1));
    if (!told || !(at > 0)) return;
    const before = this.seen.get(told.d);
    this.seen.set(told.d, at);
    const version = this.shared[told.d];
    if (before !== undefined && at !== before + 1) version.apply('every key');
    else if (told.n !== this.node) version.apply(told.e ? 'every key' : { keys: told.k });
  }

  /**
   * A counter read on (re)joining, after every message before it was heard: another value than the last seen means
   * bumps were missed, or Redis restarted empty, and every key's answers may be stale. So may answers kept before
   * the first join, when no value was seen.
   */
  private counted(dataset: Dataset, at: number): void {
    const before = this.seen.get(dataset);
    this.seen.set(dataset, at);
    if (at !== before) this.shared[dataset].apply('every key');
  }
}

/** A message of the channel, or null for one no node of this version wrote. */
function parseTold(json: string): Told | null {
  try {
    const told = JSON.parse(json) as Told;
    return DATASETS.includes(told.d) && typeof told.n === 'string' ? told : null;
  } catch {
    return null;
  }
}
