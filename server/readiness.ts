// What the service is waiting for before it can answer /v1 (/ready and the router's 503 read it), and what is wrong
// with it once serving (only /ready reports that: answers from memory go on).
import type { DatabaseHealth, HealthProblem } from './db-health.js';
import type { Gate } from './http/route.js';

export class Readiness implements Gate {
  private reason: string | null;

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

  problem(): HealthProblem | null {
    return this.database.problem();
  }
}
