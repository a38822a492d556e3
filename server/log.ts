// Structured JSON logs on stdout through pino's asynchronous writer, flushed at shutdown.
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

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
