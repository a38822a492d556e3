// Warnings that repeat while a condition lasts (a venue refusing connections, its REST endpoints down): the first
// logged, then at most one a minute with how many were left out since, so a source down without a network is one line
// a minute in the log, not one per retry and request.

import { clock } from './clock.js';
import type { Logger } from './log.js';

export class RepeatingWarning {
  private lastMs = -Infinity;
  private leftOut = 0;

  constructor(
    private readonly log: Logger,
    private readonly everyMs = 60_000,
  ) {}

  warn(fields: Record<string, unknown>, msg: string): void {
    const now = clock.now();
    if (now - this.lastMs < this.everyMs) {
      this.leftOut++;
      return;
    }
    this.log.warn(this.leftOut ? { ...fields, repeated: this.leftOut } : fields, msg);
    this.lastMs = now;
    this.leftOut = 0;
  }
}
