// Stories and catalysts into the database: each source's records not stored yet (by source and key) with the
// entities they are about, and catalysts stored before moved to the time and details given now. Used by the writer of
// every source and by the SEC writer for the stories its filings tell.
import type { Ref } from '../../../core/refs.js';
import type { CatalystRecord, StoryRecord } from '../../../core/sources/records.js';
import { type Rows, recordKey, type Written } from './write-support.js';

export class StoryWriter {
  /** Catalysts stored before that this writer moved (their time or details changed). */
  movedCatalysts = 0;

  constructor(private readonly rows: Rows) {}

  /** Stories not stored yet (by source and key), with their entities; ids follow the order given. */
  async stories(records: StoryRecord[]): Promise<Written> {
    return this.bySource(records, async (source, batch) => {
      const rows = await this.rows<{ id: number; key: string }>('insertStories', {
        source,
        keys: batch.map((r) => r.sourceKey),
        kinds: batch.map((r) => r.kind),
        occurredAt: batch.map((r) => new Date(r.occurredAt)),
        precisions: batch.map((r) => r.precision),
        headlines: batch.map((r) => r.headline),
        summaries: batch.map((r) => r.summary),
        points: batch.map((r) => JSON.stringify(r.points)),
        importance: batch.map((r) => r.importance),
        sourceNames: batch.map((r) => r.sourceName),
        sourceUrls: batch.map((r) => r.sourceUrl),
      });
      await this.rows('insertEventEntities', entityParams(rows, batch));
      return rows;
    });
  }

  /**
   * Catalysts not stored yet (by source and key), with their entities, and those stored before updated to the time and
   * details given now; their outcomes are linked from the stories later.
   */
  async catalysts(records: CatalystRecord[]): Promise<Written> {
    return this.bySource(records, async (source, batch) => {
      const rows = await this.rows<{ id: number; key: string }>('insertCatalysts', {
        source,
        keys: batch.map((r) => r.sourceKey),
        kinds: batch.map((r) => r.kind),
        titles: batch.map((r) => r.title),
        expectedAt: batch.map((r) => new Date(r.expectedAt)),
        precisions: batch.map((r) => r.precision),
        confirmed: batch.map((r) => r.confirmed),
        descriptions: batch.map((r) => r.description),
        consensus: batch.map((r) => r.consensus),
        sourceUrls: batch.map((r) => r.sourceUrl),
      });
      await this.rows('insertCatalystEntities', entityParams(rows, batch));
      // Those stored before take the time and details given now: a catalyst that moved keeps its id.
      const fresh = new Set(rows.map((r) => r.key));
      const before = batch.filter((r) => !fresh.has(r.sourceKey));
      if (before.length) {
        const [moved] = await this.rows<{ n: number }>('moveCatalysts', {
          source,
          keys: before.map((r) => r.sourceKey),
          titles: before.map((r) => r.title),
          expectedAt: before.map((r) => new Date(r.expectedAt)),
          precisions: before.map((r) => r.precision),
          confirmed: before.map((r) => r.confirmed),
          descriptions: before.map((r) => r.description),
          sourceUrls: before.map((r) => r.sourceUrl),
        });
        this.movedCatalysts += moved!.n;
      }
      return rows;
    });
  }

  /** Writes each source's records in the order given (a key given twice is written once); returns the new ones' ids. */
  private async bySource<R extends StoryRecord | CatalystRecord>(
    records: R[],
    write: (source: string, batch: R[]) => Promise<{ id: number; key: string }[]>,
  ): Promise<Written> {
    const ids: Written = new Map();
    const groups = new Map<string, Map<string, R>>();
    for (const r of records) {
      const group = groups.get(r.source) ?? new Map<string, R>();
      if (!group.has(r.sourceKey)) group.set(r.sourceKey, r);
      groups.set(r.source, group);
    }
    for (const [source, group] of groups) {
      for (const row of await write(source, [...group.values()])) ids.set(recordKey(source, row.key), row.id);
    }
    return ids;
  }
}

/** The entity-link insert of the records just written (`rows`: their new ids by key), each one's refs in order. */
function entityParams(
  rows: { id: number; key: string }[],
  batch: { sourceKey: string; entities: Ref[] }[],
): Record<string, unknown[]> {
  const byKey = new Map(batch.map((r) => [r.sourceKey, r.entities]));
  const links = rows.flatMap((row) => byKey.get(row.key)!.map((ref, position) => ({ id: row.id, position, ref })));
  return {
    ids: links.map((l) => l.id),
    positions: links.map((l) => l.position),
    types: links.map((l) => l.ref.type),
    keys: links.map((l) => l.ref.key),
    labels: links.map((l) => l.ref.label),
    paths: links.map((l) => l.ref.path),
  };
}
