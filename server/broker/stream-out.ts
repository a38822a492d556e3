// The ingest leader's side of the stream relay: every batch its hub publishes goes to a Redis Stream with the hub's
// ids, trimmed to about STREAM_REPLAY batches, for every api node to deliver under the same ids.
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { RepeatingWarning } from '../repeating-warning.js';
import type { StreamHub } from '../stream/hub.js';
import { connectRedis, whenReady } from './connection.js';
import { entryFields, lastIdOf, readEntry, STREAM_KEY } from './stream-entries.js';

export class StreamOut {
  private readonly redis: Redis;
  private readonly lost: RepeatingWarning;

  constructor(
    url: string,
    private readonly hub: StreamHub,
    private readonly replay: number,
    private readonly log: Logger,
  ) {
    this.redis = connectRedis(url, 'stream-out', log);
    this.lost = new RepeatingWarning(log);
  }

  /**
   * Numbers the hub's batches after the last one in Redis (a previous leader's), then relays each as it is published.
   * Waits for Redis: a leader that could not continue the ids would break every client's resume.
   */
  async start(): Promise<void> {
    const entry = await this.lastEntry();
    if (entry) this.hub.continueAfter(lastIdOf(entry));
    this.hub.onPublish((batch, firstId) => {
      // A batch that cannot be added is lost to the api nodes: they see the gap and resume clients only after it.
      this.redis
        .xadd(STREAM_KEY, 'MAXLEN', '~', this.replay, `${firstId}-0`, ...entryFields(batch))
        .catch((err: Error) => this.lost.warn({ firstId, err: err.message }, 'stream batch not relayed to Redis'));
    });
  }

  close(): void {
    this.redis.disconnect();
  }

  private async lastEntry() {
    for (;;) {
      try {
        await whenReady(this.redis);
        const [last] = (await this.redis.xrevrange(STREAM_KEY, '+', '-', 'COUNT', 1)) as [string, string[]][];
        return last ? readEntry(last) : null;
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'waiting for Redis to continue the stream ids');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }
}
