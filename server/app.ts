// The composition root: builds the in-process implementations of the ports and assembles the api part
// (server/roles/api.ts) and the ingest part (server/roles/ingest.ts) in named phases: listen (so /live and /ready
// answer), open the database, load the sources' first data, load the market state, start the venue feeds, build the
// services, start the background work, serve. TAPEWIRE_ROLE=all, the only role that runs without a broker, runs both.
import { HttpFigures } from '../core/http-figures.js';
import { type BackupReport, writeBackup } from './backup.js';
import { clock } from './clock.js';
import type { Config } from './config.js';
import { startControlServer } from './control.js';
import { type ControlContext, runControl } from './control-ops.js';
import { localDataVersions } from './data-version.js';
import { controlSocketPath, lockDataDir, tightenDataDir } from './datadir.js';
import { openDatabase } from './db.js';
import type { Embedded } from './db-embedded.js';
import { DatabaseFigures } from './db-figures.js';
import { DatabaseHealth } from './db-health.js';
import { runningSources } from './feeds/registry.js';
import { Lifetime } from './lifetime.js';
import type { Logger } from './log.js';
import { loadMarket } from './market/load.js';
import { Readiness } from './readiness.js';
import { ApiRole } from './roles/api.js';
import { type IngestContext, loadSources, openVenueFeeds, sayOffSources, startIngest } from './roles/ingest.js';
import { buildServices, type Services } from './services/index.js';
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
    });
    api.serve(running.services);
    readiness.markReady();
    log.info({ keys: api.keys.size, anon: config.anon, db: config.databaseUrl ? 'external' : 'embedded' }, 'ready');
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

  const api = new ApiRole(config, log, { readiness, startedAt, figures: figures.http, hub });
  life.onClose(() => api.sockets.close());
  let port: number;
  try {
    // The CLIs find this process as soon as it owns DATA_DIR; their requests wait until the services are up.
    const control = await startControlServer(controlSocketPath(config.dataDir), async (req) => {
      const { services, changeKeys, relink, backup } = await started;
      return runControl(req, { services, changeKeys, relink, backup, forgetKey: (id) => api.forgetKey(id), log });
    });
    life.onClose(() => control.close());
    port = await api.listen();
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
  }: {
    life: Lifetime;
    readiness: Readiness;
    database: DatabaseHealth;
    workers: WorkerThreads;
    hub: StreamHub;
    api: ApiRole;
    figures: { http: HttpFigures; database: DatabaseFigures };
    embedded?: Promise<Embedded>;
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
  const versions = localDataVersions();
  const health = new SourceHealthBoard();
  const meta = new MetaService(db, config.moveFloors, log, health);

  // Load the sources' first data: the demo universe on an empty database.
  const sources = runningSources(config);
  log.info({ sources: sources.map((s) => ({ name: s.name, ...s.settings(config) })) }, 'sources');
  sayOffSources(config, health, log);
  const ingest: IngestContext = { config, log, life, readiness, workers, health, sources };
  const imports = new ImportService(db, versions);
  await loadSources(ingest, new DatasetService(db), {
    meta,
    imports,
    storage,
    universe: new SourceUniverseService(db),
  });

  // Load the market state, and the venue feeds the tick loop polls.
  const marketStore = new MarketStore(db);
  const memory = {
    staleMs: config.poolStaleS * 1000,
    minuteBarsDays: config.minuteBarsDays,
    hourBarsDays: config.hourBarsDays,
    listingMinuteBarsDays: config.listingMinuteBarsDays,
  };
  const market = await loadMarket(
    marketStore,
    memory,
    clock.now(),
    sources.some((s) => s.venueFeeds),
  );
  const feeds = await openVenueFeeds(ingest, market, marketStore);

  const services = buildServices({
    db,
    state: market.state,
    openBars: feeds.ticker,
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
  });

  // Start the background work: ticks and what follows them, moves, catalyst outcomes, the sources' feeds, jobs.
  const relink = await startIngest(ingest, feeds, {
    embedded: db.kind === 'embedded',
    storage,
    services,
    state: market.state,
    broadcast: hub,
  });
  const changeKeys = await api.watchKeys(services, hub, life);
  meta.start(config.metaRefreshS);
  life.onClose(() => meta.stop());
  await meta.refresh();
  return { services, changeKeys, relink, backup: (file) => writeBackup(db, config.dataDir, file) };
}
