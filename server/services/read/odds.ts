// Prediction markets: the list by words, entity, status and category, and one market with its outcomes' probability
// history, the other markets of its event and the catalysts of what it is about. Markets are few (thousands for a
// wide coverage) and read on every answer, so they are held in memory until an import or a feed changes them; the
// history is read from the database per question and the answer kept while the markets are unchanged.

import { groupBy } from '../../../core/collections.js';
import { notFound } from '../../../core/errors.js';
import { type Page, paged } from '../../../core/paging.js';
import { marketRef, type Ref } from '../../../core/refs.js';
import { type OddsFilter, type OddsRequest, oddsFilter, oddsRequest } from '../../../core/requests/odds.js';
import type { Catalyst } from '../../../core/schemas/catalysts.js';
import type {
  OddsDetailQuery,
  OddsListQuery,
  PredictionMarket,
  PredictionMarketDetail,
} from '../../../core/schemas/odds.js';
import { DAY_MS } from '../../../core/time.js';
import { type MARKET_KINDS, ODDS_STATUSES, type OddsStatus } from '../../../core/vocabulary.js';
import { clock } from '../../clock.js';
import type { Caller, Db } from '../../db.js';
import type { ChangeSignal } from '../../ports/index.js';
import { AnswerCache, every } from '../kept/index.js';
import type { CatalystService } from './catalysts.js';

/** Answers kept in memory, least recently used dropped first. */
const ANSWERS_KEPT = 200;
/** Catalysts shown with a market. */
const MARKET_CATALYSTS = 5;
/** How far before a market's close its entities' catalysts are looked for, and after. */
const CATALYSTS_BEFORE_CLOSE_MS = 7 * DAY_MS;
const CATALYSTS_AFTER_CLOSE_MS = 2 * DAY_MS;
/** The hourly history shown by default: this long before the latest point. */
const DEFAULT_HOURLY_MS = 30 * DAY_MS;
const STATUS_ORDER = new Map(ODDS_STATUSES.map((s, k) => [s, k]));

interface MarketRow {
  slug: string;
  source: string;
  sourceKey: string;
  question: string;
  category: string | null;
  kind: (typeof MARKET_KINDS)[number];
  lowerBound: number | null;
  upperBound: number | null;
  volume: number | null;
  liquidity: number | null;
  openInterest: number | null;
  openAt: Date | null;
  closeAt: Date | null;
  status: OddsStatus;
  resolution: string | null;
  eventKey: string | null;
  label: string | null;
  sourceUrl: string;
  updatedAt: Date;
  eventTitle: string | null;
  eventSlug: string | null;
  mutuallyExclusive: boolean | null;
  eventUrl: string | null;
}

interface OutcomeRow {
  market: string;
  name: string;
  probability: number | null;
  outcomeKey: string;
}

export interface MarketEntry extends MarketRow {
  outcomes: OutcomeRow[];
  entities: Ref[];
  /** Lower-cased `type:key` of its entities, for the entity filter. */
  entityKeys: Set<string>;
  /** Its question, label, event title and slug, lower-cased: what `q` matches. */
  text: string;
  /** The market as every list shows it. */
  view: PredictionMarket;
}

interface Markets {
  bySlug: Map<string, MarketEntry>;
  /** By its source's id, lower-cased: a market named by its condition id or ticker. */
  bySourceKey: Map<string, MarketEntry>;
  /** In list order: open before closed before resolved, then the most traded first. */
  ordered: MarketEntry[];
  /** The markets of each event, by `source:eventKey`. */
  byEvent: Map<string, MarketEntry[]>;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function view(m: MarketRow, outcomes: OutcomeRow[], entities: Ref[]): PredictionMarket {
  return {
    ...marketRef(m.slug, m.question),
    type: 'market',
    slug: m.slug,
    source: m.source,
    sourceId: m.sourceKey,
    question: m.question,
    category: m.category,
    kind: m.kind,
    outcomes: outcomes.map((o) => ({ name: o.name, probability: o.probability })),
    volume: m.volume,
    liquidity: m.liquidity,
    openAt: iso(m.openAt),
    closeAt: iso(m.closeAt),
    status: m.status,
    resolution: m.resolution,
    eventLabel: m.label,
    event:
      m.eventTitle === null
        ? null
        : { title: m.eventTitle, slug: m.eventSlug!, mutuallyExclusive: m.mutuallyExclusive!, sourceUrl: m.eventUrl! },
    sourceUrl: m.sourceUrl,
    entities,
    updatedAt: m.updatedAt.toISOString(),
  };
}

export class OddsService {
  private readonly markets: AnswerCache<Markets>;
  private readonly pages: AnswerCache<{ data: PredictionMarket[]; page: Page }>;
  private readonly details: AnswerCache<PredictionMarketDetail>;

  constructor(
    private readonly db: Db,
    private readonly catalysts: CatalystService,
    /** Bumped by imports and feeds that wrote markets or history. */
    version: ChangeSignal,
    /** Bumped when catalysts change: a market's answer shows those of its entities. */
    stories: ChangeSignal,
    refreshMs: number,
  ) {
    const period = every(refreshMs);
    // Each only grows, so their sum changes whenever one does; the period picks up another process's writes.
    this.markets = new AnswerCache(1, () => version.current + period());
    const answers = () => version.current + stories.current + period();
    this.pages = new AnswerCache(ANSWERS_KEPT, answers);
    this.details = new AnswerCache(ANSWERS_KEPT, answers);
  }

  /** Markets matching `filter`: open first, then the most traded; one page. */
  async list(filter: OddsFilter, _caller?: Caller): Promise<{ data: PredictionMarket[]; page: Page }> {
    const { ordered } = await this.held();
    const matching = ordered.filter(
      (m) =>
        (filter.statuses === null || filter.statuses.includes(m.status)) &&
        (filter.category === null || m.category === filter.category) &&
        (filter.entities === null || filter.entities.some((e) => m.entityKeys.has(e))) &&
        filter.words.every((w) => m.text.includes(w)),
    );
    const { items, page } = paged(matching.slice(filter.offset, filter.offset + filter.limit + 1), filter);
    return { data: items.map((m) => m.view), page };
  }

  /** The page a validated query asks for, kept while the markets are unchanged (the same object until then, shared: callers must not change it). */
  listKept(query: OddsListQuery, caller?: Caller): Promise<{ data: PredictionMarket[]; page: Page }> {
    return this.pages.get(JSON.stringify(query), (c) => this.list(oddsFilter(query), c), caller);
  }

  /** One market with its history, its event's other markets and its entities' catalysts; a 404 when there is none. */
  async detail(key: string, request: OddsRequest, caller?: Caller): Promise<PredictionMarketDetail> {
    const markets = await this.held();
    const m = this.find(markets, key);
    const keys = m.outcomes.map((o) => o.outcomeKey);
    const [last] = await this.db.rows<{ ts: Date | null }>('lastOddsUpdate', { source: m.source, keys }, caller);
    const lastMs = last?.ts?.getTime() ?? null;
    const fromMs = request.fromMs ?? (request.interval === '1h' && lastMs !== null ? lastMs - DEFAULT_HOURLY_MS : 0);
    const history = await this.db.columns(
      'oddsHistoryColumns',
      { source: m.source, keys, from: new Date(fromMs), interval: request.interval === '1h' ? '1 hour' : '1 day' },
      ['outcome', 'ts', 'probability'] as const,
      caller,
    );
    const points = m.outcomes.map(() => [] as { ts: string; probability: number }[]);
    const c = history.columns;
    for (let k = 0; k < history.length; k++)
      points[c.outcome[k]! - 1]!.push({ ts: new Date(c.ts[k]!).toISOString(), probability: c.probability[k]! });
    const siblings =
      m.eventKey === null ? [] : (markets.byEvent.get(`${m.source}:${m.eventKey}`) ?? []).filter((s) => s !== m);
    return {
      ...m.view,
      bounds: m.lowerBound === null || m.upperBound === null ? null : { lower: m.lowerBound, upper: m.upperBound },
      openInterest: m.openInterest,
      lastUpdate: lastMs === null ? null : new Date(lastMs).toISOString(),
      interval: request.interval,
      from: new Date(fromMs).toISOString(),
      history: m.outcomes.map((o, k) => ({ outcome: o.name, points: points[k]! })).filter((h) => h.points.length),
      siblings: siblings.map((s) => s.view),
      catalysts: await this.catalystsOf(m, caller),
    };
  }

  /** The detail a validated query asks for, kept while the markets and catalysts are unchanged (shared likewise). */
  detailKept(key: string, query: OddsDetailQuery, caller?: Caller): Promise<PredictionMarketDetail> {
    return this.details.get(
      `${key.toLowerCase()} ${JSON.stringify(query)}`,
      (c) => this.detail(key, oddsRequest(query), c),
      caller,
    );
  }

  /** The open markets about `entity` (lower-cased `type:key`), most traded first, at most `limit`. */
  async about(entity: string, limit: number, _caller?: Caller): Promise<PredictionMarket[]> {
    const { ordered } = await this.held();
    return ordered
      .filter((m) => m.status === 'open' && m.entityKeys.has(entity))
      .slice(0, limit)
      .map((m) => m.view);
  }

  /** Every market's reference and the names it is found by: its slug, label and event's title. */
  async searchable(): Promise<{ ref: Ref; names: string[]; live: boolean }[]> {
    const { ordered } = await this.held();
    return ordered.map((m) => ({
      ref: marketRef(m.slug, m.question),
      names: [m.sourceKey, ...(m.label ? [m.label] : []), ...(m.eventTitle ? [m.eventTitle] : [])],
      live: m.status === 'open',
    }));
  }

  private find(markets: Markets, key: string): MarketEntry {
    const lower = key.toLowerCase();
    const m = markets.bySlug.get(lower) ?? markets.bySourceKey.get(lower);
    if (!m) throw notFound(`Market ${key}`);
    return m;
  }

  /** Catalysts of the market's entities around its close, or upcoming ones when it has no close. */
  private async catalystsOf(m: MarketEntry, caller?: Caller): Promise<Catalyst[]> {
    if (!m.entities.length) return [];
    const close = m.closeAt?.getTime() ?? null;
    const window =
      close === null
        ? { fromMs: clock.now(), toMs: null }
        : { fromMs: close - CATALYSTS_BEFORE_CLOSE_MS, toMs: close + CATALYSTS_AFTER_CLOSE_MS };
    const filter = { entities: [...m.entityKeys], kinds: null, ...window, limit: MARKET_CATALYSTS, offset: 0 };
    return (await this.catalysts.list(filter, caller)).data;
  }

  /** Every market, read once per version for every caller (so never stopped for one that leaves). */
  private held(): Promise<Markets> {
    return this.markets.get('markets', () => this.read());
  }

  private async read(): Promise<Markets> {
    const [rows, outcomes, entities] = await Promise.all([
      this.db.rows<MarketRow>('marketRows'),
      this.db.rows<OutcomeRow>('outcomeRows'),
      this.db.rows<Ref & { market: string }>('marketEntityRows'),
    ]);
    const outcomesOf = groupBy(outcomes, (o) => o.market);
    const entitiesOf = groupBy(entities, (e) => e.market);
    const entries = rows.map((m): MarketEntry => {
      const refs = (entitiesOf.get(m.slug) ?? []).map(({ type, key, label, path }) => ({ type, key, label, path }));
      const own = outcomesOf.get(m.slug) ?? [];
      return {
        ...m,
        outcomes: own,
        entities: refs,
        entityKeys: new Set(refs.map((r) => `${r.type}:${r.key}`.toLowerCase())),
        text: [m.question, m.label ?? '', m.eventTitle ?? '', m.slug].join(' \n ').toLowerCase(),
        view: view(m, own, refs),
      };
    });
    const ordered = [...entries].sort(
      (a, b) =>
        STATUS_ORDER.get(a.status)! - STATUS_ORDER.get(b.status)! ||
        (b.volume ?? -1) - (a.volume ?? -1) ||
        a.slug.localeCompare(b.slug),
    );
    return {
      bySlug: new Map(entries.map((m) => [m.slug, m])),
      bySourceKey: new Map(entries.map((m) => [m.sourceKey.toLowerCase(), m])),
      ordered,
      byEvent: groupBy(ordered, (m) => (m.eventKey === null ? null : `${m.source}:${m.eventKey}`)),
    };
  }
}
