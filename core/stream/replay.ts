// The replay buffer of one topic: its last messages by id, so a client that reconnects gets what it missed, and the
// latest message per key (a symbol's quote, a listing's state), so a client that connects starts from the present.

export interface Buffered {
  id: number;
  /** What the message is about: a later message with the same key supersedes it. Null: never superseded (a story). */
  key: string | null;
  frame: Buffer;
}

export class ReplayBuffer {
  private readonly ring: (Buffered | undefined)[];
  private next = 0;
  private size = 0;
  /** The highest id dropped from the ring: a client that last saw an older id has missed something. */
  private droppedUpTo = -1;
  private readonly latest = new Map<string, Buffered>();

  constructor(readonly capacity: number) {
    this.ring = new Array(capacity);
  }

  push(message: Buffered): void {
    const old = this.ring[this.next];
    if (old) this.droppedUpTo = old.id;
    this.ring[this.next] = message;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
    if (message.key !== null) this.latest.set(message.key, message);
  }

  /** Every message after `lastId`, oldest first; null when some of them are no longer held. */
  since(lastId: number): Buffered[] | null {
    if (lastId < this.droppedUpTo) return null;
    const out: Buffered[] = [];
    for (let k = this.size; k > 0; k--) {
      const m = this.ring[(this.next - k + this.capacity) % this.capacity]!;
      if (m.id > lastId) out.push(m);
    }
    return out;
  }

  /** The newest message of every key, oldest first: the topic's present state. */
  current(): Buffered[] {
    return [...this.latest.values()].sort((a, b) => a.id - b.id);
  }
}

/** Messages of several topics merged in id order, each once (a quote is in `quotes` and in its instrument's topic). */
export function mergeById(lists: Buffered[][]): Buffered[] {
  const seen = new Set<number>();
  const out: Buffered[] = [];
  for (const list of lists) {
    for (const m of list) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}
