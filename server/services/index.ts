// Every service, built once at start-up from the database and the hot market state, and shared by every surface:
// HTTP routes, the stream, MCP tools, brief and pages, and the feeds that write.
import type { Db } from '../db.js';
import type { Broadcast, DataVersions, MarketWrites, OpenBars, StreamSubscribers } from '../ports/index.js';
import type { SocketHub } from '../stream/sockets.js';
import type { StreamTickets } from '../stream/tickets.js';
import type { WorkerThreads } from '../worker-threads.js';
import { type KeptSettings, keptAnswers } from './kept/index.js';
import { type Figures, KeyStore, MetricsService, type StorageService, StreamService } from './ops/index.js';
import {
  BriefService,
  CandleService,
  CatalystService,
  CompanyService,
  DerivativesService,
  EntityCatalog,
  EventService,
  FilingsService,
  FinancialsService,
  GlossaryService,
  InsiderService,
  InstrumentService,
  MacroService,
  MarketService,
  type MetaService,
  MoveService,
  OddsService,
  PeopleService,
  ProjectService,
  SearchService,
  SectorService,
} from './read/index.js';
import {
  DatasetService,
  DemoStore,
  HistoryImport,
  type ImportService,
  type MarketStore,
  VenueBackfill,
} from './write/index.js';

export interface Services {
  /** Changes whenever any data answers are built from does: the market's tick, or a write of stories, entities, macro, odds or SEC data. */
  dataStamp(): string;
  instruments: InstrumentService;
  candles: CandleService;
  derivatives: DerivativesService;
  market: MarketService;
  events: EventService;
  moves: MoveService;
  catalysts: CatalystService;
  companies: CompanyService;
  financials: FinancialsService;
  filings: FilingsService;
  insiders: InsiderService;
  people: PeopleService;
  projects: ProjectService;
  sectors: SectorService;
  macro: MacroService;
  odds: OddsService;
  search: SearchService;
  glossary: GlossaryService;
  brief: BriefService;
  meta: MetaService;
  metrics: MetricsService;
  stream: StreamService;
  keys: KeyStore;
  storage: StorageService;
  imports: ImportService;
  history: HistoryImport;
  datasets: DatasetService;
  venueBackfill: VenueBackfill;
  marketStore: MarketStore;
  demo: DemoStore;
}

export interface ServiceDeps {
  db: Db;
  /** The hot market state, as services read it and imports add to it. */
  state: MarketWrites;
  /** The tick loop's open bars; null when no venue feed runs. */
  openBars: OpenBars | null;
  /** Where stories go out on the stream, and who reads it. */
  hub: Broadcast & StreamSubscribers;
  tickets: StreamTickets;
  /** The WebSocket streams, fed by the hub. */
  sockets: SocketHub;
  /** Threads for numeric kernels (a long macro series' downsampling). */
  workers: WorkerThreads;
  /** Built before the market state: they serve the start-up itself. */
  meta: MetaService;
  storage: StorageService;
  imports: ImportService;
  marketStore: MarketStore;
  /**
   * Bumped whenever stories, moves or catalysts are written (`stories`), reference data (`entities`), macro data
   * (`macro`) or prediction markets (`odds`): answers built from them are then rebuilt.
   */
  versions: DataVersions;
  /** How often the snapshot's and search's database parts are re-read. */
  refreshMs: number;
  /** Where requests and queries are counted, for /metrics. */
  figures: Omit<Figures, 'stream'>;
  /** How much the answers kept for the next asker may hold, and for how long unasked. */
  kept: KeptSettings;
}

export function buildServices(deps: ServiceDeps): Services {
  const { db, state, hub, refreshMs } = deps;
  keptAnswers.configure(deps.kept);
  const { stories } = deps.versions;
  const instruments = new InstrumentService(state);
  const moves = new MoveService(db, state, stories);
  const catalog = new EntityCatalog(db, deps.versions.entities, refreshMs);
  const filings = new FilingsService(db, catalog);
  const events = new EventService(db, instruments, moves, hub, stories, filings);
  const catalysts = new CatalystService(db, stories);
  const companies = new CompanyService(catalog, instruments);
  const insiders = new InsiderService(db, catalog);
  const financials = new FinancialsService(db, catalog, companies, deps.versions.sec);
  const people = new PeopleService(catalog, events, insiders);
  const projects = new ProjectService(catalog, events);
  const sectors = new SectorService(catalog, companies, events);
  const odds = new OddsService(db, catalysts, deps.versions.odds, stories, refreshMs);
  const macro = new MacroService(db, deps.workers, events, catalysts, odds, deps.versions, refreshMs);
  const v = deps.versions;
  return {
    dataStamp: () =>
      `${state.version}.${v.stories.current}.${v.entities.current}.${v.macro.current}.${v.odds.current}.${v.sec.current}`,
    instruments,
    candles: new CandleService(db, state, deps.openBars),
    derivatives: new DerivativesService(db, state),
    market: new MarketService(instruments, moves, events, catalysts, macro, deps.meta, deps.versions, refreshMs),
    events,
    moves,
    catalysts,
    companies,
    financials,
    filings,
    insiders,
    people,
    projects,
    sectors,
    macro,
    odds,
    search: new SearchService(instruments, events, catalog, macro, odds, deps.versions, refreshMs),
    glossary: new GlossaryService(),
    brief: new BriefService({
      instruments,
      companies,
      people,
      projects,
      sectors,
      events,
      moves,
      catalysts,
      macro,
      odds,
      financials,
      filings,
      insiders,
      meta: deps.meta,
      versions: deps.versions,
      refreshMs,
    }),
    meta: deps.meta,
    metrics: new MetricsService(deps.meta.sources(), { ...deps.figures, stream: hub }),
    stream: new StreamService(hub, instruments, deps.tickets, deps.sockets),
    keys: new KeyStore(db),
    storage: deps.storage,
    imports: deps.imports,
    history: new HistoryImport(db, { state, store: deps.marketStore }),
    datasets: new DatasetService(db),
    venueBackfill: new VenueBackfill(db, state, deps.marketStore),
    marketStore: deps.marketStore,
    demo: new DemoStore(db.rows),
  };
}
