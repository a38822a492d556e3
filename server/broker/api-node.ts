// The shared state an api node of a scale-out holds through Redis, built together so the api role wires it in a few
// lines: the keys' rate-limit buckets (leased), the clients' stream allowances counted across nodes, and the signal of
// key changes. Each part has its own connection and says when it is degraded (counting per node) for /ready.
import type { Logger } from '../log.js';
import { RedisKeyChanges } from './key-changes.js';
import { RedisRateLimits } from './rate-limits.js';
import { RedisStreamCounts } from './stream-counts.js';

export class ApiNodeBroker {
  /** For ApiRole's `buckets`. */
  readonly rateLimits: RedisRateLimits;
  /** For the hub's `shareCounts`. */
  readonly streamCounts: RedisStreamCounts;
  /** For ApiRole's `watchKeys`. */
  readonly keyChanges: RedisKeyChanges;

  /** `node` names this process in Redis (its connections, its stream counts); `maxRateClients` is RATE_LIMIT_MAX_CLIENTS. */
  constructor(url: string, log: Logger, { node, maxRateClients }: { node: string; maxRateClients: number }) {
    this.rateLimits = new RedisRateLimits(url, log, maxRateClients);
    this.streamCounts = new RedisStreamCounts(url, log, node);
    this.keyChanges = new RedisKeyChanges(url, log, node);
  }

  /** The parts /ready watches (Readiness.watchBroker). */
  get parts(): { readonly degraded: string | null }[] {
    return [this.rateLimits, this.streamCounts];
  }

  close(): void {
    this.rateLimits.close();
    this.streamCounts.close();
    this.keyChanges.close();
  }
}
