// What the service is waiting for before it can answer /v1 (/ready and the router's 503 read it), and what is wrong
// with it once serving (only /ready reports that: answers from memory go on): the database, or the broker parts of a
// scale-out's node (each says why it is degraded, or null), which recover by themselves when Redis is back.
import { clock } from './clock.js';
import type { DatabaseHealth, HealthProblem } from './db-health.js';
import type { Gate } from './http/route.js';

export class Readiness implements Gate {
  private reason: string | null;
  private readonly brokerParts: { readonly degraded: string | null }[] = [];
  /** When a broker part was first seen degraded, or 0 while none is. */
  private brokerSince = 0;

  constructor(
    initial: string,
    private readonly database: DatabaseHealth,
  ) {
    this.reason = initial;
  }

  waitingFor(reason: string): void {
    this.reason = reason;
  }

  markReady(): void {
    this.reason = null;
  }

  notReadyReason(): string | null {
    return this.reason;
  }

  /** A part that needs the broker (shared rate limits, stream counts, the stream relay): /ready says when it is degraded. */
  watchBroker(part: { readonly degraded: string | null }): void {
    this.brokerParts.push(part);
  }

  problem(): HealthProblem | null {
    const database = this.database.problem();
    if (database) return database;
    const why = this.brokerParts.map((p) => p.degraded).filter((w) => w !== null);
    if (!why.length) {
      this.brokerSince = 0;
      return null;
    }
    this.brokerSince ||= clock.now();
    return {
      broker: 'unreachable',
      since: new Date(this.brokerSince).toISOString(),
      message: `${why.join('; ')}; answers from memory and the database are served`,
    };
  }
}
