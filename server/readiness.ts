// What the service is waiting for before it can answer /v1: /ready and the router's 503 read it.
import type { Gate } from './http/route.js';

export class Readiness implements Gate {
  private reason: string | null;

  constructor(initial: string) {
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
}
