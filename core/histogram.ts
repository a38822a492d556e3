// A fixed-bucket histogram kept in typed arrays, for figures taken on a hot path: observing is a short scan and two
// increments, with nothing allocated; the cumulative counts a Prometheus histogram shows are made only when read.

export class Histogram {
  /** Per bucket (the last one past every bound, +Inf) how many values fell in it: not cumulative. */
  private readonly counts: Float64Array;
  sum = 0;
  count = 0;

  /** `bounds`: the buckets' upper bounds (inclusive), in increasing order. */
  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    let k = 0;
    while (k < this.bounds.length && value > this.bounds[k]!) k++;
    this.counts[k]!++;
    this.sum += value;
    this.count++;
  }

  /** How many values were at most each bound, then how many in all (the +Inf bucket). */
  cumulative(): number[] {
    const out: number[] = [];
    let total = 0;
    for (const c of this.counts) out.push((total += c));
    return out;
  }
}
