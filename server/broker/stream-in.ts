// An api node's side of the stream relay: one connection reads the leader's batches from the Redis Stream (the
// history first, then live with XREAD BLOCK) and delivers them into this node's hub with the leader's ids, so a
// client's Last-Event-ID from any node resumes here with no gap and no duplicate. While Redis is away the hub is told
// its feed is lost (its streams end with a retry hint rather than go silent), and that it is back once reads resume.
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import type { StreamHub } from '../stream/hub.js';
import { connectRedis, whenReady } from './connection.js';
import { readEntry, STREAM_KEY } from './stream-entries.js';

/** How long one read waits for a batch: the loop notices a stop within it. */
const BLOCK_MS = 5000;
/** The pause before reading again after Redis failed a read. */
const RETRY_MS = 250;
const LOST = 'the stream relay lost its broker (Redis unreachable)';

export class StreamIn {
  private readonly redis: Redis;
  private stopped = false;
  /** The entry read last: reading resumes after it, across reconnects. */
  private after: string | null = null;
  private loop: Promise<void> | null = null;
  private lost = false;

  constructor(
    url: string,
    private readonly hub: StreamHub,
    private readonly replay: number,
    log: Logger,
  ) {
    // A read blocks for BLOCK_MS: a reply later than that (and a second) means the connection is gone.
    this.redis = connectRedis(url, 'stream-in', log, { blockingTimeout: BLOCK_MS + 1000 });
  }

  /** Starts reading; resolves once the history held in Redis is delivered, waiting for Redis if need be. */
  start(): Promise<void> {
    return new Promise((caughtUp) => {
      this.loop = this.read(caughtUp);
    });
  }

  /** Why this node's streams are paused, or null while the relay reads. */
  get degraded(): string | null {
    return this.lost ? LOST : null;
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.redis.disconnect();
    await this.loop;
  }

  private async read(caughtUp: () => void): Promise<void> {
    while (!this.stopped) {
      try {
        await whenReady(this.redis);
        this.feeding(this.redis.status === 'ready');
        if (this.after === null) {
          // The last STREAM_REPLAY batches, for clients resuming from before this node started.
          const history = (await this.redis.xrevrange(STREAM_KEY, '+', '-', 'COUNT', this.replay)) as [
            string,
            string[],
          ][];
          this.after = history[0]?.[0] ?? '0-0';
          this.deliver(history.reverse());
          caughtUp();
        }
        const reply = (await this.redis.xread('COUNT', 1000, 'BLOCK', BLOCK_MS, 'STREAMS', STREAM_KEY, this.after)) as
          | [string, [string, string[]][]][]
          | null;
        const entries = reply?.[0]?.[1] ?? [];
        if (entries.length) this.after = entries[entries.length - 1]![0];
        this.deliver(entries);
      } catch {
        // Redis away: the connection says so in the log; read again once it is back.
        if (this.stopped) break;
        this.feeding(this.redis.status === 'ready');
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  /** Tells the hub whether its feed comes (the relay reads) or is lost. */
  private feeding(reads: boolean): void {
    this.lost = !reads;
    this.hub.interrupt(reads ? null : LOST);
  }

  private deliver(raw: [string, string[]][]): void {
    for (const r of raw) {
      const entry = readEntry(r);
      if (entry) this.hub.deliver(entry.batch, entry.firstId);
    }
  }
}
