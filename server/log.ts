// Structured JSON logs on stdout through pino's asynchronous writer, flushed at shutdown.
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { DatabaseUnavailableError } from './db-health.js';

export type { Logger };

/** `fd` 1 for the server; the CLI logs to 2 so that its stdout carries only its answer. */
export function createLogger(level: Config['logLevel'], fd: 1 | 2 = 1): Logger {
  // Under load one write per log line costs more than the request; batch up to 8 KiB, and flush on a short
  // timer so that a quiet server's lines still appear within a quarter of a second.
  const destination = pino.destination({ dest: fd, sync: false, minLength: 8 * 1024 });
  setInterval(() => destination.flush(), FLUSH_MS).unref();
  return pino({ level, base: { service: 'tapewire' }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

const FLUSH_MS = 250;

/**
 * Logs a background task's failure at warn, except an outage of the database: that is logged once when it starts and
 * once when it ends (server/db-health.ts), not by every task that meets it each second meanwhile.
 */
export function logFailure(log: Logger, err: unknown, message: string, fields: Record<string, unknown> = {}): void {
  if (err instanceof DatabaseUnavailableError) log.debug({ ...fields, err: err.message }, message);
  else log.warn({ ...fields, err }, message);
}
