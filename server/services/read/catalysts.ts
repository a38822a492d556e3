// Scheduled catalysts: lists by entity, kind and time (upcoming by default), those of the days ahead, and the outcome
// links made as the stories that report them arrive.

import { type Page, paged, pageQuery } from '../../../core/paging.js';
import { catalystRef, type Ref } from '../../../core/refs.js';
import type { CatalystFilter } from '../../../core/requests/catalysts.js';
import type { Catalyst } from '../../../core/schemas/catalysts.js';
import type { CATALYST_KINDS, PRECISIONS } from '../../../core/vocabulary.js';
import { clock } from '../../clock.js';
import type { Caller, Db } from '../../db.js';
import type { ChangeSignal } from '../../ports/index.js';

interface CatalystRow {
  id: string;
  kind: (typeof CATALYST_KINDS)[number];
  title: string;
  expectedAt: Date;
  precision: (typeof PRECISIONS)[number];
  confirmed: boolean;
  description: string | null;
  consensus: string | null;
  sourceUrl: string | null;
  outcomeEventId: string | null;
  entities: Ref[];
}

/** A catalyst ahead of an entity: which, what, when. */
export interface NextCatalyst {
  id: number;
  title: string;
  expectedAt: Date;
}

/** A stored catalyst as the interface shows it. */
function catalystView(r: CatalystRow): Catalyst {
  return {
    ...catalystRef(Number(r.id), r.title),
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    expectedAt: r.expectedAt.toISOString(),
    precision: r.precision,
    confirmed: r.confirmed,
    description: r.description,
    consensus: r.consensus,
    sourceUrl: r.sourceUrl,
    outcomeEventId: r.outcomeEventId === null ? null : Number(r.outcomeEventId),
    entities: r.entities,
  };
}

export class CatalystService {
  constructor(
    private readonly db: Db,
    /** The version of stories, moves and catalysts: bumped here when catalysts change. */
    private readonly version: ChangeSignal,
  ) {}

  /** Catalysts matching `filter`, soonest first, one page. */
  async list(filter: CatalystFilter, caller?: Caller): Promise<{ data: Catalyst[]; page: Page }> {
    const rows = await this.read({ ...filter, ...pageQuery(filter) }, caller);
    const { items, page } = paged(rows, filter);
    return { data: items.map(catalystView), page };
  }

  /** Every catalyst expected from `fromMs` to `toMs`, soonest first. */
  async between(fromMs: number, toMs: number, limit: number): Promise<Catalyst[]> {
    return (await this.read({ entities: null, kinds: null, fromMs, toMs, limit, offset: 0 })).map(catalystView);
  }

  /**
   * Per entity of `type` (by its key, lower-cased), the soonest catalyst of one of `kinds` expected from `fromMs` on:
   * the next release of each macro series.
   */
  async nextPerEntity(
    type: string,
    kinds: (typeof CATALYST_KINDS)[number][],
    fromMs: number,
    caller?: Caller,
  ): Promise<Map<string, NextCatalyst>> {
    const rows = await this.db.rows<NextCatalyst & { key: string }>(
      'nextCatalystPerEntity',
      { type, kinds, from: new Date(fromMs) },
      caller,
    );
    return new Map(rows.map(({ key, ...next }) => [key, next]));
  }

  /** Links the catalysts whose time has passed to the stories that reported their outcome; returns how many were. */
  async linkOutcomes(nowMs = clock.now()): Promise<number> {
    const linked = await this.db.rows<{ id: string }>('linkCatalystOutcomes', { now: new Date(nowMs) });
    if (linked.length) this.version.bump();
    return linked.length;
  }

  /** Catalysts matching `f`: `limit` rows from `offset`. */
  private read(f: CatalystFilter, caller?: Caller): Promise<CatalystRow[]> {
    return this.db.rows<CatalystRow>(
      'listCatalysts',
      {
        entities: f.entities,
        kinds: f.kinds,
        from: new Date(f.fromMs),
        to: f.toMs === null ? null : new Date(f.toMs),
        limit: f.limit,
        offset: f.offset,
      },
      caller,
    );
  }
}
