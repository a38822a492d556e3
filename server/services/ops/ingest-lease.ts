// The ingest leadership's lease in the database: taken when free or expired, renewed by its holder, released on a
// clean stop. Each taking gives a new token, so a deposed leader's token no longer renews.
import type { Db } from '../../db.js';

export class IngestLeaseStore {
  constructor(private readonly db: Db) {}

  /** A new token for `holder`, valid `ttlMs`; null while another holds the lease. */
  async take(holder: string, ttlMs: number): Promise<number | null> {
    const [row] = await this.db.rows<{ token: number }>('takeIngestLease', { holder, ttlMs });
    return row?.token ?? null;
  }

  /** Whether `token` still held the lease, now extended by `ttlMs`. */
  async renew(holder: string, token: number, ttlMs: number): Promise<boolean> {
    const rows = await this.db.rows('renewIngestLease', { holder, token, ttlMs });
    return rows.length > 0;
  }

  /** The node holding the lease or last to hold it; null when it was released (a clean stop) or never taken. */
  async holder(): Promise<string | null> {
    const [row] = await this.db.rows<{ holder: string | null }>('ingestLeaseHolder');
    return row?.holder ?? null;
  }

  async release(holder: string, token: number): Promise<void> {
    await this.db.rows('releaseIngestLease', { holder, token });
  }
}
