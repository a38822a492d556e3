// Splits a PostgreSQL frontend byte stream at message boundaries: the startup packet (length-prefixed, no type
// byte, possibly preceded by an SSL or GSS encryption request) and then typed messages (1 type byte + int32 length).

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export class PgMessageFramer {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;

  /** Appends `chunk`; returns every complete message received so far, concatenated, or null when none is. */
  push(chunk: Buffer): Buffer | null {
    const buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let end = 0;
    for (;;) {
      const header = this.started ? 5 : 8;
      if (buf.length - end < header) break;
      const length = this.started ? 1 + buf.readInt32BE(end + 1) : buf.readInt32BE(end);
      if (length < header - (this.started ? 0 : 4) || buf.length - end < length) break;
      if (!this.started) {
        const code = buf.readInt32BE(end + 4);
        // An encryption request is followed by the real startup packet, still without a type byte.
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) this.started = true;
      }
      end += length;
    }
    this.pending = buf.subarray(end);
    return end === 0 ? null : buf.subarray(0, end);
  }
}
