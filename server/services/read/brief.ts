// The brief: gathers the resource objects about one subject from the other services (its detail, the important
// stories, moves and catalysts around it, data coverage) and hands them to the composer in core/brief. What comes
// from the database is kept while stories and reference data are unchanged, for at most a refresh interval (its
// windows start from now); prices come from memory on every call. Related prediction markets, the macro backdrop,
// a company's fundamentals and insider trades (a person's own trades) are gathered for the types they speak to.

import { composeBrief } from '../../../core/brief/compose.js';
import { type BriefKey, type BriefType, parseBriefKey } from '../../../core/brief/key.js';
import { fundamentalsAccessions } from '../../../core/brief/sec-material.js';
import type { Around, BackdropRow, BriefSources } from '../../../core/brief/sources.js';
import { orNotFound } from '../../../core/errors.js';
import type { Brief } from '../../../core/schemas/brief.js';
import type { InstrumentSummary } from '../../../core/schemas/instruments.js';
import { DAY_MS } from '../../../core/time.js';
import { clock } from '../../clock.js';
import type { Caller } from '../../db.js';
import type { DataVersions } from '../../ports/index.js';
import { AnswerCache, every } from '../kept/index.js';
import type { CatalystService } from './catalysts.js';
import type { CompanyService } from './companies.js';
import { ANSWERS_KEPT, type EventService } from './events.js';
import type { FilingsService } from './filings.js';
import type { FinancialsService } from './financials.js';
import type { InsiderService } from './insiders.js';
import type { InstrumentService } from './instruments.js';
import type { MacroService } from './macro.js';
import type { MetaService } from './meta.js';
import type { MoveService } from './moves.js';
import type { OddsService } from './odds.js';
import type { PeopleService } from './people.js';
import type { ProjectService } from './projects.js';
import type { SectorService } from './sectors.js';

/** Stories, moves and catalysts gathered at most: more than the largest budget holds of each. */
const EVENTS = 40;
const MOVES = 10;
const CATALYSTS = 10;
const MARKETS = 10;
/** How far back stories count as recent: markets move on weeks, people and projects make news more rarely. */
const MARKET_DAYS = 90;
const SLOW_DAYS = 365;
/** The window of a brief's insider summary, and the open-market trades read for it at most. */
const INSIDER_DAYS = 365;
const INSIDER_TRADES = 1000;

/** Which headline series a brief's macro backdrop shows: every one but one (none excepted: ''), or only those named. */
type Backdrop = { except: string } | { only: string[] };
const ALL_MACRO: Backdrop = { except: '' };
const NO_MACRO: Backdrop = { only: [] };

/** The macro series among `about` (type:key), as a backdrop of only them. */
const macroOf = (about: string[]): Backdrop => ({
  only: about.filter((e) => e.startsWith('macro:')).map((e) => e.slice('macro:'.length)),
});

const NO_SEC: Pick<Around, 'fundamentals' | 'filingUrls' | 'insiders'> = {
  fundamentals: null,
  filingUrls: new Map(),
  insiders: null,
};

export interface BriefDeps {
  instruments: InstrumentService;
  companies: CompanyService;
  people: PeopleService;
  projects: ProjectService;
  sectors: SectorService;
  events: EventService;
  moves: MoveService;
  catalysts: CatalystService;
  macro: MacroService;
  odds: OddsService;
  financials: FinancialsService;
  filings: FilingsService;
  insiders: InsiderService;
  meta: MetaService;
  versions: DataVersions;
  refreshMs: number;
}

export class BriefService {
  /** The database-bound parts of briefs, by what they are about and the versions of stories and reference data. */
  private readonly kept: AnswerCache<object>;

  constructor(private readonly s: BriefDeps) {
    this.kept = new AnswerCache(ANSWERS_KEPT, every(s.refreshMs));
  }

  /** The brief of the subject `key` names as a `type` (a 400 when it cannot, a 404 when there is none) within `maxTokens`. */
  async get(type: BriefType, key: string, maxTokens: number, caller?: Caller, nowMs = clock.now()): Promise<Brief> {
    return composeBrief(await this.gather(parseBriefKey(type, key), caller, nowMs), maxTokens);
  }

  private async gather(key: BriefKey, caller: Caller | undefined, nowMs: number): Promise<BriefSources> {
    const { s } = this;
    switch (key.type) {
      case 'instrument': {
        const instrument = s.instruments.detail(key.symbol);
        const about = [
          `instrument:${instrument.symbol}`,
          ...(instrument.company ? [`company:${instrument.company.key}`] : []),
        ];
        const [around, sec] = await Promise.all([
          this.around(about, MARKET_DAYS, instrument.symbol, ALL_MACRO, caller, nowMs),
          instrument.company ? this.sec({ company: instrument.company.key }, caller, nowMs) : NO_SEC,
        ]);
        return { type: 'instrument', instrument, ...around, ...sec };
      }
      case 'company': {
        const company = await s.companies.detail(key.slug);
        const about = [`company:${company.slug}`, ...company.instruments.map((i) => `instrument:${i.symbol}`)];
        const [around, sec] = await Promise.all([
          this.around(about, MARKET_DAYS, company.primaryInstrument?.symbol ?? null, ALL_MACRO, caller, nowMs),
          this.sec({ company: company.slug }, caller, nowMs),
        ]);
        return { type: 'company', company, ...around, ...sec };
      }
      case 'person': {
        const person = await this.keep(`person ${key.slug}`, caller, (c) => s.people.detail(key.slug, c));
        const backdrop = person.kind === 'policymaker' ? ALL_MACRO : NO_MACRO;
        const [around, sec] = await Promise.all([
          this.around([`person:${person.slug}`], SLOW_DAYS, null, backdrop, caller, nowMs),
          person.kind === 'policymaker' ? NO_SEC : this.sec({ person: person.slug }, caller, nowMs),
        ]);
        return { type: 'person', person, ...around, ...sec };
      }
      case 'project': {
        const project = await this.keep(`project ${key.company}/${key.project}`, caller, (c) =>
          s.projects.detail(key.company, key.project, c),
        );
        const [price, around] = await Promise.all([
          s.companies.primaryInstrument(project.company.key),
          this.around([`project:${project.key}`], SLOW_DAYS, null, NO_MACRO, caller, nowMs),
        ]);
        return { type: 'project', project, price, ...around };
      }
      case 'sector': {
        const sector = await s.sectors.detail(key.slug, caller, nowMs);
        const about = [`sector:${sector.slug}`, ...sector.companies.map((c) => `company:${c.slug}`)];
        const around = await this.around(about, MARKET_DAYS, null, ALL_MACRO, caller, nowMs);
        // A sector's companies have markets of their own: its brief speaks of the macro backdrop, not of them.
        return { type: 'sector', sector, ...around, odds: [] };
      }
      case 'event': {
        const { event, catalysts } = await this.keep(`event ${key.id}`, caller, async (c) => {
          const event = await s.events.detail(key.id, c);
          return {
            event,
            catalysts: await this.upcoming(
              event.entities.map((e) => `${e.type}:${e.key}`),
              c,
              nowMs,
            ),
          };
        });
        const about = event.entities.map((e) => `${e.type}:${e.key}`);
        const [price, dataThrough, odds, macro, held] = await Promise.all([
          this.priceOfAny(event.entities),
          this.dataThrough(),
          this.markets(about, caller),
          this.backdrop(macroOf(about), caller),
          this.held(),
        ]);
        return {
          type: 'event',
          event,
          price,
          events: event.relatedStories,
          moves: event.causedMoves,
          catalysts,
          odds,
          macro,
          ...NO_SEC,
          held,
          dataThrough,
        };
      }
      case 'macro': {
        const series = await this.keep(`macro ${key.slug.toLowerCase()}`, caller, (c) =>
          s.macro.detail(key.slug, { fromMs: null, maxPoints: null }, c),
        );
        const around = await this.around(
          [`macro:${series.slug}`],
          SLOW_DAYS,
          null,
          { except: series.slug },
          caller,
          nowMs,
        );
        const told = new Set(around.events.map((e) => e.id));
        // Its release stories come whatever their age: a quarterly series' last release may be older than the window.
        return {
          type: 'macro',
          series,
          ...around,
          events: [...around.events, ...series.releaseStories.filter((e) => !told.has(e.id))],
        };
      }
      case 'market': {
        const market = await this.keep(`market ${key.slug.toLowerCase()}`, caller, (c) =>
          s.odds.detail(key.slug, { interval: '1d', fromMs: null }, c),
        );
        const about = market.entities.map((e) => `${e.type}:${e.key}`);
        const around = await this.around(about, MARKET_DAYS, null, macroOf(about), caller, nowMs);
        // Its own catalysts are those around its close; its related markets are the other markets of its event.
        return { type: 'market', market, ...around, catalysts: market.catalysts, odds: market.siblings };
      }
    }
  }

  /**
   * The important stories of the last `days` about any of `about`, the moves of `symbol`, the upcoming catalysts, the
   * markets about any of `about`, the macro backdrop `macro` picks, coverage.
   */
  private async around(
    about: string[],
    days: number,
    symbol: string | null,
    macro: Backdrop,
    caller: Caller | undefined,
    nowMs: number,
  ): Promise<Around> {
    const { events, moves } = this.s;
    const [stored, odds, backdrop, held, dataThrough] = await Promise.all([
      this.keep(`around ${about} ${days} ${symbol}`, caller, async (c) => {
        const [stories, moved, catalysts] = await Promise.all([
          events.about(about, EVENTS, c, { fromMs: nowMs - days * DAY_MS, order: 'important' }),
          symbol === null
            ? null
            : moves.list(
                {
                  symbol,
                  date: null,
                  fromDate: null,
                  toDate: null,
                  minPct: null,
                  minZ: null,
                  candidates: false,
                  limit: MOVES,
                  offset: 0,
                },
                c,
              ),
          this.upcoming(about, c, nowMs),
        ]);
        return { events: stories, moves: moved?.data ?? [], catalysts };
      }),
      this.markets(about, caller),
      this.backdrop(macro, caller),
      this.held(),
      this.dataThrough(),
    ]);
    return { ...stored, odds, macro: backdrop, ...NO_SEC, held, dataThrough };
  }

  /**
   * The fundamentals of a company (at the live price, so never kept) and the open-market trades of its insiders in the
   * window; or a person's own open-market trades. A company the SEC data does not hold has neither.
   */
  private async sec(
    who: { company: string } | { person: string },
    caller: Caller | undefined,
    nowMs: number,
  ): Promise<Pick<Around, 'fundamentals' | 'filingUrls' | 'insiders'>> {
    const { financials, filings, insiders } = this.s;
    const since = new Date(nowMs - INSIDER_DAYS * DAY_MS).toISOString().slice(0, 10);
    if ('person' in who) {
      const trades = await this.keep(`insider ${who.person} ${since}`, caller, async (c) => ({
        all: await insiders.ofPerson(who.person, INSIDER_TRADES, c),
      }));
      const open = trades.all.filter((t) => (t.code === 'P' || t.code === 'S') && t.date >= since);
      return {
        fundamentals: null,
        filingUrls: new Map(),
        insiders: trades.all.length ? { sinceDays: INSIDER_DAYS, trades: open } : null,
      };
    }
    const [fundamentals, trades] = await Promise.all([
      orNotFound(financials.fundamentals(who.company, caller)),
      this.keep(`insiders ${who.company} ${since}`, caller, (c) =>
        orNotFound(
          insiders.list({ company: who.company, sinceDays: INSIDER_DAYS, code: 'P,S', limit: INSIDER_TRADES }, c),
        ).then((a) => ({ a })),
      ),
    ]);
    const accessions = fundamentals ? fundamentalsAccessions(fundamentals) : [];
    const filingUrls = fundamentals
      ? (
          await this.keep(`filing urls ${fundamentals.cik} ${accessions}`, caller, async (c) => ({
            urls: await filings.sourceUrls(fundamentals.cik, accessions, c),
          }))
        ).urls
      : new Map<string, string>();
    return { fundamentals, filingUrls, insiders: trades.a && { sinceDays: INSIDER_DAYS, trades: trades.a.data } };
  }

  /** The markets about any of `about`: open first, then the most traded. */
  private async markets(about: string[], caller: Caller | undefined) {
    if (!about.length) return [];
    const entities = about.map((e) => e.toLowerCase());
    return (
      await this.keep(`markets ${entities}`, caller, (c) =>
        this.s.odds.list({ words: [], entities, statuses: null, category: null, limit: MARKETS, offset: 0 }, c),
      )
    ).data;
  }

  /** The headline series `pick` names, in the dashboard's order. */
  private async backdrop(pick: Backdrop, caller: Caller | undefined): Promise<BackdropRow[]> {
    if ('only' in pick && !pick.only.length) return [];
    const rows = await this.keep('backdrop', caller, (c) => this.s.macro.backdrop(c));
    return rows.filter((r) => ('only' in pick ? pick.only.includes(r.slug) : r.slug !== pick.except));
  }

  /** Whether any prediction market, macro series, XBRL fact and insider trade is held. */
  private async held(): Promise<Around['held']> {
    const { odds, macro, financials, insiders } = this.s;
    return this.keep('held', undefined, async () => {
      const [markets, series, facts, trades] = await Promise.all([
        odds.list({ words: [], entities: null, statuses: null, category: null, limit: 1, offset: 0 }),
        macro.holdsAny(),
        financials.holdsAny(),
        insiders.holdsAny(),
      ]);
      return { odds: markets.data.length > 0, macro: series, fundamentals: facts, insiders: trades };
    });
  }

  /** The value `build` gives for `key`, kept while stories and reference data are unchanged (at most a refresh interval). */
  private keep<T extends object>(
    key: string,
    caller: Caller | undefined,
    build: (caller?: Caller) => Promise<T>,
  ): Promise<T> {
    const { stories, entities, macro, odds, sec } = this.s.versions;
    return this.kept.get(
      `${stories.current} ${entities.current} ${macro.current} ${odds.current} ${sec.current} ${key}`,
      build,
      caller,
    ) as Promise<T>;
  }

  private async upcoming(about: string[], caller: Caller | undefined, nowMs: number) {
    if (!about.length) return [];
    const entities = about.map((e) => e.toLowerCase());
    return (
      await this.s.catalysts.list(
        { entities, kinds: null, fromMs: nowMs, toMs: null, limit: CATALYSTS, offset: 0 },
        caller,
      )
    ).data;
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
