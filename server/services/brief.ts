// The brief: gathers the resource objects about one subject from the other services (its detail, the important
// stories, moves and catalysts around it, data coverage) and hands them to the composer in core/brief. What comes
// from the database is kept while stories and reference data are unchanged, for at most a refresh interval (its
// windows start from now); prices come from memory on every call. Macro series and prediction markets are not
// held yet, so their briefs are 404s whatever the key.
import { composeBrief } from '../../core/brief/compose.js';
import { parseBriefKey, type BriefKey, type BriefType } from '../../core/brief/key.js';
import type { Around, BriefSources } from '../../core/brief/sources.js';
import { notFound } from '../../core/errors.js';
import type { Brief } from '../../core/schemas/brief.js';
import type { InstrumentSummary } from '../../core/schemas/instruments.js';
import { DAY_MS } from '../../core/time.js';
import type { Caller } from '../db.js';
import { AnswerCache, every } from './answer-cache.js';
import type { CatalystService } from './catalysts.js';
import type { CompanyService } from './companies.js';
import { ANSWERS_KEPT, type EventService } from './events.js';
import type { ImportVersions } from './imports.js';
import type { InstrumentService } from './instruments.js';
import type { MetaService } from './meta.js';
import type { MoveService } from './moves.js';
import type { PeopleService } from './people.js';
import type { ProjectService } from './projects.js';
import type { SectorService } from './sectors.js';

/** Stories, moves and catalysts gathered at most: more than the largest budget holds of each. */
const EVENTS = 40;
const MOVES = 10;
const CATALYSTS = 10;
/** How far back stories count as recent: markets move on weeks, people and projects make news more rarely. */
const MARKET_DAYS = 90;
const SLOW_DAYS = 365;

export interface BriefDeps {
  instruments: InstrumentService;
  companies: CompanyService;
  people: PeopleService;
  projects: ProjectService;
  sectors: SectorService;
  events: EventService;
  moves: MoveService;
  catalysts: CatalystService;
  meta: MetaService;
  versions: ImportVersions;
  refreshMs: number;
}

export class BriefService {
  /** The database-bound parts of briefs, by what they are about and the versions of stories and reference data. */
  private readonly kept: AnswerCache<object>;

  constructor(private readonly s: BriefDeps) {
    this.kept = new AnswerCache(ANSWERS_KEPT, every(s.refreshMs));
  }

  /** The brief of the subject `key` names as a `type` (a 400 when it cannot, a 404 when there is none) within `maxTokens`. */
  async get(type: BriefType, key: string, maxTokens: number, caller?: Caller, nowMs = Date.now()): Promise<Brief> {
    return composeBrief(await this.gather(parseBriefKey(type, key), caller, nowMs), maxTokens);
  }

  private async gather(key: BriefKey, caller: Caller | undefined, nowMs: number): Promise<BriefSources> {
    const { s } = this;
    switch (key.type) {
      case 'instrument': {
        const instrument = s.instruments.detail(key.symbol);
        const about = [`instrument:${instrument.symbol}`, ...(instrument.company ? [`company:${instrument.company.key}`] : [])];
        return { type: 'instrument', instrument, ...(await this.around(about, MARKET_DAYS, instrument.symbol, caller, nowMs)) };
      }
      case 'company': {
        const company = await s.companies.detail(key.slug);
        const about = [`company:${company.slug}`, ...company.instruments.map((i) => `instrument:${i.symbol}`)];
        return { type: 'company', company, ...(await this.around(about, MARKET_DAYS, company.primaryInstrument?.symbol ?? null, caller, nowMs)) };
      }
      case 'person': {
        const person = await this.keep(`person ${key.slug}`, caller, (c) => s.people.detail(key.slug, c));
        return { type: 'person', person, ...(await this.around([`person:${person.slug}`], SLOW_DAYS, null, caller, nowMs)) };
      }
      case 'project': {
        const project = await this.keep(`project ${key.company}/${key.project}`, caller, (c) => s.projects.detail(key.company, key.project, c));
        const [price, around] = await Promise.all([
          s.companies.primaryInstrument(project.company.key),
          this.around([`project:${project.key}`], SLOW_DAYS, null, caller, nowMs),
        ]);
        return { type: 'project', project, price, ...around };
      }
      case 'sector': {
        const sector = await s.sectors.detail(key.slug, caller, nowMs);
        const about = [`sector:${sector.slug}`, ...sector.companies.map((c) => `company:${c.slug}`)];
        return { type: 'sector', sector, ...(await this.around(about, MARKET_DAYS, null, caller, nowMs)) };
      }
      case 'event': {
        const { event, catalysts } = await this.keep(`event ${key.id}`, caller, async (c) => {
          const event = await s.events.detail(key.id, c);
          return { event, catalysts: await this.upcoming(event.entities.map((e) => `${e.type}:${e.key}`), c, nowMs) };
        });
        const [price, dataThrough] = await Promise.all([this.priceOfAny(event.entities), this.dataThrough()]);
        return { type: 'event', event, price, events: event.relatedStories, moves: event.causedMoves, catalysts, dataThrough };
      }
      case 'macro':
        throw notFound(`Macro series ${key.slug} (macro series are not loaded in this service yet)`);
      case 'market':
        throw notFound(`Prediction market ${key.slug} (prediction markets are not loaded in this service yet)`);
    }
  }

  /** The important stories of the last `days` about any of `about`, the moves of `symbol`, the upcoming catalysts, coverage. */
  private async around(about: string[], days: number, symbol: string | null, caller: Caller | undefined, nowMs: number): Promise<Around> {
    const { events, moves } = this.s;
    const [stored, dataThrough] = await Promise.all([
      this.keep(`around ${about} ${days} ${symbol}`, caller, async (c) => {
        const [stories, moved, catalysts] = await Promise.all([
          events.about(about, EVENTS, c, { fromMs: nowMs - days * DAY_MS, order: 'important' }),
          symbol === null ? null : moves.list({ symbol, date: null, fromDate: null, toDate: null, minPct: null, minZ: null, candidates: false, limit: MOVES, offset: 0 }, c),
          this.upcoming(about, c, nowMs),
        ]);
        return { events: stories, moves: moved?.data ?? [], catalysts };
      }),
      this.dataThrough(),
    ]);
    return { ...stored, dataThrough };
  }

  /** The value `build` gives for `key`, kept while stories and reference data are unchanged (at most a refresh interval). */
  private keep<T extends object>(key: string, caller: Caller | undefined, build: (caller?: Caller) => Promise<T>): Promise<T> {
    const { stories, entities } = this.s.versions;
    return this.kept.get(`${stories.current} ${entities.current} ${key}`, build, caller) as Promise<T>;
  }

  private async upcoming(about: string[], caller: Caller | undefined, nowMs: number) {
    if (!about.length) return [];
    const entities = about.map((e) => e.toLowerCase());
    return (await this.s.catalysts.list({ entities, kinds: null, fromMs: nowMs, toMs: null, limit: CATALYSTS, offset: 0 }, caller)).data;
  }

  private async dataThrough() {
    return (await this.s.meta.get()).coverage;
  }

  /** The price of the first instrument a story is about, or of the first covered company's primary instrument. */
  private async priceOfAny(entities: { type: string; key: string }[]): Promise<InstrumentSummary | null> {
    const { instruments, companies } = this.s;
    for (const e of entities) {
      if (e.type !== 'instrument') continue;
      const i = instruments.find(e.key);
      if (i >= 0) return instruments.summary(i);
    }
    for (const e of entities) {
      if (e.type !== 'company') continue;
      const price = await companies.primaryInstrument(e.key);
      if (price) return price;
    }
    return null;
  }
}
