// Gap detection on a venue's sequence numbers: per connection and without gaps (Coinbase's sequence_num), a jump is
// lost data and calls for a REST backfill; per listing and increasing only (Binance's last trade id, Bybit's cross
// sequence), a number going back is a repeat or a reorder.

export type SequenceCheck = 'first' | 'next' | 'gap' | 'behind';

export class SequenceTracker {
  private readonly last = new Map<string, number>();
  /** How many numbers the last gap skipped, for the log. */
  missed = 0;

  constructor(private readonly contiguous: boolean) {}

  /** Records `seq` of stream `key` (a listing, or '' for the connection); NaN (no number) is always 'next'. */
  check(key: string, seq: number): SequenceCheck {
    if (Number.isNaN(seq)) return 'next';
    const last = this.last.get(key);
    if (last !== undefined && seq <= last) return 'behind';
    this.last.set(key, seq);
    if (last === undefined) return 'first';
    if (this.contiguous && seq !== last + 1) {
      this.missed = seq - last - 1;
      return 'gap';
    }
    return 'next';
  }

  /** Forgets every stream: a new connection numbers from its own start. */
  reset(): void {
    this.last.clear();
  }
}
