// A body serialized ahead of time (the OpenAPI document, candle blocks, kept answers), whole or in chunks that are
// written one after another.

export class RawJson {
  readonly chunks: readonly Uint8Array[];
  readonly byteLength: number;

  constructor(body: Uint8Array | readonly Uint8Array[]) {
    this.chunks = body instanceof Uint8Array ? [body] : body;
    this.byteLength = this.chunks.reduce((n, c) => n + c.byteLength, 0);
  }

  /** The body in one buffer (copied only when it is in several chunks). */
  whole(): Uint8Array {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
  }
}
