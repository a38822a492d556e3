// Whether the database is reachable and takes writes, as its queries find out: an outage is logged once when it
// starts and once when it ends with its duration, answers that need the database are a 503 meanwhile, and /ready
// says what is wrong.

import type { Logger } from 'pino';
import { RetryLaterError } from '../core/errors.js';
import { clock } from './clock.js';

/** Retry-After while the database is unreachable: a restart of the server takes seconds. */
const OUTAGE_RETRY_S = 5;
/** How often an unreachable database is tried while nothing else asks it anything (answers may all be kept ones). */
const PING_MS = 2000;

/** Codes of a connection that could not be made or was lost: node's socket errors and PostgreSQL's class 08 and 57P0x. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'ENOENT',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Connection refused|not queryable/i;

function codeOf(err: unknown): string {
  return String((err as { code?: unknown } | null)?.code ?? '');
}

export function isConnectionError(err: unknown): boolean {
  const code = codeOf(err);
  return (
    CONNECTION_CODES.has(code) ||
    code.startsWith('08') ||
    (!code && err instanceof Error && CONNECTION_MESSAGES.test(err.message))
  );
}

/** PostgreSQL's disk_full (53100), or the operating system's ENOSPC however it surfaced. */
export function isDiskFull(err: unknown): boolean {
  const code = codeOf(err);
  return (
    code === '53100' || code === 'ENOSPC' || (err instanceof Error && /No space left on device/i.test(err.message))
  );
}

export class DatabaseUnavailableError extends RetryLaterError {
  constructor() {
    super('unavailable', OUTAGE_RETRY_S, 'The database is unreachable: this answer needs it; retry shortly');
  }
}

/** What is wrong while the service answers: the database, or (a scale-out's api node) the broker between the nodes. */
export type HealthProblem = {
  /** What is wrong, for a person. */
  message: string;
  since: string;
} & ({ database: 'unreachable' | 'disk_full' } | { broker: 'unreachable' });

export class DatabaseHealth {
  private unreachableSince = 0;
  private diskFullSince = 0;
  private lastError = '';
  private ping: (() => Promise<unknown>) | null = null;
  private pinger: NodeJS.Timeout | null = null;

  constructor(private readonly log: Logger) {}

  /** How to try the database while it is unreachable; its success (through `succeeded`) ends the outage. */
  pingWith(ping: () => Promise<unknown>): void {
    this.ping = ping;
  }

  /** A query failed with `err`: returns what to throw in its place (a 503 while the database is unreachable). */
  failed(err: unknown): unknown {
    if (isConnectionError(err)) {
      if (!this.unreachableSince) {
        this.unreachableSince = clock.now();
        this.lastError = (err as Error).message ?? String(err);
        this.log.error(
          { code: codeOf(err) || undefined, error: this.lastError },
          'database unreachable: answers that need it are 503 until it is back',
        );
        if (this.ping) {
          this.pinger = setInterval(() => this.ping!().catch(() => undefined), PING_MS);
          this.pinger.unref();
        }
      }
      return new DatabaseUnavailableError();
    }
    if (isDiskFull(err) && !this.diskFullSince) {
      this.diskFullSince = clock.now();
      this.log.error({ error: (err as Error).message }, 'database disk full: writes fail until space is freed');
    }
    return err;
  }

  /** A query succeeded; `wrote` when it was a write, which shows the disk takes writes again. */
  succeeded(wrote: boolean): void {
    if (this.unreachableSince) {
      this.log.warn(
        { downS: Math.round((clock.now() - this.unreachableSince) / 1000), error: this.lastError },
        'database reachable again',
      );
      this.unreachableSince = 0;
      this.stop();
    }
    if (wrote && this.diskFullSince) {
      this.log.warn({ fullS: Math.round((clock.now() - this.diskFullSince) / 1000) }, 'database takes writes again');
      this.diskFullSince = 0;
    }
  }

  /** Stops trying an unreachable database (the database is being closed). */
  stop(): void {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
  }

  /** What /ready reports while the database is down or its disk is full; null when neither. The error itself is only logged: /ready is public. */
  problem(): HealthProblem | null {
    if (this.unreachableSince) {
      const forS = Math.round((clock.now() - this.unreachableSince) / 1000);
      return {
        database: 'unreachable',
        since: new Date(this.unreachableSince).toISOString(),
        message: `the database is unreachable (for ${forS} s); answers from memory are served`,
      };
    }
    if (this.diskFullSince) {
      return {
        database: 'disk_full',
        since: new Date(this.diskFullSince).toISOString(),
        message: 'the database disk is full: new data is not being stored',
      };
    }
    return null;
  }
}
