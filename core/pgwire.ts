// Splits a PostgreSQL frontend byte stream at message boundaries into the groups the embedded database answers whole:
// the startup packet (length-prefixed, no type byte, possibly preceded by an SSL or GSS encryption request) and then
// typed messages (1 type byte + int32 length); and what a reply says of the session's transaction.

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
/** PostgreSQL's receive buffer (PQ_RECV_BUFFER_SIZE), through which PGlite reads a call's input. */
const RECEIVE_BUFFER = 8192;

export class PgMessageFramer {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;

  /**
   * Appends `chunk`; returns the complete messages received so far in groups to hand on one call each, or null when
   * none is complete. PGlite reads its input through PostgreSQL's 8 KiB receive buffer and stops at a message that ends
   * exactly on a multiple of it: the rest of the call is dropped unanswered (a Bind of 47 x 8 KiB answered, its
   * Describe, Execute and Sync never, and the client waited forever). So a group ends wherever its length is such a
   * multiple. A startup or encryption request is a group of its own.
   */
  push(chunk: Buffer): Buffer[] | null {
    const buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const groups: Buffer[] = [];
    let start = 0;
    let end = 0;
    for (;;) {
      const typed = this.started;
      const header = typed ? 5 : 8;
      if (buf.length - end < header) break;
      const length = typed ? 1 + buf.readInt32BE(end + 1) : buf.readInt32BE(end);
      if (length < header - (typed ? 0 : 4) || buf.length - end < length) break;
      if (!typed) {
        const code = buf.readInt32BE(end + 4);
        // An encryption request is followed by the real startup packet, still without a type byte.
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) this.started = true;
      }
      end += length;
      if (!typed || (end - start) % RECEIVE_BUFFER === 0) {
        groups.push(buf.subarray(start, end));
        start = end;
      }
    }
    if (end > start) groups.push(buf.subarray(start, end));
    this.pending = buf.subarray(end);
    return groups.length ? groups : null;
  }
}

/**
 * The transaction status a backend reply ends on: 'I' (idle), 'T' (in a transaction) or 'E' (in a failed one) from
 * its closing ReadyForQuery, or null when it ends on another message (the client has not sent Sync yet).
 */
export function endingStatus(reply: Uint8Array): 'I' | 'T' | 'E' | null {
  const at = reply.length - 6;
  if (
    at < 0 ||
    reply[at] !== 0x5a ||
    reply[at + 1] !== 0 ||
    reply[at + 2] !== 0 ||
    reply[at + 3] !== 0 ||
    reply[at + 4] !== 5
  )
    return null;
  const status = String.fromCharCode(reply[at + 5]!);
  return status === 'I' || status === 'T' || status === 'E' ? status : null;
}
