// The composition root: builds the in-process implementations of the ports and assembles the api part
// (server/roles/api.ts) and the ingest part (server/roles/ingest.ts) in named phases: listen (so /live and /ready
// answer), open the database, load the sources' first data, load the market state, start the venue feeds, build the
// services, start the background work, serve. TAPEWIRE_ROLE=all, the only role that runs without a broker, runs both.
import { HttpFigures } from '../core/http-figures.js';
import { candleAnswers } from './answers/candles.js';
import { type BackupReport, writeBackup } from './backup.js';
import { ApiNodeBroker } from './broker/api-node.js';
import { RedisKeyChanges } from './broker/key-changes.js';
import { NodeRegistry } from './broker/nodes.js';
import { RedisVersions } from './broker/redis-versions.js';
import { StreamIn } from './broker/stream-in.js';
import { clock } from './clock.js';
import type { Config } from './config.js';
import { startControlServer } from './control.js';
import { type ControlContext, runControl } from './control-ops.js';
import { localDataVersions } from './data-version.js';
import { controlSocketPath, lockDataDir, tightenDataDir } from './datadir.js';
import { type Db, openDatabase } from './db.js';
import type { Embedded } from './db-embedded.js';
import { DatabaseFigures } from './db-figures.js';
import { DatabaseHealth } from './db-health.js';
import { runningSources } from './feeds/registry.js';
import { nameNode } from './http/exchange.js';
import { Lifetime } from './lifetime.js';
import type { Logger } from './log.js';
import { type LoadedMarket, loadMarket, type MarketMemory } from './market/load.js';
import type { MarketState } from './market/state.js';
import type { OpenBars } from './ports/index.js';
import { Readiness } from './readiness.js';
import { ApiRole } from './roles/api.js';
import { MarketFollower } from './roles/follow.js';
import {
  type IngestContext,
  loadSources,
  openVenueFeeds,
  sayOffSources,
  startIngest,
  type VenueFeeds,
} from './roles/ingest.js';
import { relayAsLeader } from './roles/lead.js';
import { Leadership } from './roles/leadership.js';
import { buildServices, type Services } from './services/index.js';
import { keptAnswers } from './services/kept/index.js';
import { IngestLeaseStore } from './services/ops/ingest-lease.js';
import { SourceUniverseService } from './services/ops/source-universe.js';
import { StorageService } from './services/ops/storage.js';
import { MetaService } from './services/read/meta.js';
import { SourceHealthBoard } from './services/read/source-health.js';
import { DatasetService } from './services/write/datasets.js';
import { ImportService } from './services/write/imports.js';
import { MarketStore } from './services/write/market-store.js';
import { StartupError } from './startup-error.js';
import { StreamHub } from './stream/hub.js';
import { WorkerThreads } from './worker-threads.js';

/** How long a leader loading its sources holds the lease: a first load of the demo takes about half a minute. */
const SOURCE_LOAD_LEASE_MS = 10 * 60_000;

export interface RunningApp {
  port: number;
  /** Resolves once the database is migrated, the sources loaded, the market started and keys loaded; rejects when start-up fails after listening. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** What the server runs once started: the services, and the background work the control socket can prompt. */
interface Started {
  services: Services;
  changeKeys: ControlContext['changeKeys'];
  relink(): Promise<void>;
  backup(file: string): Promise<BackupReport>;
}

/** What `server/main.ts` begins before loading the rest of the server: DATA_DIR owned, the embedded database starting. */
export interface EarlyStart {
  unlock: () => void;
  embedded: Promise<Embedded> | null;
}

export async function startApp(config: Config, log: Logger, early?: EarlyStart): Promise<RunningApp> {
  log.info(
    { anonymous: config.anon, why: config.anonWhy },
    config.anon ? 'access: API keys, and anonymous callers limited per IP' : 'access: API keys only',
  );
  log.info(
    { web: config.web },
    config.web ? 'website: pages served, viewers limited per IP' : 'website: off (TAPEWIRE_WEB=1 serves it)',
  );
  const life = new Lifetime();
  life.onClose(early?.unlock ?? (await lockDataDir(config.dataDir, (message) => log.warn(message))));
  // Until the database takes it over, the early embedded database is this start's to stop.
  let embedded = early?.embedded ?? null;
  life.onClose(() => embedded?.then((e) => e.stop()).catch(() => undefined));
  const loose = tightenDataDir(config.dataDir);
  if (loose) log.warn(loose);
  const startedAt = clock.now();
  const database = new DatabaseHealth(log);
  const readiness = new Readiness('opening the database', database);
  const workers = new WorkerThreads(config.workers);
  life.onClose(() => workers.close());
  const hub = new StreamHub(config.stream);
  life.onClose(() => hub.close());
  const figures = { http: new HttpFigures(), database: new DatabaseFigures() };

  // The database opens only once the port is ours: a server refused its port stops at once, not after a demo load.
  let listened!: (ok: boolean) => void;
  const started: Promise<Started> = new Promise<boolean>((resolve) => (listened = resolve)).then(async (ok) => {
    if (!ok) throw new StartupError('not listening');
    const handed = embedded ?? undefined;
    embedded = null;
    const running = await start(config, log, {
      life,
      readiness,
      database,
      workers,
      hub,
      api,
      figures,
      embedded: handed,
      keyChanges,
      leads,
    });
    api.serve(running.services);
    readiness.markReady();
    log.info(
      { keys: api.keys.size, anon: config.anon, db: config.databaseUrl ? 'external' : 'embedded', role: config.role },
      'ready',
    );
    return running;
  });
  const ready = started.then(() => undefined);
  // The caller awaits `ready`; this keeps an early failure from also surfacing as an unhandled rejection.
  ready.catch(() => undefined);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      readiness.waitingFor('shutting down');
      api.stopListening();
      await ready.catch(() => undefined);
      await life.close();
    })());

  /** Whether this process leads ingest: one of every role does; an ingest node once it holds the lease. */
  const leads = { held: () => config.role === 'all' };
  // A scale-out's answers name their node: which one answered is what its operator asks first.
  if (config.role !== 'all') nameNode(config.node);
  // An api node shares its keys' rate limits, its clients' stream allowances and key changes with the others.
  const shared =
    config.role === 'api' && config.redisUrl
      ? new ApiNodeBroker(config.redisUrl, log, { node: config.node, maxRateClients: config.maxRateClients })
      : null;
  if (shared) {
    hub.shareCounts(shared.streamCounts);
    for (const part of shared.parts) readiness.watchBroker(part);
    life.onClose(() => shared.close());
  }
  // An ingest node tells the api nodes of the key changes its control socket makes (tapewire keys on a cluster).
  const keyChanges =
    shared?.keyChanges ??
    (config.role === 'ingest' && config.redisUrl ? new RedisKeyChanges(config.redisUrl, log, config.node) : null);
  if (keyChanges && !shared) life.onClose(() => keyChanges.close());
  const api = new ApiRole(config, log, {
    readiness,
    startedAt,
    figures: figures.http,
    hub,
    ...(shared && { buckets: shared.rateLimits }),
  });
  life.onClose(() => api.sockets.close());
  let port: number;
  try {
    // The CLIs find this process as soon as it owns DATA_DIR; their requests wait until the services are up.
    const control = await startControlServer(controlSocketPath(config.dataDir), async (req) => {
      // Answered at once, a standby's services being built only once it leads: tapewire database asks each node.
      if (req.op === 'leads') return leads.held();
      const { services, changeKeys, relink, backup } = await started;
      return runControl(req, { services, changeKeys, relink, backup, forgetKey: (id) => api.forgetKey(id), log });
    });
    life.onClose(() => control.close());
    // An ingest node serves no HTTP: its health is in /v1/meta's cluster, as the api nodes list it.
    port = config.role === 'ingest' ? 0 : await api.listen(config.role === 'api');
  } catch (err) {
    listened(false);
    await close();
    throw err;
  }
  listened(true);
  return { port, ready, close };
}

/** The phases after listening, each registering what undoes it. */
async function start(
  config: Config,
  log: Logger,
  {
    life,
    readiness,
    database,
    workers,
    hub,
    api,
    figures,
    embedded,
    keyChanges,
    leads,
  }: {
    life: Lifetime;
    readiness: Readiness;
    database: DatabaseHealth;
    workers: WorkerThreads;
    hub: StreamHub;
    api: ApiRole;
    figures: { http: HttpFigures; database: DatabaseFigures };
    embedded?: Promise<Embedded>;
    /** How an api node hears of key changes made on the others. */
    keyChanges: RedisKeyChanges | null;
    /** Told how to say whether this process leads, once it may. */
    leads: { held: () => boolean };
  },
): Promise<Started> {
  // Open the database: migrated, with the storage policies of the configuration.
  const db = await openDatabase(
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      maxConnections: config.dbPoolSize,
      queue: config.dbQueue,
      health: database,
      figures: figures.database,
      embedded,
    },
    log,
  );
  life.onClose(() => db.close());
  readiness.waitingFor('applying migrations');
  await db.migrate();
  const storage = new StorageService(db);
  await storage.applyPolicies(config.storage);
  const redisUrl = config.role === 'all' ? null : config.redisUrl;
  const sharedVersions = redisUrl ? new RedisVersions(redisUrl, log, config.node) : null;
  if (sharedVersions) life.onClose(() => sharedVersions.close());
  const versions = sharedVersions?.versions ?? localDataVersions();
  const health = new SourceHealthBoard();
  const meta = new MetaService(db, config.moveFloors, log, health);
  const marketStore = new MarketStore(db);
  const memory = {
    staleMs: config.poolStaleS * 1000,
    minuteBarsDays: config.minuteBarsDays,
    hourBarsDays: config.hourBarsDays,
    listingMinuteBarsDays: config.listingMinuteBarsDays,
  };
  const sources = runningSources(config);
  const ingest: IngestContext = { config, log, life, readiness, workers, health, sources };
  const imports = new ImportService(db, versions);

  const cluster = redisUrl
    ? await joinCluster(config, log, { life, readiness, db, meta, leads, marketStore, memory })
    : null;
  const { market, openBars, feeds } =
    config.role === 'api'
      ? await followLeader(config, log, { life, readiness, hub, marketStore, memory })
      : await tickMarket(config, log, { ingest, db, meta, imports, storage, marketStore, memory, hub, cluster });

  const services = buildServices({
    db,
    state: market,
    openBars,
    hub,
    tickets: api.tickets,
    sockets: api.sockets,
    workers,
    meta,
    storage,
    imports,
    marketStore,
    versions,
    refreshMs: config.metaRefreshS * 1000,
    figures,
    kept: config.keptAnswers,
  });
  candleAnswers.countIn(keptAnswers);

  // Start the background work: ticks and what follows them, moves, catalyst outcomes, the sources' feeds, jobs.
  const relink = feeds
    ? await startIngest(ingest, feeds, {
        embedded: db.kind === 'embedded',
        storage,
        services,
        state: market,
        broadcast: hub,
      })
    : async () => undefined;
  const changeKeys = await api.watchKeys(services, hub, life, keyChanges ?? undefined);
  meta.start(config.metaRefreshS);
  life.onClose(() => meta.stop());
  await meta.refresh();
  return {
    services,
    changeKeys,
    relink,
    backup: (file) => writeBackup(db, config.dataDir, file),
  };
}

/** What a node of a scale-out holds: its leadership (an ingest node's) and the market it follows while standing by. */
interface ClusterPlace {
  leadership: Leadership | null;
  warm: MarketFollower | null;
}

/**
 * A scale-out node's place: listed in /v1/meta's cluster; an ingest node takes the lease or stands by for it (waiting
 * here, following the leader's market meanwhile), and ends at once if deposed.
 */
async function joinCluster(
  config: Config,
  log: Logger,
  {
    life,
    readiness,
    db,
    meta,
    leads,
    marketStore,
    memory,
  }: {
    life: Lifetime;
    readiness: Readiness;
    db: Db;
    meta: MetaService;
    leads: { held: () => boolean };
    marketStore: MarketStore;
    memory: MarketMemory;
  },
): Promise<ClusterPlace> {
  const redisUrl = config.redisUrl!;
  const leadership = config.role === 'ingest' ? new Leadership(new IngestLeaseStore(db), config.node, log) : null;
  const registry = new NodeRegistry(
    redisUrl,
    { id: config.node, role: config.role === 'ingest' ? 'ingest' : 'api' },
    () => leadership?.held() ?? false,
    log,
  );
  registry.start();
  life.onClose(() => registry.close());
  meta.showCluster(() => registry.nodes());
  if (!leadership) return { leadership, warm: null };
  leads.held = () => leadership.held();
  life.onClose(() => leadership.stop());
  leadership.onLost(() => {
    // Nothing more may be written: not even the open bars a clean stop writes. A supervisor starts it again.
    log.error('deposed: ending at once, writing nothing more');
    process.exit(3);
  });
  if (await leadership.firstTake()) return { leadership, warm: null };
  // A standby follows the leader's market while it waits: taking over, it ticks from it without loading one.
  const warm = new MarketFollower(redisUrl, log, marketStore, memory);
  life.onClose(() => warm.stop());
  readiness.waitingFor('standing by for the ingest lease');
  if ((await leadership.acquire(leadership.leaseMs)) === null) throw new StartupError('stopped while standing by');
  return { leadership, warm };
}

/** The market an api node serves: loaded once the leader ticks, then moved by its frames; its stream from Redis. */
async function followLeader(
  config: Config,
  log: Logger,
  {
    life,
    readiness,
    hub,
    marketStore,
    memory,
  }: { life: Lifetime; readiness: Readiness; hub: StreamHub; marketStore: MarketStore; memory: MarketMemory },
): Promise<{ market: MarketState; openBars: OpenBars; feeds: null }> {
  const redisUrl = config.redisUrl!;
  const stream = new StreamIn(redisUrl, hub, config.stream.replay, log);
  life.onClose(() => stream.close());
  readiness.watchBroker(stream);
  const follower = new MarketFollower(redisUrl, log, marketStore, memory, (why) => readiness.waitingFor(why));
  life.onClose(() => follower.stop());
  const followed = await follower.followed;
  if (!followed) throw new StartupError('stopped while waiting for the ingest leader');
  await stream.start();
  return { market: followed.state, openBars: followed.relay, feeds: null };
}

/**
 * The market a process that ticks holds (the only one, or a scale-out's leader): the sources' first data loaded (the
 * demo universe on an empty database), the market loaded or taken from the standby's following, the venue feeds the
 * tick loop polls opened, and on a scale-out each tick relayed to the other nodes.
 */
async function tickMarket(
  config: Config,
  log: Logger,
  {
    ingest,
    db,
    meta,
    imports,
    storage,
    marketStore,
    memory,
    hub,
    cluster,
  }: {
    ingest: IngestContext;
    db: Db;
    meta: MetaService;
    imports: ImportService;
    storage: StorageService;
    marketStore: MarketStore;
    memory: MarketMemory;
    hub: StreamHub;
    cluster: ClusterPlace | null;
  },
): Promise<{ market: MarketState; openBars: OpenBars | null; feeds: VenueFeeds }> {
  const { sources, health, life } = ingest;
  const leadership = cluster?.leadership ?? null;
  log.info({ sources: sources.map((s) => ({ name: s.name, ...s.settings(config) })) }, 'sources');
  sayOffSources(config, health, log);
  const load = () =>
    loadSources(ingest, new DatasetService(db), { meta, imports, storage, universe: new SourceUniverseService(db) });
  await (leadership ? leadership.holdingFor(SOURCE_LOAD_LEASE_MS, load) : load());
  const followed = await cluster?.warm?.stop();
  const loaded: LoadedMarket = followed
    ? { state: followed.state, cutShort: { instruments: [], listings: [] } }
    : await loadMarket(
        marketStore,
        memory,
        clock.now(),
        sources.some((s) => s.venueFeeds),
      );
  const feeds = await openVenueFeeds(ingest, loaded, marketStore);
  if (leadership)
    await relayAsLeader(config.redisUrl!, { config, log, life }, leadership, feeds, loaded.state, marketStore, hub);
  return { market: loaded.state, openBars: feeds.ticker, feeds };
}
