// Structured JSON logs on stdout through pino's asynchronous writer, flushed at shutdown.
import { writeSync } from 'node:fs';
import { type Logger, pino } from 'pino';
import { clock } from './clock.js';
import type { Config } from './config.js';
import { DatabaseUnavailableError } from './db-health.js';

export type { Logger };

/** `fd` 1 for the server; the CLI logs to 2 so that its stdout carries only its answer. */
export function createLogger(level: Config['logLevel'], fd: 1 | 2 = 1): Logger {
  // Under load one write per log line costs more than the request: lines are batched up to 8 KiB, and flushed on a
  // short timer so that a quiet server's lines still appear within a quarter of a second.
  const destination = new Batched(pino.destination({ dest: fd, sync: false }), fd);
  setInterval(() => destination.flush(), FLUSH_MS).unref();
  return pino({ level, base: { service: 'tapewire' }, timestamp: isoTimeField }, destination);
}

let timeMs = NaN;
let timeField = '';

/** pino's `isoTime` field, formatted once per millisecond: a busy server logs tens of lines in each. */
function isoTimeField(): string {
  const ms = clock.now();
  if (ms !== timeMs) {
    timeMs = ms;
    timeField = `,"time":"${new Date(ms).toISOString()}"`;
  }
  return timeField;
}

const INFO = 30;

/**
 * Writes an `info` line whose fields are already JSON (`,"name":value` pairs), byte for byte as `log.info(fields, msg)`
 * would and in order with the logger's other lines; false when `info` is off. For the access log: pino's general
 * serialization of a fields object cost a tenth of a small request.
 */
export function writeInfoLine(log: Logger, fields: string, msg: string): boolean {
  if (log.levelVal > INFO) return false;
  const internals = log as unknown as Record<symbol, unknown>;
  const out = internals[pino.symbols.streamSym] as { write(line: string): unknown };
  out.write(
    `{"level":${INFO}${isoTimeField()}${internals[pino.symbols.chindingsSym] as string}${fields},"msg":${JSON.stringify(msg)}}\n`,
  );
  return true;
}

const FLUSH_MS = 250;
const BATCH_CHARS = 8 * 1024;

type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * Hands lines to the asynchronous writer in batches. Its own buffering measures the byte length of its pending text
 * on every line, which flattens and scans up to 16 KiB per log line: a tenth of a small request's CPU at `info`.
 */
class Batched {
  private lines: string[] = [];
  private chars = 0;

  constructor(
    private readonly out: SonicBoom,
    private readonly fd: number,
  ) {
    // Registered after the writer's own exit hook, which runs first: what is still batched here is written after it.
    process.on('exit', () => this.flushSync());
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= BATCH_CHARS) this.pass();
    return true;
  }

  flush(cb?: (err?: Error) => void): void {
    this.pass();
    this.out.flush(cb);
  }

  /** Writes everything now (at exit, when an asynchronous write would never complete). */
  flushSync(): void {
    const text = this.take();
    try {
      this.out.flushSync();
      if (text) writeSync(this.fd, text);
    } catch {
      // The reader is gone (EPIPE) or the stream closed: nothing more can be written.
    }
  }

  private pass(): void {
    const text = this.take();
    if (text) this.out.write(text);
  }

  private take(): string {
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    return text;
  }
}

/**
 * Logs a background task's failure at warn, except an outage of the database: that is logged once when it starts and
 * once when it ends (server/db-health.ts), not by every task that meets it each second meanwhile.
 */
export function logFailure(log: Logger, err: unknown, message: string, fields: Record<string, unknown> = {}): void {
  if (err instanceof DatabaseUnavailableError) log.debug({ ...fields, err: err.message }, message);
  else log.warn({ ...fields, err }, message);
}
