// Assembles the service: listens first (so /live and /ready answer), then opens the database, migrates and loads keys.
import type { Config } from './config.js';
import { KeyIndex } from './auth.js';
import { startControlServer, type ControlRequest } from './control.js';
import { controlSocketPath, lockDataDir } from './datadir.js';
import { openDatabase, type Db } from './db.js';
import { mountRoutes, type Route } from './http/router.js';
import { UWS_FALLBACK_MESSAGE, uWS, uwsIsNative, type us_listen_socket } from './http/uws.js';
import { KeyStore, runKeyOperation, type KeyInfo } from './keystore.js';
import { Limiter } from './limits.js';
import type { Logger } from './log.js';
import { MetaCache } from './meta.js';
import { WorkerPool } from './pool.js';
import { Readiness } from './readiness.js';
import { healthRoutes } from './routes/health.js';
import { metaRoutes } from './routes/meta.js';
import { openApiRoute } from './routes/openapi.js';

export class StartupError extends Error {}

export interface RunningApp {
  port: number;
  /** Resolves once migrations are applied and keys loaded; rejects when start-up fails after listening. */
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

  const routes: Route[] = [
    ...healthRoutes(readiness, startedAt),
    ...metaRoutes(meta, config.moveFloors),
    openApiRoute(() => routes),
  ];
  const app = uWS.App();
  mountRoutes(app, routes, { keys, limiter, gate: readiness, log, compressMinBytes: config.compressMinBytes });

  const listenSocket = await new Promise<us_listen_socket>((resolve, reject) => {
    app.listen(config.host, config.port, (socket) =>
      socket ? resolve(socket) : reject(new StartupError(`cannot listen on ${config.host}:${config.port} (in use, or not an address of this machine)`)),
    );
  });
  const port = uWS.us_socket_local_port(listenSocket);

  let db: Db | null = null;
  let control: { close(): Promise<void> } | null = null;
  let keyTimer: NodeJS.Timeout | null = null;

  const ready = (async () => {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize }, log);
    readiness.waitingFor('applying migrations');
    await db.migrate();
    const store = new KeyStore(db);
    const reloadKeys = async () => keys.load(await store.list());
    await reloadKeys();
    // Keys changed by the CLI straight in an external database reach this process at the next reload.
    keyTimer = setInterval(() => reloadKeys().catch((err) => log.warn({ err }, 'key reload failed')), config.keyReloadS * 1000);
    keyTimer.unref();
    control = await startControlServer(controlSocketPath(config.dataDir), async (req: ControlRequest) => {
      const result = await runKeyOperation(store, req.op, req.args);
      if (req.op !== 'keys.list') await reloadKeys();
      if (req.op === 'keys.revoke') limiter.forget(`key:${(result as KeyInfo).id}`);
      return result;
    });
    meta.start(db, config.metaRefreshS);
    await meta.refresh();
    readiness.markReady();
    log.info({ keys: keys.size, anon: config.anon, db: db.kind }, 'ready');
  })();
  // The caller awaits `ready`; this keeps an early failure from also surfacing as an unhandled rejection.
  ready.catch(() => undefined);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      readiness.waitingFor('shutting down');
      uWS.us_listen_socket_close(listenSocket);
      if (keyTimer) clearInterval(keyTimer);
      meta.stop();
      await ready.catch(() => undefined);
      await control?.close();
      await pool.close();
      await db?.close();
      releaseLock();
    })());

  return { port, ready, close };
}
