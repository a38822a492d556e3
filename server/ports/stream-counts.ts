// Streams counted across processes: a client's allowance of concurrent streams (streamAllowance) holds across every
// node of a scale-out, so the hub asks before admitting one more, and tells each change of what this node holds.

export interface SharedStreamCounts {
  /**
   * Whether `client`, holding `here` streams on this node, may open one more within `allowance` counting every node's:
   * null when it may (the stream is then counted at once, so no other node admits the same last one), else how many
   * it holds on the others. At once when nothing need be asked (each node counting alone), else a promise that
   * never rejects.
   */
  admit(client: string, allowance: number, here: number): number | null | Promise<number | null>;
  /** `client` holds `here` streams on this node now. */
  held(client: string, here: number): void;
}
