// The queue in front of the database for queries made on behalf of a client: bounded, fair between clients, and
// rid of queries whose client has gone. The embedded database runs one query at a time, so without it one key firing
// hundreds of requests and hanging up made every other caller wait seconds behind queries nobody would read.
import { RetryLaterError } from '../core/errors.js';
import { onAbort } from './on-abort.js';

/**
 * Who a query is for: the rate-limit client of the request (`key:<id>` or `ip:<addr>`), its abort signal, and the
 * request it serves when that is not the caller object itself (a kept answer's build runs under a signal of its own).
 */
export interface Caller {
  owner: string;
  signal: AbortSignal;
  request?: object;
}

export interface QueueLimits {
  /** Client queries let through to the database at once (the connections they may hold). */
  slots: number;
  /**
   * Requests one owner may have with queries waiting or running; a query of one more is a 503. Requests, not queries:
   * one request's queries run side by side (a brief reads a dozen things at once) and must never refuse one another.
   */
  perOwner: number;
  /** Client queries waiting in all; one more is a 503. */
  maxWaiting: number;
}

/** Defaults of DB_QUEUE_PER_CLIENT and DB_QUEUE_MAX. */
export const DEFAULT_QUEUE = { perOwner: 8, maxWaiting: 128 };

/** Retry-After of a refusal: the queue drains in well under a second once the flood stops. */
const BUSY_RETRY_S = 1;

interface Waiting {
  caller: Caller;
  start: () => void;
  drop: (err: unknown) => void;
}

export class QueryQueue {
  /** Waiting queries by owner; owners in the order they are served next (round robin). */
  private readonly waiting = new Map<string, Waiting[]>();
  /** By owner, its requests with queries waiting or running, and how many each. */
  private readonly held = new Map<string, Map<object, number>>();
  private waitingCount = 0;
  private running = 0;

  constructor(private readonly limits: QueueLimits) {}

  /** Queries waiting and running now, for /ready and the benchmarks. */
  get depth(): { waiting: number; running: number } {
    return { waiting: this.waitingCount, running: this.running };
  }

  /**
   * Runs `work` when a slot is free and it is `caller`'s turn. Rejects at once with a 503 when the owner or the queue
   * is full, and with the signal's reason when the client leaves first: its query never reaches the database.
   */
  async run<T>(caller: Caller, work: () => Promise<T>): Promise<T> {
    caller.signal.throwIfAborted();
    const { owner } = caller;
    const request = caller.request ?? caller;
    const requests = this.held.get(owner) ?? new Map<object, number>();
    if (!requests.has(request) && requests.size >= this.limits.perOwner) {
      throw new RetryLaterError(
        'unavailable',
        BUSY_RETRY_S,
        `Too many database-bound requests in flight for this caller (at most ${this.limits.perOwner}); retry shortly`,
      );
    }
    if (this.running >= this.limits.slots && this.waitingCount >= this.limits.maxWaiting) {
      throw new RetryLaterError('unavailable', BUSY_RETRY_S, 'The database queue is full; retry shortly');
    }
    requests.set(request, (requests.get(request) ?? 0) + 1);
    this.held.set(owner, requests);
    try {
      if (this.running >= this.limits.slots || this.waitingCount) await this.turn(caller);
      else this.running++;
      try {
        caller.signal.throwIfAborted();
        return await work();
      } finally {
        this.running--;
        this.next();
      }
    } finally {
      const left = requests.get(request)! - 1;
      if (left) requests.set(request, left);
      else if (requests.delete(request) && !requests.size) this.held.delete(owner);
    }
  }

  /** Resolves when `caller` may run (its slot taken), or rejects when its client leaves while it waits. */
  private turn(caller: Caller): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const dropped = () => {
        const list = this.waiting.get(caller.owner);
        const i = list?.indexOf(entry) ?? -1;
        if (i < 0) return;
        list!.splice(i, 1);
        if (!list!.length) this.waiting.delete(caller.owner);
        this.waitingCount--;
        entry.drop(caller.signal.reason);
      };
      const entry: Waiting = {
        caller,
        start: () => {
          forget();
          resolve();
        },
        drop: reject,
      };
      const forget = onAbort(caller.signal, dropped);
      const list = this.waiting.get(caller.owner);
      if (list) list.push(entry);
      else this.waiting.set(caller.owner, [entry]);
      this.waitingCount++;
    });
  }

  /** Gives a free slot to the first waiting query of the owner whose turn it is, and moves that owner to the back. */
  private next(): void {
    while (this.running < this.limits.slots && this.waitingCount) {
      const [owner, list] = this.waiting.entries().next().value as [string, Waiting[]];
      const entry = list.shift()!;
      this.waiting.delete(owner);
      if (list.length) this.waiting.set(owner, list);
      this.waitingCount--;
      this.running++;
      entry.start();
    }
  }
}
