// Assembles the service: listens first (so /live and /ready answer), then opens the database, migrates and loads keys.
import type { Config } from './config.js';
import { KeyIndex } from './auth.js';
import { startControlServer, type ControlRequest } from './control.js';
import { controlSocketPath, lockDataDir } from './datadir.js';
import { openDatabase, type Db } from './db.js';
import { applyStoragePolicies, JobRunner } from './jobs.js';
import { mountRoutes, type Route } from './http/router.js';
import { UWS_FALLBACK_MESSAGE, uWS, uwsIsNative, type TemplatedApp, type us_listen_socket } from './http/uws.js';
import { KeyStore, runKeyOperation, type KeyInfo } from './keystore.js';
import { Limiter } from './limits.js';
import type { Logger } from './log.js';
import { MetaCache } from './meta.js';
import { loadDemo } from './demo/load.js';
import { DemoNewswire } from './demo/newswire.js';
import { progressBar } from './demo/progress.js';
import { startMarket, type Market } from './market/boot.js';
import { WorkerPool } from './pool.js';
import { catalystRoutes } from './routes/catalysts.js';
import { eventRoutes } from './routes/events.js';
import { moveRoutes } from './routes/moves.js';
import { explainRoutes } from './routes/explain.js';
import { glossaryRoutes } from './routes/glossary.js';
import { searchRoutes } from './routes/search.js';
import { snapshotRoutes } from './routes/snapshot.js';
import { eventDetailRoutes } from './routes/event.js';
import { streamRoutes } from './routes/stream.js';
import { StreamHub } from './stream/hub.js';
import { MarketFeed } from './stream/market-feed.js';
import { MoveDetector } from './moves/detector.js';
import { OutcomeLinker } from './stories/outcomes.js';
import { AnswerCache, DataVersion } from './http/answer-cache.js';
import { Readiness } from './readiness.js';
import { healthRoutes } from './routes/health.js';
import { candleRoutes } from './routes/candles.js';
import { derivativesRoutes } from './routes/derivatives.js';
import { instrumentRoutes } from './routes/instruments.js';
import { marketRoutes } from './routes/market.js';
import { metaRoutes } from './routes/meta.js';
import { openApiRoute } from './routes/openapi.js';

export class StartupError extends Error {}

/** uSockets' LIBUS_LISTEN_EXCLUSIVE_PORT (the typings declare it only as a type-level enum). */
const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;
/** Answers about stories and moves kept in memory, least recently used dropped first (a few MB at tens of KB each). */
const ANSWERS_KEPT = 500;
/** How often catalysts whose time has passed are linked to the stories that reported them. */
const OUTCOME_LINK_MS = 60_000;

export interface RunningApp {
  port: number;
  /** Resolves once the database is migrated, the demo (if any) loaded, the market started and keys loaded; rejects when start-up fails after listening. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export async function startApp(config: Config, log: Logger): Promise<RunningApp> {
  if (!uwsIsNative) {
    if (!config.allowUwsFallback) throw new StartupError(UWS_FALLBACK_MESSAGE);
    log.warn('serving on the uWebSockets.js JavaScript fallback (TAPEWIRE_ALLOW_UWS_FALLBACK=1): expect far lower throughput');
  }
  const releaseLock = lockDataDir(config.dataDir);
  const startedAt = Date.now();
  const readiness = new Readiness('opening the database');
  const keys = new KeyIndex({ keyRpm: config.keyRpm, anonRpm: config.anonRpm, anon: config.anon });
  const limiter = new Limiter(config.maxRateClients);
  const meta = new MetaCache(log);
  const pool = new WorkerPool(config.workers);
  const hub = new StreamHub(config.stream);
  const storyVersion = new DataVersion();
  const answers = new AnswerCache(ANSWERS_KEPT, () => storyVersion.current);

  let db: Db | null = null;
  let store: KeyStore | null = null;
  let market: Market | null = null;
  let feed: MarketFeed | null = null;
  let newswire: DemoNewswire | null = null;
  let outcomes: OutcomeLinker | null = null;
  let control: { close(): Promise<void> } | null = null;
  let jobs: JobRunner | null = null;
  let keyTimer: NodeJS.Timeout | null = null;
  let listenSocket: us_listen_socket | null = null;

  const reloadKeys = async () => keys.load(await store!.list());

  // The database opens only once the port is ours: a server refused its port stops at once, not after a demo load.
  let listened!: (ok: boolean) => void;
  const ready = new Promise<boolean>((resolve) => (listened = resolve)).then(async (ok) => {
    if (!ok) throw new StartupError('not listening');
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize }, log);
    readiness.waitingFor('applying migrations');
    await db.migrate();
    await applyStoragePolicies(db, config);
    if (config.demo) {
      readiness.waitingFor('loading the demo universe');
      const bar = progressBar('loading the demo universe');
      const { loaded } = await loadDemo(db, {
        seed: config.demoSeed,
        anchorMs: Date.now(),
        minuteDays: config.demoMinuteDays,
        progress: (done, total) => {
          readiness.waitingFor(`loading the demo universe (${Math.round((100 * done) / total)}%)`);
          bar(done, total);
        },
      });
      log.info({ seed: config.demoSeed, loaded }, loaded ? 'demo universe loaded' : 'a dataset is already loaded');
    }
    market = await startMarket(
      db,
      {
        staleMs: config.poolStaleS * 1000,
        tickMs: config.tickMs,
        simulate: config.demo,
        seed: config.demoSeed,
        minuteBarsDays: config.minuteBarsDays,
        hourBarsDays: config.hourBarsDays,
        listingMinuteBarsDays: config.listingMinuteBarsDays,
        offload: { pool, minQuotes: config.poolWorkerMinQuotes },
      },
      log,
    );
    if (market.ticker) feed = new MarketFeed(market.state, market.ticker, hub, config.stream.quoteMs);
    readiness.waitingFor('finding unusual moves');
    const moves = new MoveDetector(db, market.state, pool, config.moveFloors, log, () => storyVersion.bump());
    await moves.run();
    market.ticker?.onTick(() => moves.onTick(Date.now()));
    const linker = (outcomes = new OutcomeLinker(db, () => storyVersion.bump(), log));
    await linker.start(OUTCOME_LINK_MS);
    if (market.simulator) {
      newswire = new DemoNewswire(db, market.state, market.simulator, hub, config.demoSeed, () => storyVersion.bump(), () => linker.run(), log);
      await newswire.start(config.demoNewsEveryS * 1000);
    }
    store = new KeyStore(db);
    await reloadKeys();
    // Keys changed by the CLI straight in an external database reach this process at the next reload.
    keyTimer = setInterval(() => reloadKeys().catch((err) => log.warn({ err }, 'key reload failed')), config.keyReloadS * 1000);
    keyTimer.unref();
    // A TimescaleDB server runs its own jobs; the embedded database has no background workers to do it.
    if (db.kind === 'embedded') {
      jobs = new JobRunner(db, log);
      jobs.start();
    }
    meta.start(db, config.metaRefreshS);
    await meta.refresh();
    readiness.markReady();
    log.info({ keys: keys.size, anon: config.anon, db: db.kind }, 'ready');
  });
  // The caller awaits `ready`; this keeps an early failure from also surfacing as an unhandled rejection.
  ready.catch(() => undefined);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      readiness.waitingFor('shutting down');
      if (listenSocket) uWS.us_listen_socket_close(listenSocket);
      if (keyTimer) clearInterval(keyTimer);
      meta.stop();
      await ready.catch(() => undefined);
      feed?.stop();
      await newswire?.stop();
      await outcomes?.stop();
      hub.close();
      await market?.ticker?.stop();
      await jobs?.stop();
      await control?.close();
      await pool.close();
      await db?.close();
      releaseLock();
    })());

  try {
    // The CLI finds this process as soon as it owns DATA_DIR; its requests wait until the database is open.
    control = await startControlServer(controlSocketPath(config.dataDir), async (req: ControlRequest) => {
      await ready;
      const result = await runKeyOperation(store!, req.op, req.args);
      if (req.op !== 'keys.list') await reloadKeys();
      if (req.op === 'keys.revoke') limiter.forget(`key:${(result as KeyInfo).id}`);
      return result;
    });
    const routes: Route[] = [
      ...healthRoutes(readiness, startedAt),
      ...metaRoutes(meta, config.moveFloors),
      ...instrumentRoutes(() => market!.state),
      ...candleRoutes(() => market!, () => db!),
      ...derivativesRoutes(() => market!.state, () => db!),
      ...marketRoutes(() => market!.state),
      ...streamRoutes(() => market!.state, () => hub),
      ...eventRoutes(() => db!, () => market!.state, answers),
      ...catalystRoutes(() => db!),
      ...moveRoutes(() => db!, () => market!.state, answers),
      ...explainRoutes(() => db!, () => market!.state, answers),
      ...glossaryRoutes(),
      ...searchRoutes(() => db!, () => market!.state, config.metaRefreshS * 1000),
      ...snapshotRoutes(() => db!, () => market!.state, meta, config.metaRefreshS * 1000),
      ...eventDetailRoutes(() => db!, () => market!.state, answers),
      openApiRoute(() => routes),
    ];
    const app = uWS.App();
    mountRoutes(app, routes, { keys, limiter, gate: readiness, log, compressMinBytes: config.compressMinBytes });
    listenSocket = await listenExclusive(app, config.host, config.port);
  } catch (err) {
    listened(false);
    await close();
    throw err;
  }
  listened(true);
  const port = uWS.us_socket_local_port(listenSocket);

  return { port, ready, close };
}

/** Listens without SO_REUSEPORT: uWS shares ports by default, which would let a second server silently split the traffic. */
function listenExclusive(app: TemplatedApp, host: string, port: number): Promise<us_listen_socket> {
  const listen = app.listen as unknown as (host: string, port: number, options: number, cb: (s: us_listen_socket | false) => void) => void;
  return new Promise((resolve, reject) => {
    listen.call(app, host, port, LIBUS_LISTEN_EXCLUSIVE_PORT, (socket) =>
      socket ? resolve(socket) : reject(new StartupError(`cannot listen on ${host}:${port}: the port is in use, or the address is not this machine's`)),
    );
  });
}
