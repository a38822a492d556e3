// Recorded payloads into the database: each payload's records (parsed by its source's parser) written in one
// transaction, so a payload is never half-written, and records already stored are found and left alone.
import type { ParsedPayload, SkippedItem } from '../../core/sources/records.js';
import type { Db } from '../db.js';
import type { DataVersion } from './answer-cache.js';
import { DemoStore } from './demo.js';
import { Writer } from './writer.js';

export interface Counts {
  read: number;
  written: number;
  /** Already stored (by source and key), or given twice: left as they are. */
  existing: number;
}

export interface ImportReport {
  stories: Counts;
  catalysts: Counts;
  /** Items the parser could not read. */
  skipped: SkippedItem[];
}

export class ImportService {
  constructor(
    private readonly db: Db,
    /** The version of stories, moves and catalysts: bumped when a payload wrote any. */
    private readonly version: DataVersion,
  ) {}

  /** Writes one payload's records in one transaction. */
  async payload(parsed: ParsedPayload): Promise<ImportReport> {
    const [stories, catalysts] = await this.db.transaction(async (tx) => {
      const writer = new Writer(tx.rows);
      return [await writer.stories(parsed.stories), await writer.catalysts(parsed.catalysts)] as const;
    });
    if (stories.size || catalysts.size) this.version.bump();
    return {
      stories: { read: parsed.stories.length, written: stories.size, existing: parsed.stories.length - stories.size },
      catalysts: { read: parsed.catalysts.length, written: catalysts.size, existing: parsed.catalysts.length - catalysts.size },
      skipped: parsed.skipped,
    };
  }

  /** Runs `work` in one transaction: everything it writes is there together, or none of it (a first load). */
  transaction<T>(work: (writer: Writer, demo: DemoStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new Writer(tx.rows), new DemoStore(tx.rows)));
  }
}
