// What start-up has set going, to stop in reverse order at shutdown: each step registers what undoes it once it is
// done, so a start that fails halfway stops exactly what it started.

export class Lifetime {
  private readonly stops: (() => unknown)[] = [];

  /** Registers what undoes a step just taken. */
  onClose(stop: () => unknown): void {
    this.stops.push(stop);
  }

  /** Runs every registered stop, the last registered first. */
  async close(): Promise<void> {
    for (const stop of this.stops.splice(0).reverse()) await stop();
  }
}
