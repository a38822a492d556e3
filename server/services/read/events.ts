// Sourced stories: lists by entity, kind, time, importance and full text; one story with what hangs on it; the top
// stories; and the one way stories come in from any source (written, then told to the stream when they are news).
import { notFound } from '../../../core/errors.js';
import { entityKeys } from '../../../core/filters.js';
import { type Page, paged, pageQuery } from '../../../core/paging.js';
import { eventRef, type Ref } from '../../../core/refs.js';
import { type EventFilter, eventFilter } from '../../../core/requests/events.js';
import { type EventDetail, RELATED_STORIES } from '../../../core/schemas/event-detail.js';
import type { Event, EventListQuery } from '../../../core/schemas/events.js';
import type { Move } from '../../../core/schemas/moves.js';
import type { StoryRecord } from '../../../core/sources/records.js';
import { EVENTS_TOPIC, instrumentTopic } from '../../../core/stream/topics.js';
import { MINUTE_MS } from '../../../core/time.js';
import type { EventKind, PRECISIONS } from '../../../core/vocabulary.js';
import { clock } from '../../clock.js';
import type { Caller, Db } from '../../db.js';
import type { Broadcast, ChangeSignal } from '../../ports/index.js';
import { AnswerCache } from '../kept/index.js';
import { type Counts, linkMentions, recordKey, Writer } from '../write/index.js';
import type { FilingsService } from './filings.js';
import type { InstrumentService } from './instruments.js';

/** Answers about stories and moves kept in memory, least recently used dropped first (a few MB at tens of KB each). */
export const ANSWERS_KEPT = 500;

export interface EventRow {
  id: string;
  kind: EventKind;
  occurredAt: Date;
  precision: (typeof PRECISIONS)[number];
  headline: string;
  summary: string | null;
  points: string[];
  importance: number;
  sourceName: string;
  sourceUrl: string;
  entities: Ref[];
}

/** A stored story as the interface shows it: an EntityRef plus its fields (no empty summary or points). */
export function eventView(row: EventRow): Event {
  const id = Number(row.id);
  return {
    ...eventRef(id, row.headline),
    id,
    kind: row.kind,
    occurredAt: row.occurredAt.toISOString(),
    precision: row.precision,
    headline: row.headline,
    summary: row.summary ?? undefined,
    points: row.points.length ? row.points : undefined,
    importance: row.importance,
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    entities: row.entities,
  };
}

/** A story filter that lets every story through, most recent first: what narrower filters are written from. */
export const ANY_STORY: Omit<EventFilter, 'symbol' | 'company'> = {
  entities: null,
  kinds: null,
  excludeKinds: null,
  fromMs: null,
  toMs: null,
  q: null,
  minImportance: null,
  order: 'recent',
  limit: 30,
  offset: 0,
};

/** Stories matching a filter whose shortcuts are resolved into `entities`: `limit` rows from `offset`. */
export function readStories(db: Db, f: Omit<EventFilter, 'symbol' | 'company'>, caller?: Caller): Promise<EventRow[]> {
  return db.rows<EventRow>(
    'listEvents',
    {
      entities: f.entities,
      kinds: f.kinds,
      excludeKinds: f.excludeKinds,
      from: f.fromMs === null ? null : new Date(f.fromMs),
      to: f.toMs === null ? null : new Date(f.toMs),
      q: f.q,
      minImportance: f.minImportance,
      order: f.order,
      limit: f.limit,
      offset: f.offset,
    },
    caller,
  );
}

/** The stories `ids` as the interface shows them, by id. */
export async function storiesByIds(db: Db, ids: (string | number)[], caller?: Caller): Promise<Map<string, Event>> {
  const rows = ids.length ? await db.rows<EventRow>('eventsByIds', { ids }, caller) : [];
  return new Map(rows.map((r) => [r.id, eventView(r)]));
}

/** What a story's detail needs of the moves: those it caused (the move service). */
export interface CausedMoves {
  causedBy(eventId: number, caller?: Caller): Promise<Move[]>;
}

export interface Ingested extends Counts {
  /** The new stories' ids, in the order given. */
  ids: number[];
}

export class EventService {
  private readonly pages: AnswerCache<{ data: Event[]; page: Page }>;
  private readonly details: AnswerCache<EventDetail>;
  private readonly abouts: AnswerCache<Event[]>;

  constructor(
    private readonly db: Db,
    private readonly instruments: InstrumentService,
    private readonly moves: CausedMoves,
    private readonly hub: Broadcast,
    /** The version of stories, moves and catalysts: bumped here when stories are written. */
    private readonly version: ChangeSignal,
    private readonly filings: Pick<FilingsService, 'ofEvent'>,
  ) {
    this.pages = new AnswerCache(ANSWERS_KEPT, () => version.current);
    this.details = new AnswerCache(ANSWERS_KEPT, () => version.current);
    this.abouts = new AnswerCache(ANSWERS_KEPT, () => version.current);
  }

  /** Stories matching `filter`, newest or most important first, one page. */
  async list(filter: EventFilter, caller?: Caller): Promise<{ data: Event[]; page: Page }> {
    const { items, page } = paged(
      await readStories(this.db, { ...this.resolve(filter), ...pageQuery(filter) }, caller),
      filter,
    );
    return { data: items.map(eventView), page };
  }

  /**
   * The page of stories a validated query asks for, kept while the stories are unchanged (the same object until then,
   * shared: callers must not change it): a question asked again costs one lookup, its filter read only when the page
   * is built.
   */
  listKept(query: EventListQuery, caller?: Caller): Promise<{ data: Event[]; page: Page }> {
    return this.pages.get(`list ${JSON.stringify(query)}`, (c) => this.list(eventFilter(query), c), caller);
  }

  /** One story with the moves it caused, the filing behind it and related stories; a 404 when there is none. */
  async detail(id: number, caller?: Caller): Promise<EventDetail> {
    const story = (await storiesByIds(this.db, [id], caller)).get(String(id));
    if (!story) throw notFound(`Event ${id}`);
    const [causedMoves, related, filing] = await Promise.all([
      this.moves.causedBy(id, caller),
      this.db.rows<{ id: string }>('relatedEvents', { id, limit: RELATED_STORIES }, caller),
      this.filings.ofEvent(id, caller),
    ]);
    const byId = await storiesByIds(
      this.db,
      related.map((r) => r.id),
      caller,
    );
    return { ...story, causedMoves, filing, relatedStories: related.map((r) => byId.get(r.id)!) };
  }

  /** The detail, kept likewise. */
  detailKept(id: number, caller?: Caller): Promise<EventDetail> {
    return this.details.get(String(id), (c) => this.detail(id, c), caller);
  }

  /**
   * The stories linked to any of `entities` (lower-cased `type:key`), newest first or most important first, at most
   * `limit`, from `fromMs` and of `kinds` when given: the stories an entity's page shows. Kept while the stories are
   * unchanged (shared: callers must not change the list).
   */
  about(
    entities: string[],
    limit: number,
    caller?: Caller,
    options: { fromMs?: number; order?: 'recent' | 'important'; kinds?: EventKind[] } = {},
  ): Promise<Event[]> {
    const filter = {
      ...ANY_STORY,
      entities: entities.map((e) => e.toLowerCase()),
      kinds: options.kinds ?? null,
      limit,
      // A window ending now starts at its minute: every page view of that minute shares one read.
      fromMs: options.fromMs === undefined ? null : options.fromMs - (options.fromMs % MINUTE_MS),
      order: options.order ?? 'recent',
    };
    const key = `about ${filter.entities.join(',')} ${limit} ${filter.kinds?.join(',') ?? ''} ${filter.order} ${filter.fromMs ?? ''}`;
    return this.abouts.get(key, async (c) => (await readStories(this.db, filter, c)).map(eventView), caller);
  }

  /** Stories of the last `days` days ranked by importance halved per 24 hours of age, at most `limit`. */
  async top(days: number, limit: number, nowMs = clock.now()): Promise<Event[]> {
    return (await this.db.rows<EventRow>('topStories', { days, limit, now: new Date(nowMs) })).map(eventView);
  }

  /** References to the stories whose text matches `words` (a tsquery), best first. */
  async matching(words: string, limit: number, caller?: Caller): Promise<Ref[]> {
    const rows = await this.db.rows<{ id: number; headline: string }>('searchEvents', { words, limit }, caller);
    return rows.map((e) => eventRef(e.id, e.headline));
  }

  /** Every entity stories and catalysts are linked to, once each. */
  linkedEntities(): Promise<Ref[]> {
    return this.db.rows<Ref>('linkedEntities');
  }

  /**
   * Writes the stories not stored yet (by source and key) and, with `announce`, sends the new ones out on the stream:
   * on `events` and the topics of the instruments each is about, directly or through its company.
   */
  async ingest(records: StoryRecord[], options: { announce: boolean }): Promise<Ingested> {
    const written = await this.db.transaction(async (tx) =>
      new Writer(tx.rows).stories(await linkMentions(tx.rows, records)),
    );
    const ids = [
      ...new Set(records.map((r) => written.get(recordKey(r.source, r.sourceKey))).filter((id) => id !== undefined)),
    ];
    if (ids.length) this.version.bump();
    if (options.announce) await this.announce(ids);
    return { read: records.length, written: ids.length, existing: records.length - ids.length, ids };
  }

  /** Sends stories already written out on the stream (on `events` and the topics of the instruments each is about); resolves to them. */
  async announce(ids: number[]): Promise<Event[]> {
    if (!ids.length) return [];
    const byId = await storiesByIds(this.db, ids);
    const stories = ids.map((id) => byId.get(String(id))!);
    this.hub.publish(
      stories.map((story) => ({
        event: 'event' as const,
        key: null,
        topics: this.topics(story.entities),
        json: JSON.stringify(story),
      })),
    );
    return stories;
  }

  /** The filter with its instrument and company shortcuts added to its entities (an unknown symbol is a 404). */
  private resolve(f: EventFilter): Omit<EventFilter, 'symbol' | 'company'> {
    if (f.symbol === null && f.company === null) return f;
    const entities = [...(f.entities ?? [])];
    if (f.symbol !== null)
      entities.push(`instrument:${this.instruments.row(this.instruments.resolve(f.symbol)).symbol.toLowerCase()}`);
    if (f.company !== null) {
      // A ticker names its company (AAPL: apple).
      const i = this.instruments.find(f.company);
      entities.push(...entityKeys([`company:${(i >= 0 && this.instruments.row(i).company) || f.company}`], 'company')!);
    }
    return { ...f, entities };
  }

  private topics(entities: Ref[]): string[] {
    const symbols = new Set<string>();
    for (const e of entities) {
      if (e.type === 'instrument') symbols.add(e.key);
      if (e.type === 'company') for (const inst of this.instruments.ofCompany(e.key)) symbols.add(inst.symbol);
    }
    return [EVENTS_TOPIC, ...[...symbols].map(instrumentTopic)];
  }
}
