// Assembles the service in named phases: listen (so /live and /ready answer), open the database, load the sources'
// first data, load the market state, start the venue feeds, build the services, start the background work, serve.
import { originOf } from '../core/dataset-world.js';
import { HttpFigures } from '../core/http-figures.js';
import { type KeyState, keyEvents, keyStates } from '../core/key-events.js';
import { isLoopback } from './access-mode.js';
import { KeyIndex } from './auth.js';
import { type BackupReport, writeBackup } from './backup.js';
import { clock } from './clock.js';
import type { Config } from './config.js';
import { startControlServer } from './control.js';
import { type ControlContext, type KeyChangeBy, runControl } from './control-ops.js';
import { controlSocketPath, lockDataDir, tightenDataDir } from './datadir.js';
import { openDatabase } from './db.js';
import type { Embedded } from './db-embedded.js';
import { DatabaseFigures } from './db-figures.js';
import { DatabaseHealth } from './db-health.js';
import { runningSources, SOURCES } from './feeds/registry.js';
import type { LoadContext, Source } from './feeds/source.js';
import type { VenueFeed } from './feeds/venue-feed.js';
import { mountRoutes } from './http/pipeline.js';
import { type TemplatedApp, type us_listen_socket, uWS } from './http/uws.js';
import { JobRunner } from './jobs.js';
import { Lifetime } from './lifetime.js';
import { Limiter } from './limits.js';
import { type Logger, logFailure } from './log.js';
import { loadMarket } from './market/load.js';
import { Ticker } from './market/ticker.js';
import { mountMcp } from './mcp/endpoint.js';
import { MoveDetector } from './moves/detector.js';
import { progressBar } from './progress.js';
import { Readiness } from './readiness.js';
import { routeTable } from './route-table.js';
import { buildServices, DataVersion, type Services } from './services/index.js';
import { SourceUniverseService } from './services/ops/source-universe.js';
import { StorageService } from './services/ops/storage.js';
import { MetaService } from './services/read/meta.js';
import { SourceHealth, SourceHealthBoard } from './services/read/source-health.js';
import { DatasetService, WorldRefusedError } from './services/write/datasets.js';
import { ImportService } from './services/write/imports.js';
import { MarketStore } from './services/write/market-store.js';
import { OutcomeLinker } from './stories/outcomes.js';
import { StreamHub } from './stream/hub.js';
import { MarketFeed } from './stream/market-feed.js';
import { SocketHub, socketOptions } from './stream/sockets.js';
import { StreamTickets } from './stream/tickets.js';
import { mountWeb } from './web/mount.js';
import { WorkerThreads } from './worker-threads.js';

export class StartupError extends Error {}

/** uSockets' LIBUS_LISTEN_EXCLUSIVE_PORT (the typings declare it only as a type-level enum). */
const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;
/** How often catalysts whose time has passed are linked to the stories that reported them. */
const OUTCOME_LINK_MS = 60_000;

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
  // Anonymous callers of a server only this machine can reach are its operator: they read /metrics too.
  const keys = new KeyIndex({
    keyRpm: config.keyRpm,
    anonRpm: config.anonRpm,
    anon: config.anon,
    anonMetrics: config.anon && isLoopback(config.host),
  });
  const limiter = new Limiter(config.maxRateClients);
  const workers = new WorkerThreads(config.workers);
  life.onClose(() => workers.close());
  const hub = new StreamHub(config.stream);
  life.onClose(() => hub.close());
  const tickets = new StreamTickets(keys, config.streamTicketSecret);
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
      sockets,
      keys,
      tickets,
      figures,
      embedded: handed,
    });
    router.serve(running.services);
    mcp.serve(running.services);
    web?.serve(running.services);
    readiness.markReady();
    log.info({ keys: keys.size, anon: config.anon, db: config.databaseUrl ? 'external' : 'embedded' }, 'ready');
    return running;
  });
  const ready = started.then(() => undefined);
  // The caller awaits `ready`; this keeps an early failure from also surfacing as an unhandled rejection.
  ready.catch(() => undefined);

  let listenSocket: us_listen_socket | null = null;
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      readiness.waitingFor('shutting down');
      if (listenSocket) uWS.us_listen_socket_close(listenSocket);
      await ready.catch(() => undefined);
      await life.close();
    })());

  const app = uWS.App();
  const sockets = new SocketHub(hub, (topic, frame) => app.publish(topic, frame, false), log, config.stream);
  life.onClose(() => sockets.close());
  const mcp = mountMcp(app, {
    keys,
    limiter: limiter.forSurface(),
    gate: readiness,
    log,
    figures: figures.http,
    allowedOrigins: config.mcpAllowedOrigins,
    compressMinBytes: config.compressMinBytes,
  });
  const web = config.web
    ? mountWeb(app, { keys, limiter: limiter.forSurface(), gate: readiness, tickets, log, figures: figures.http })
    : null;
  const router = mountRoutes(app, routeTable(readiness, startedAt), {
    keys,
    limiter,
    gate: readiness,
    log,
    figures: figures.http,
    tickets,
    compressMinBytes: config.compressMinBytes,
    websocket: socketOptions(config.stream),
  });
  try {
    // The CLIs find this process as soon as it owns DATA_DIR; their requests wait until the services are up.
    const control = await startControlServer(controlSocketPath(config.dataDir), async (req) => {
      const { services, changeKeys, relink, backup } = await started;
      return runControl(req, {
        services,
        changeKeys,
        relink,
        backup,
        forgetKey: (id) => limiter.forget(`key:${id}`),
        log,
      });
    });
    life.onClose(() => control.close());
    listenSocket = await listenExclusive(app, config.host, config.port);
  } catch (err) {
    listened(false);
    await close();
    throw err;
  }
  listened(true);
  return { port: uWS.us_socket_local_port(listenSocket), ready, close };
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
    sockets,
    keys,
    tickets,
    figures,
    embedded,
  }: {
    life: Lifetime;
    readiness: Readiness;
    database: DatabaseHealth;
    workers: WorkerThreads;
    hub: StreamHub;
    sockets: SocketHub;
    keys: KeyIndex;
    tickets: StreamTickets;
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
  const versions = {
    stories: new DataVersion(),
    entities: new DataVersion(),
    macro: new DataVersion(),
    odds: new DataVersion(),
    sec: new DataVersion(),
  };
  const health = new SourceHealthBoard();
  const meta = new MetaService(db, config.moveFloors, log, health);

  // Load the sources' first data: the demo universe on an empty database.
  const sources = runningSources(config);
  log.info({ sources: sources.map((s) => ({ name: s.name, ...s.settings(config) })) }, 'sources');
  for (const source of SOURCES) {
    const { on, offBecause } = source.settings(config);
    if (!offBecause) continue;
    log.info({ source: source.name }, `source ${source.name} off: ${offBecause}`);
    // Listed off in /v1/meta only when nothing of it runs (a calendar without its key leaves the others running).
    if (!on && source.kind) health.add(new SourceHealth(source.name, source.kind, 0, true));
  }
  const imports = new ImportService(db, versions);
  // The sources that write decide the database's world: both the demo and real ones only when both are configured.
  const datasets = new DatasetService(db);
  const origins = [...new Set(sources.map((s) => originOf(s.name)))];
  const mix = origins.length > 1;
  await datasets
    .refuse(origins, mix, 'run the demo beside real sources (TAPEWIRE_DEMO=1 with TAPEWIRE_SOURCES)')
    .catch((err: unknown) => {
      if (!(err instanceof WorldRefusedError)) throw err;
      // The likeliest wish of a plain start on data imported for real: to serve it.
      const serve = config.demo ? '. To serve the data it holds, start with TAPEWIRE_DEMO=0' : '';
      throw new StartupError(
        `${config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR ${config.dataDir}`}: ${err.message}${serve}`,
      );
    });
  await loadSources(
    sources,
    config,
    { meta, imports, storage, universe: new SourceUniverseService(db) },
    readiness,
    log,
  );
  await datasets.record(origins, mix);

  // Load the market state, and the venue feeds the tick loop polls.
  const marketStore = new MarketStore(db);
  const venueFeeds: VenueFeed[] = [];
  const memory = {
    staleMs: config.poolStaleS * 1000,
    minuteBarsDays: config.minuteBarsDays,
    hourBarsDays: config.hourBarsDays,
    listingMinuteBarsDays: config.listingMinuteBarsDays,
  };
  const { state, cutShort } = await loadMarket(
    marketStore,
    memory,
    clock.now(),
    sources.some((s) => s.venueFeeds),
  );
  for (const source of sources)
    venueFeeds.push(...((await source.venueFeeds?.({ config, state, store: marketStore, health, log })) ?? []));
  const ticker = venueFeeds.length
    ? new Ticker(state, venueFeeds, marketStore, log, { workers, minQuotes: config.poolWorkerMinQuotes })
    : null;
  if (ticker) {
    for (const [i, bar] of cutShort.instruments) ticker.resume({ instrument: i }, bar);
    for (const [j, bar] of cutShort.listings) ticker.resume({ listing: j }, bar);
  }

  const services = buildServices({
    db,
    state,
    openBars: ticker,
    hub,
    tickets,
    sockets,
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
  if (ticker) {
    ticker.start(config.tickMs);
    life.onClose(() => ticker.stop());
    log.info(
      {
        instruments: state.instruments.length,
        listings: state.listings.length,
        tickMs: config.tickMs,
        pooling: ticker.pooling,
      },
      'venue feeds started',
    );
    const feed = new MarketFeed(services.instruments, ticker, hub, config.stream.quoteMs);
    life.onClose(() => feed.stop());
  }
  readiness.waitingFor('finding unusual moves');
  const detector = new MoveDetector(services.moves, state, workers, config.moveFloors, log);
  await detector.run();
  life.onClose(() => detector.stop());
  ticker?.onTick(() => detector.onTick(clock.now()));
  const linker = new OutcomeLinker(services.catalysts, log);
  await linker.start(OUTCOME_LINK_MS);
  life.onClose(() => linker.stop());
  const relink = async () => {
    await Promise.all([linker.run(), detector.run()]);
  };
  for (const source of sources) {
    const stop = await source.start?.({ config, services, venueFeeds, health, relink, log });
    if (stop) life.onClose(stop);
  }
  // A TimescaleDB server runs its own jobs; the embedded database has no background workers to do it.
  if (db.kind === 'embedded') {
    const jobs = new JobRunner(storage, log);
    jobs.start();
    life.onClose(() => jobs.stop());
  }

  // The audit trail: every key created, revoked or expired since the last reading is logged once, with who did it
  // (this server's keys CLI, or another process writing the database), never the key itself.
  let keyStatesKnown: Map<number, KeyState> | null = null;
  const reloadKeys = async (by: KeyChangeBy = 'database', logged: ReadonlySet<number> = new Set()) => {
    const records = await services.keys.list();
    const now = clock.now();
    if (keyStatesKnown) {
      for (const e of keyEvents(keyStatesKnown, records, now)) {
        if (!logged.has(e.id))
          log.info(
            { keyId: e.id, name: e.name, scopes: e.scopes, by: e.event === 'expired' ? 'expiry' : by },
            `key ${e.event}`,
          );
      }
    }
    keyStatesKnown = keyStates(records, now);
    keys.load(records, now);
    // Streams of a key no longer active end now, and a key whose rate limit was lowered keeps what it still allows.
    hub.enforce((client) => keys.rpmOf(client));
  };
  // One reload or change at a time: a periodic reload between a CLI's change and its own reload would log that change
  // as another process's.
  let keysBusy: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = keysBusy.then(work);
    keysBusy = run.catch(() => undefined);
    return run;
  };
  const changeKeys: Started['changeKeys'] = (change, announce) =>
    oneAtATime(async () => {
      const result = await change();
      await reloadKeys('cli', announce?.(result));
      return result;
    });
  await reloadKeys();
  // Keys changed by the CLI straight in an external database reach this process at the next reload.
  const keyTimer = setInterval(
    () => oneAtATime(() => reloadKeys()).catch((err) => logFailure(log, err, 'key reload failed')),
    config.keyReloadS * 1000,
  );
  keyTimer.unref();
  life.onClose(() => clearInterval(keyTimer));
  meta.start(config.metaRefreshS);
  life.onClose(() => meta.stop());
  await meta.refresh();
  return { services, changeKeys, relink, backup: (file) => writeBackup(db, config.dataDir, file) };
}

/** Each running source's first load, with its progress on stderr and in /ready. */
async function loadSources(
  sources: Source[],
  config: Config,
  services: LoadContext['services'],
  readiness: Readiness,
  log: Logger,
): Promise<void> {
  for (const source of sources) {
    if (!source.load) continue;
    const what = source.loads ?? `source ${source.name}`;
    readiness.waitingFor(`loading ${what}`);
    const bar = progressBar(`loading ${what}`);
    await source.load({
      config,
      services,
      log,
      progress: (done, total) => {
        readiness.waitingFor(`loading ${what} (${Math.round((100 * done) / total)}%)`);
        bar(done, total);
      },
    });
  }
}

/** Listens without SO_REUSEPORT: uWS shares ports by default, which would let a second server silently split the traffic. */
function listenExclusive(app: TemplatedApp, host: string, port: number): Promise<us_listen_socket> {
  const listen = app.listen as unknown as (
    host: string,
    port: number,
    options: number,
    cb: (s: us_listen_socket | false) => void,
  ) => void;
  return new Promise((resolve, reject) => {
    listen.call(app, host, port, LIBUS_LISTEN_EXCLUSIVE_PORT, (socket) =>
      socket
        ? resolve(socket)
        : reject(
            new StartupError(
              `cannot listen on ${host}:${port}: the port is in use, or the address is not this machine's`,
            ),
          ),
    );
  });
}
