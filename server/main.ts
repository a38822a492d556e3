// Entry point of the server (`tapewire start`: server/cli/start.ts; tests start this file itself): configuration,
// start, and a graceful stop on SIGTERM/SIGINT within 5 seconds.
import { ConfigError, loadConfig } from './config.js';
import { lockDataDir } from './datadir.js';
import { startEmbedded } from './db-embedded.js';
import { UWS_FALLBACK_MESSAGE, uwsIsNative } from './http/uws.js';
import { createLogger } from './log.js';

const SHUTDOWN_DEADLINE_MS = 4500;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(2);
}

const log = createLogger(config.logLevel);
const exit = (code: number) => log.flush(() => process.exit(code));

process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));

try {
  // Before DATA_DIR is locked or the database started: a Node or system without a uWS binary is told so at once.
  if (!uwsIsNative) {
    if (!config.allowUwsFallback) throw new Error(UWS_FALLBACK_MESSAGE);
    log.warn(
      'serving on the uWebSockets.js JavaScript fallback (TAPEWIRE_ALLOW_UWS_FALLBACK=1): expect far lower throughput',
    );
  }
  // DATA_DIR owned and the embedded database's thread started before the rest of the server loads: its start (about
  // 2.5 s of WASM) then runs while the modules do (about 1.3 s), not after them.
  const unlock = await lockDataDir(config.dataDir, (message) => log.warn(message));
  const embedded = config.databaseUrl ? null : startEmbedded(config.dataDir, log);
  embedded?.catch(() => undefined);
  const { startApp } = await import('./app.js');
  const app = await startApp(config, log, { unlock, embedded });
  log.info({ host: config.host, port: app.port, dataDir: config.dataDir }, 'listening');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown did not finish in time; exiting');
      exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  app.ready.catch((err) => {
    console.error(`tapewire: start-up failed: ${(err as Error).message}`);
    log.fatal({ err }, 'start-up failed');
    app.close().finally(() => exit(1));
  });
} catch (err) {
  console.error(`tapewire: cannot start: ${(err as Error).message}`);
  log.fatal({ err }, 'cannot start');
  exit(1);
}
