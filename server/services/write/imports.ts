// Recorded payloads into the database: each payload's records (parsed by its source's parser, whole before anything is
// written) in the order of RECORD_KINDS, a small payload in one transaction and a large one in bounded batches (see
// core/sources/batches.ts), and records already stored found and left alone.

import { payloadBatches } from '../../../core/sources/batches.js';
import { type ParsedPayload, RECORD_KINDS, type RecordKind, type SkippedItem } from '../../../core/sources/records.js';
import type { Db } from '../../db.js';
import type { DataVersions } from '../../ports/index.js';
import { DemoStore } from './demo.js';
import { linkMentions } from './mentions.js';
import { type Counts, counts } from './write-support.js';
import { Writer } from './writer.js';

export interface ImportReport {
  /** Per kind of record the payload holds: what was read, written and found already stored. */
  counts: Partial<Record<RecordKind, Counts>>;
  /** Items the parser could not read, and records whose references are not there. */
  skipped: SkippedItem[];
}

/** A payload written: its report, and the ids of the stories it added, for a feed to send out on the stream. */
export interface Imported extends ImportReport {
  storyIds: number[];
}

/** Which version each kind of record is read through. */
const VERSION_OF: Record<RecordKind, keyof DataVersions> = {
  sectors: 'entities',
  companies: 'entities',
  people: 'entities',
  projects: 'entities',
  stories: 'stories',
  catalysts: 'stories',
  series: 'macro',
  seriesReleases: 'macro',
  observations: 'macro',
  releaseDates: 'macro',
  marketEvents: 'odds',
  markets: 'odds',
  oddsHistory: 'odds',
  secCompanies: 'entities',
  secFilings: 'sec',
  secFacts: 'sec',
  ownershipFilings: 'sec',
};

/**
 * Stories or catalysts written in one transaction at most: about 0.4 s of the embedded database's time (60,000 stories
 * took 46 s), the longest a request then waits behind an import.
 */
const IMPORT_BATCH = 500;

const added = (a: Counts | undefined, b: Counts): Counts =>
  a ? { read: a.read + b.read, written: a.written + b.written, existing: a.existing + b.existing } : b;

export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly versions: DataVersions,
  ) {}

  /** Writes one payload's records, a transaction per batch (at most IMPORT_BATCH stories or catalysts). */
  async payload(parsed: ParsedPayload): Promise<Imported> {
    const tally: ImportReport['counts'] = {};
    const skipped: SkippedItem[] = [];
    const storyIds: number[] = [];
    for (const batch of payloadBatches(parsed, IMPORT_BATCH)) {
      const done = await this.batch(batch);
      for (const [kind, c] of Object.entries(done.tally) as [RecordKind, Counts][]) tally[kind] = added(tally[kind], c);
      skipped.push(...done.skipped);
      storyIds.push(...done.storyIds);
    }
    const report: ImportReport['counts'] = {};
    for (const kind of RECORD_KINDS) {
      const c = tally[kind];
      if (!c) continue;
      report[kind] = c;
      // Facts are read per company: only the companies written are answered anew.
      if (c.written)
        this.versions[VERSION_OF[kind]].bump(kind === 'secFacts' ? parsed.secFacts?.map((f) => f.cik) : undefined);
    }
    return { counts: report, skipped: [...parsed.skipped, ...skipped], storyIds };
  }

  /** One batch's records in one transaction. */
  private batch(
    parsed: ParsedPayload,
  ): Promise<{ tally: ImportReport['counts']; skipped: SkippedItem[]; storyIds: number[] }> {
    return this.db.transaction(async (tx) => {
      const writer = new Writer(tx.rows);
      const profiles = await writer.profiles(parsed);
      const stories = await writer.stories(await linkMentions(tx.rows, parsed.stories ?? []));
      const catalysts = await writer.catalysts(parsed.catalysts ?? []);
      const macro = await writer.macro(parsed);
      const odds = await writer.odds(parsed);
      const sec = await writer.sec(parsed);
      const tally: ImportReport['counts'] = { ...macro.counts, ...odds.counts, ...sec.counts };
      // A catalyst that moved counts as written: its answers change.
      const written = { ...profiles.written, stories: stories.size, catalysts: catalysts.size + writer.movedCatalysts };
      const left: Partial<Record<RecordKind, number>> = profiles.left;
      for (const kind of ['sectors', 'companies', 'people', 'projects', 'stories', 'catalysts'] as const) {
        const read = parsed[kind]?.length ?? 0;
        if (read) tally[kind] = counts(read, written[kind], left[kind]);
      }
      if (sec.storyIds.length) tally.stories = counts(sec.storyIds.length, sec.storyIds.length);
      return {
        tally,
        skipped: [...profiles.skipped, ...macro.skipped, ...odds.skipped, ...sec.skipped],
        storyIds: [...stories.values(), ...sec.storyIds],
      };
    });
  }

  /** Runs `work` in one transaction: everything it writes is there together, or none of it (a first load). */
  transaction<T>(work: (writer: Writer, demo: DemoStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new Writer(tx.rows), new DemoStore(tx.rows)));
  }
}
