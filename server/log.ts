// Structured JSON logs on stdout through pino's asynchronous writer, flushed at shutdown.
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

/** `fd` 1 for the server; the CLI logs to 2 so that its stdout carries only its answer. */
export function createLogger(level: Config['logLevel'], fd: 1 | 2 = 1): Logger {
  return pino(
    { level, base: { service: 'tapewire' }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: fd, sync: false }),
  );
}
