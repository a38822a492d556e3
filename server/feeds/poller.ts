// A feed's schedule: its work every interval, and after a failure again sooner, backing off (doubling from 5 s up to
// the interval, or what the source asked with Retry-After) until it succeeds. A failure is logged when a streak of
// them starts, and the recovery with how many there were: a source down for hours costs two log lines, not hundreds.
// Its health in /v1/meta follows: connected while its last round succeeded, down from the first failure (or before any
// round succeeded), stale when a round has not succeeded for two intervals.
import { PayloadError } from '../../core/sources/records.js';
import { clock } from '../clock.js';
import { type Logger, logFailure } from '../log.js';
import { SourceHealth, type SourceHealthBoard } from '../services/read/source-health.js';
import { FeedHttpError } from './http.js';

const FIRST_RETRY_MS = 5_000;

export class Poller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly stopping = new AbortController();
  private failures = 0;
  private readonly health: SourceHealth;

  constructor(
    /** Names the feed in logs and in /v1/meta's sources. */
    private readonly name: string,
    private readonly everyMs: number,
    private readonly work: (signal: AbortSignal) => Promise<void>,
    private readonly log: Logger,
    /** Where its health is shown, and as what. */
    board: SourceHealthBoard,
    kind: SourceHealth['kind'],
  ) {
    this.health = board.add(new SourceHealth(name, kind, 2 * everyMs));
    this.health.connections = 1;
  }

  /** Polls at once, in the background (a source that does not answer must not hold up the start), then on schedule. */
  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopping.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.running = this.poll().then((next) => this.schedule(next));
    }, ms);
    this.timer.unref();
  }

  /** One round of work; resolves to how long to wait for the next. */
  private async poll(): Promise<number> {
    try {
      await this.work(this.stopping.signal);
      if (this.failures) {
        this.log.info({ feed: this.name, failures: this.failures }, `feed ${this.name} recovered`);
        this.health.reconnects++;
      }
      this.failures = 0;
      this.health.open = 1;
      this.health.message(clock.now(), NaN);
      return this.everyMs;
    } catch (err) {
      if (this.stopping.signal.aborted) return 0;
      this.failures++;
      this.health.open = 0;
      this.health.errors++;
      const asked = err instanceof FeedHttpError && err.retryAfterS !== null ? err.retryAfterS * 1000 : 0;
      const wait = Math.min(this.everyMs, Math.max(asked, FIRST_RETRY_MS * 2 ** (this.failures - 1)));
      if (this.failures === 1)
        logFailure(this.log, err, `feed ${this.name} failed; retrying with backoff`, {
          feed: this.name,
          retryInS: wait / 1000,
        });
      else
        this.log.debug(
          { feed: this.name, failures: this.failures, retryInS: wait / 1000, err: (err as Error).message },
          `feed ${this.name} failed again`,
        );
      return wait;
    }
  }
}

/**
 * The items of a feed's round (a series, a market), each on its own: one the source refuses (it does not exist, its
 * answer is not the expected format) is logged the first time and skipped, so that it cannot hold up the others; any
 * other failure (the network, the source down, a rate limit) fails the round, which is retried with backoff.
 */
export class FeedItems {
  private readonly refused = new Set<string>();

  constructor(
    private readonly feed: string,
    private readonly log: Logger,
  ) {}

  async run(item: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
      this.refused.delete(item);
    } catch (err) {
      if (!(err instanceof PayloadError) && !(err instanceof FeedHttpError && err.itemRefused)) throw err;
      if (this.refused.has(item)) return;
      this.refused.add(item);
      this.log.warn({ feed: this.feed, item, err: (err as Error).message }, `feed ${this.feed}: ${item} skipped`);
    }
  }
}
