// Unusual daily moves of the pooled price with the stories that caused them: lists, the explanation of one
// instrument's day, a day's biggest, those a story caused; and the detector's reads and writes.

import { notFound } from '../../../core/errors.js';
import type { LinkableEvent } from '../../../core/moves/linker.js';
import { type Page, type PageRequest, paged, pageQuery } from '../../../core/paging.js';
import { instrumentRef, moveRef } from '../../../core/refs.js';
import { explainDate, type MoveFilter, moveFilter } from '../../../core/requests/moves.js';
import {
  CLOSES_AROUND,
  type ExplainQuery,
  type Move,
  type MoveExplanation,
  type MoveListQuery,
  OTHER_MOVERS,
  STORIES_AROUND,
  STORIES_DAYS_BEFORE,
} from '../../../core/schemas/moves.js';
import { DAY_MS, utcDate } from '../../../core/time.js';
import { basisPoints } from '../../../core/units.js';
import type { Caller, Db } from '../../db.js';
import type { ChangeSignal, MarketView } from '../../ports/index.js';
import { AnswerCache } from '../kept/index.js';
import { ANSWERS_KEPT, ANY_STORY, eventView, readStories, storiesByIds } from './events.js';

interface MoveRow {
  id: string;
  instrumentId: number;
  date: string;
  fromPrice: number;
  toPrice: number;
  pct: number;
  zScore: number | null;
  explanation: string | null;
  causes: string[];
  candidates: string[];
}

/** A move the detector found, with the stories linked to it. */
export interface FoundMove {
  id: number;
  instrumentId: number;
  date: string;
  fromPrice: number;
  toPrice: number;
  pct: number;
  z: number | null;
  explanation: string | null;
  causes: LinkableEvent[];
  candidates: LinkableEvent[];
}

/** What a read of stored moves asks for: the list filter with the instrument resolved to its id. */
type StoredMoves = Partial<Pick<MoveFilter, 'date' | 'fromDate' | 'toDate' | 'minPct' | 'minZ'>> &
  PageRequest & { instrumentId: number | null };

export class MoveService {
  private readonly pages: AnswerCache<{ data: Move[]; page: Page }>;
  private readonly explanations: AnswerCache<MoveExplanation>;

  constructor(
    private readonly db: Db,
    private readonly state: MarketView,
    /** The version of stories, moves and catalysts: bumped here when moves are stored. */
    private readonly version: ChangeSignal,
  ) {
    this.pages = new AnswerCache(ANSWERS_KEPT, () => version.current);
    this.explanations = new AnswerCache(ANSWERS_KEPT, () => version.current);
  }

  /** Moves matching `filter`: on one date the most unusual first, else the newest first; one page. */
  async list(filter: MoveFilter, caller?: Caller): Promise<{ data: Move[]; page: Page }> {
    const i = filter.symbol === null ? null : this.state.require(filter.symbol);
    const rows = await this.read(
      { ...filter, instrumentId: i === null ? null : this.state.instruments[i]!.id, ...pageQuery(filter) },
      caller,
    );
    const { items, page } = paged(rows, filter);
    return { data: await this.views(items, filter.candidates, caller), page };
  }

  /**
   * The page of moves a validated query asks for, kept while moves and stories are unchanged (the same object until
   * then, shared: callers must not change it): a question asked again costs one lookup, its filter read only when the
   * page is built.
   */
  listKept(query: MoveListQuery, caller?: Caller): Promise<{ data: Move[]; page: Page }> {
    return this.pages.get(`list ${JSON.stringify(query)}`, (c) => this.list(moveFilter(query), c), caller);
  }

  /**
   * Everything around one instrument's move on one day (the latest move when `date` is null): the move and its causes,
   * the stories around it, that day's macro news, the other movers and the daily closes.
   */
  async explain(symbol: string, date: string | null, caller?: Caller): Promise<MoveExplanation> {
    const i = this.state.require(symbol);
    const inst = this.state.instruments[i]!;
    const [found] = await this.read({ instrumentId: inst.id, date, limit: 1, offset: 0 }, caller);
    if (!date && !found) throw notFound(`Moves of ${inst.symbol}`);
    const on = date ?? found!.date;
    const dayMs = Date.parse(on);
    const about = [`instrument:${inst.symbol.toLowerCase()}`, ...(inst.company ? [`company:${inst.company}`] : [])];
    const important = { ...ANY_STORY, order: 'important' as const };
    const [around, macro, others] = await Promise.all([
      readStories(
        this.db,
        {
          ...important,
          entities: about,
          fromMs: dayMs - STORIES_DAYS_BEFORE * DAY_MS,
          toMs: dayMs + 2 * DAY_MS,
          limit: STORIES_AROUND,
        },
        caller,
      ),
      readStories(
        this.db,
        { ...important, kinds: ['macro_release', 'policy_decision'], fromMs: dayMs, toMs: dayMs + DAY_MS, limit: 50 },
        caller,
      ),
      this.read({ instrumentId: null, date: on, limit: OTHER_MOVERS + 1, offset: 0 }, caller),
    ]);
    return {
      instrument: instrumentRef(inst),
      date: on,
      // Null when the day was not unusual for this instrument.
      move: found && found.date === on ? (await this.views([found], true, caller))[0]! : null,
      storiesAround: around.map(eventView),
      macroThatDay: macro.map(eventView),
      otherMovers: await this.views(
        others.filter((m) => m.instrumentId !== inst.id).slice(0, OTHER_MOVERS),
        false,
        caller,
      ),
      closes: this.closesAround(i, dayMs),
    };
  }

  /** The explanation a validated query asks for, kept likewise. */
  explainKept(query: ExplainQuery, caller?: Caller): Promise<MoveExplanation> {
    return this.explanations.get(
      JSON.stringify(query),
      (c) => this.explain(query.symbol, explainDate(query), c),
      caller,
    );
  }

  /** The latest day with moves and its `limit` most unusual, with causes and candidate stories. */
  async latestDay(limit: number): Promise<{ date: string | null; moves: Move[] }> {
    const [latest] = await this.db.rows<{ date: string | null }>('latestMoveDate');
    const date = latest?.date ?? null;
    if (!date) return { date, moves: [] };
    const rows = await this.read({ instrumentId: null, date, limit, offset: 0 });
    return { date, moves: await this.views(rows, true) };
  }

  /** The moves story `eventId` is a confirmed cause of, newest first. */
  async causedBy(eventId: number, caller?: Caller): Promise<Move[]> {
    return this.views(await this.db.rows<MoveRow>('movesOfEvent', { id: eventId }, caller), false, caller);
  }

  /** Every story from `fromMs` on of importance `minImportance` or more: what the detector links moves to. */
  linkable(fromMs: number, minImportance: number): Promise<LinkableEvent[]> {
    return this.db.rows<LinkableEvent>('linkableEvents', { from: new Date(fromMs), minImportance });
  }

  /** Replaces the stored moves from `fromMs` on with `found`, and their links, in one transaction. */
  async replaceFrom(fromMs: number, found: FoundMove[]): Promise<void> {
    const links = found.flatMap((m) => [
      ...m.causes.map((e, rank) => ({ move: m.id, event: e.id, role: 'cause', rank })),
      ...m.candidates.map((e, rank) => ({ move: m.id, event: e.id, role: 'candidate', rank })),
    ]);
    await this.db.transaction(async (tx) => {
      await tx.rows('deleteMovesFrom', { from: new Date(fromMs) });
      await tx.rows('insertMoves', {
        ids: found.map((m) => m.id),
        instrumentIds: found.map((m) => m.instrumentId),
        dates: found.map((m) => m.date),
        fromPrices: found.map((m) => m.fromPrice),
        toPrices: found.map((m) => m.toPrice),
        pcts: found.map((m) => m.pct),
        zScores: found.map((m) => m.z),
        explanations: found.map((m) => m.explanation),
      });
      await tx.rows('insertMoveEvents', {
        moveIds: links.map((l) => l.move),
        eventIds: links.map((l) => l.event),
        roles: links.map((l) => l.role),
        ranks: links.map((l) => l.rank),
      });
    });
    this.version.bump();
  }

  /** Stored moves of one instrument (by id) or all: `limit` rows from `offset`, the other filters optional. */
  private read(f: StoredMoves, caller?: Caller): Promise<MoveRow[]> {
    return this.db.rows<MoveRow>(
      'listMoves',
      {
        instrumentId: f.instrumentId,
        date: f.date ?? null,
        from: f.fromDate ?? null,
        to: f.toDate ?? null,
        minPct: f.minPct ?? null,
        minZ: f.minZ ?? null,
        limit: f.limit,
        offset: f.offset,
      },
      caller,
    );
  }

  /** Moves as the interface shows them, their stories read in one query; `candidates` adds candidateStories. */
  private async views(rows: MoveRow[], candidates: boolean, caller?: Caller): Promise<Move[]> {
    const byId = await storiesByIds(
      this.db,
      [...new Set(rows.flatMap((r) => [...r.causes, ...(candidates ? r.candidates : [])]))],
      caller,
    );
    const byInstrument = new Map(this.state.instruments.map((i) => [i.id, i]));
    return rows.map((r) => {
      const inst = byInstrument.get(r.instrumentId)!;
      const changeBp = inst.kind === 'rate' ? basisPoints(r.fromPrice, r.toPrice) : null;
      return {
        ...moveRef(inst.symbol, r.date, r.pct, changeBp),
        id: Number(r.id),
        instrument: instrumentRef(inst),
        date: r.date,
        fromPrice: r.fromPrice,
        toPrice: r.toPrice,
        pct: r.pct,
        changeBp,
        zScore: r.zScore,
        explanation: r.explanation,
        causes: r.causes.map((id) => byId.get(id)!),
        candidateStories: candidates ? r.candidates.map((id) => byId.get(id)!) : undefined,
      };
    });
  }

  /** The held daily closes of instrument `i` within CLOSES_AROUND days of `dayMs`. */
  private closesAround(i: number, dayMs: number): { date: string; close: number }[] {
    const ring = this.state.candles['1d'].ring;
    const out = [];
    for (let p = ring.lowerBound(i, dayMs - CLOSES_AROUND * DAY_MS); p < ring.size(i); p++) {
      const slot = ring.slot(i, p);
      if (ring.ts[slot]! > dayMs + CLOSES_AROUND * DAY_MS) break;
      out.push({ date: utcDate(ring.ts[slot]!), close: ring.close[slot]! });
    }
    return out;
  }
}
