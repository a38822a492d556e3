// The only module that talks to the database: the embedded PGlite+TimescaleDB or a server, migrations, named queries.
import { mkdirSync, readdirSync, readFileSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { compileNamedSql, positionalValues, type NamedSql } from '../core/named-sql.js';
import { DatabaseHealth } from './db-health.js';
import type { DbHostMessage, DbHostStart } from './db-host.js';
import { DatabaseFigures, SLOW_QUERY_MS } from './db-figures.js';
import { DEFAULT_QUEUE, QueryQueue, type Caller, type QueueLimits } from './db-queue.js';
import type { Logger } from './log.js';

export type { Caller };

const SQL_DIR = fileURLToPath(new URL('../sql/', import.meta.url));
const DB_HOST = new URL('./db-host.mjs', import.meta.url);
type QueryConfig = pg.QueryConfig | pg.QueryArrayConfig;
/** A named query that writes: its success shows that the database takes writes (see DatabaseHealth). */
const WRITE = /\b(INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/i;

/** The values of a named query's `:name` parameters, by name: every one it uses, and no other. */
export type Params = Record<string, unknown>;

export interface Db {
  readonly kind: 'embedded' | 'external';
  /**
   * Runs a named query from sql/queries and returns its rows as objects. With a `caller` (a request's client), the
   * query waits its turn in the fair, bounded queue, and is dropped if the client leaves first.
   */
  rows<T>(name: string, params?: Params, caller?: Caller): Promise<T[]>;
  /**
   * Runs a named query whose columns `keys` are all numbers and returns them column by column (NULL read as NaN), rows
   * ordered by the keys as listed. The database aggregates each column into one array, so the answer is a single row
   * and no per-row object is made anywhere (three times faster than a cursor over rows on the embedded database).
   * With a `caller`, queued as `rows` is, and rejected once its signal has aborted, before the query and after it.
   */
  columns<K extends string>(name: string, params: Params, keys: readonly K[], caller?: Caller): Promise<Columns<K>>;
  /** Runs `work` in one transaction on one connection: all its queries commit together or not at all. */
  transaction<T>(work: (tx: Pick<Db, 'rows'>) => Promise<T>): Promise<T>;
  /** Applies the migrations in sql/ that this database has not seen; returns the versions applied. */
  migrate(): Promise<number[]>;
  close(): Promise<void>;
}

export interface Columns<K extends string> {
  length: number;
  /** Each selected column by its name, `length` values long. */
  columns: Record<K, Float64Array>;
}

export class DatabaseError extends Error {}

/** `sql` wrapped to answer one row: each of `keys` as a text array, all in the same row order (by the keys, as listed). */
export function columnArraysSql(sql: string, keys: readonly string[]): string {
  const order = keys.map((k) => `q."${k}"`).join(', ');
  return `SELECT ${keys.map((k) => `array_agg(q."${k}" ORDER BY ${order})::text`).join(', ')} FROM (${sql.replace(/;\s*$/, '')}) q`;
}

/** A Postgres array of numbers in text form (`{1,2.5,NULL}`), or NULL for no rows, as a Float64Array (NULL → NaN). */
export function parseFloatArray(text: string | null): Float64Array {
  if (text === null || text === '{}') return new Float64Array(0);
  const parts = text.slice(1, -1).split(',');
  const out = new Float64Array(parts.length);
  for (let i = 0; i < parts.length; i++) out[i] = +parts[i]!;
  return out;
}

/** Parses `-- name: x` blocks of every file in sql/queries into a map from name to its compiled SQL. */
export function loadNamedQueries(): Map<string, NamedSql> {
  const queries = new Map<string, NamedSql>();
  const dir = join(SQL_DIR, 'queries');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    const blocks = readFileSync(join(dir, file), 'utf8').split(/^-- name: */m).slice(1);
    for (const block of blocks) {
      const newline = block.indexOf('\n');
      const name = block.slice(0, newline).trim();
      if (queries.has(name)) throw new Error(`sql/queries/${file}: query ${name} is defined twice`);
      queries.set(name, compileNamedSql(block.slice(newline + 1).trim()));
    }
  }
  return queries;
}

interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Set for files marked NO_TRANSACTION: their statements, run one by one outside a transaction. */
  statements: string[] | null;
}

const NO_TRANSACTION = '-- tapewire:no-transaction';

function loadMigrations(): Migration[] {
  return readdirSync(SQL_DIR)
    .filter((f) => /^\d+_[\w-]+\.sql$/.test(f))
    .map((f) => {
      const sql = readFileSync(join(SQL_DIR, f), 'utf8');
      let statements: string[] | null = null;
      if (sql.includes(NO_TRANSACTION)) {
        // Split at a semicolon ending a line; dollar-quoted bodies would need a real parser, so they are refused.
        if (sql.includes('$$')) throw new Error(`sql/${f}: a no-transaction migration cannot hold dollar-quoted bodies`);
        statements = sql
          .split(/;[ \t]*$/m)
          .map((st) => st.replace(/^\s*--.*$/gm, '').trim())
          .filter(Boolean);
      }
      return { version: parseInt(f, 10), name: f.replace(/\.sql$/, ''), sql, statements };
    })
    .sort((a, b) => a.version - b.version);
}

interface Embedded {
  connections: pg.Pool;
  stop(): Promise<void>;
}

/** Below this much free space a failed start is put down to a full disk: PGlite's WASM only says "Aborted()". */
const DISK_NEARLY_FULL_BYTES = 64 * 1024 * 1024;

/** What a failed start should add when the disk holding `dir` is (nearly) full: the numbers; else nothing. */
function diskNote(dir: string): string {
  try {
    const { bavail, blocks, bsize } = statfsSync(dir);
    const free = bavail * bsize;
    if (free >= DISK_NEARLY_FULL_BYTES) return '';
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    return `. The disk holding DATA_DIR ${dir} is full: ${mb(free)} free of ${mb(blocks * bsize)}. Free some space and start again`;
  } catch {
    return '';
  }
}

/**
 * Starts PGlite with TimescaleDB in `dataDir/pg` on its own thread (server/db-host.ts), serving it on a unix socket
 * inside `dataDir/run` (mode 0700, so only its owner can connect). PGlite runs its queries synchronously in WASM, so on
 * the main thread every query would stall every request meanwhile. It serves one connection at a time (the handler
 * holds its exclusive lock): the connection pool holds exactly one and never lets it go idle, so queries queue in `pg`.
 */
async function startEmbedded(dataDir: string, log: Logger): Promise<Embedded> {
  const pgDir = join(dataDir, 'pg');
  const runDir = join(dataDir, 'run');
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  mkdirSync(runDir, { recursive: true, mode: 0o700 });
  const started = performance.now();
  const host = new Worker(DB_HOST, { workerData: { pgDir, socketPath: join(runDir, '.s.PGSQL.5432') } satisfies DbHostStart });
  let stopping = false;
  const stopped = new Promise<void>((resolve) => host.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    host.on('message', (message: DbHostMessage) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'failed') reject(new DatabaseError(`embedded database: ${message.error}${diskNote(dataDir)}`));
      else log.warn({ err: message.error }, message.message);
    });
    host.once('error', (err) => {
      if (stopping) return;
      log.error({ err }, 'embedded database thread failed');
      reject(err);
    });
    host.once('exit', (code) => {
      if (!stopping) log.error({ code }, 'embedded database thread exited');
      reject(new DatabaseError(`embedded database thread exited with code ${code}${diskNote(dataDir)}`));
    });
  });
  log.info({ dataDir: pgDir, ms: Math.round(performance.now() - started) }, 'embedded database open');
  const connections = new pg.Pool({ host: runDir, port: 5432, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 });
  return {
    connections,
    async stop() {
      await connections.end();
      stopping = true;
      host.postMessage('stop');
      await stopped;
    },
  };
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  maxConnections: number;
  /** Client queries: how many each caller may have queued or running, and how many may wait in all. */
  queue?: Omit<QueueLimits, 'slots'>;
  /** Told of every query's outcome; the CLIs and tests let the database keep its own. */
  health?: DatabaseHealth;
  /** Where query times, slow queries and the queue's depth are counted for /metrics. */
  figures?: DatabaseFigures;
}

/** A server that does not answer a connection attempt in this long counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(options: DatabaseOptions, log: Logger): Promise<Db> {
  const queries = loadNamedQueries();
  const health = options.health ?? new DatabaseHealth(log);
  const figures = options.figures ?? new DatabaseFigures();
  // The database's connections ("pool" alone means the price pool in this code base).
  let connections: pg.Pool;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (options.databaseUrl) {
    connections = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  } else {
    const embedded = await startEmbedded(options.dataDir, log);
    connections = embedded.connections;
    stopEmbedded = embedded.stop;
  }
  // An idle client that errors (server restart, network) must not crash the process; the next query reconnects.
  connections.on('error', (err) => log.warn({ err }, 'database connection error'));

  const named = (name: string): NamedSql => {
    const sql = queries.get(name);
    if (sql === undefined) throw new Error(`unknown query ${name}`);
    return sql;
  };
  const text = (name: string): string => named(name).text;
  const values = (name: string, params: Params): unknown[] => positionalValues(name, named(name), params);

  /** Logs a query that started at `t0`: at warn when slow, else at debug. */
  const logQuery = (name: string, t0: number, rows: number | null) => {
    const ms = performance.now() - t0;
    figures.queries.observe(ms / 1000);
    if (ms > SLOW_QUERY_MS) {
      figures.slow++;
      log.warn({ query: name, ms: Math.round(ms), rows }, 'slow query');
    } else log.debug({ query: name, ms: Math.round(ms * 1000) / 1000, rows }, 'query');
  };

  // Client queries share the connections: the embedded database has one; a server, the pool.
  const queue = new QueryQueue({ slots: options.databaseUrl ? options.maxConnections : 1, ...(options.queue ?? DEFAULT_QUEUE) });
  figures.watch(queue);
  const writes = new Set([...queries].filter(([, sql]) => WRITE.test(sql.text)).map(([name]) => name));

  /** Runs `work` for the named query: queued for a caller, its failure classified (an outage becomes a 503). */
  const guarded = <T>(name: string, caller: Caller | undefined, work: () => Promise<T>): Promise<T> => {
    const attempt = async () => {
      try {
        const result = await work();
        health.succeeded(writes.has(name));
        return result;
      } catch (err) {
        throw health.failed(err);
      }
    };
    return caller ? queue.run(caller, attempt) : attempt();
  };

  /**
   * A caller's query on a server database, on a connection of its own: when the caller leaves while it runs, the
   * server is asked to cancel it (PostgreSQL's CancelRequest), so that abandoned work frees its connection early.
   */
  const cancellable = async (config: QueryConfig, signal: AbortSignal): Promise<pg.QueryResult> => {
    const client = await connections.connect();
    let cancelled = false;
    const cancel = () => {
      // pg's Client.cancel and activeQuery are not in its typings; cancel opens its own connection to send the request.
      const active = (client as unknown as { activeQuery?: unknown }).activeQuery;
      if (!active) return;
      cancelled = true;
      (new pg.Client(connections.options) as unknown as { cancel(c: pg.PoolClient, q: unknown): void }).cancel(client, active);
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await client.query(config);
    } finally {
      signal.removeEventListener('abort', cancel);
      // A cancel request names the connection, not the query: arriving after this query ended, it would cancel the
      // next request's query on it (a 500 under load, seen in bench:candles-db). Such a connection is closed instead.
      client.release(cancelled);
    }
  };
  const query = (config: QueryConfig, caller: Caller | undefined): Promise<pg.QueryResult> =>
    caller && options.databaseUrl ? cancellable(config, caller.signal) : connections.query(config);

  const timed = <T>(name: string, caller: Caller | undefined, run: () => Promise<pg.QueryResult>): Promise<T[]> =>
    guarded(name, caller, async () => {
      const t0 = performance.now();
      const result = await run();
      logQuery(name, t0, result.rowCount);
      return result.rows as T[];
    });

  const db: Db = {
    kind: options.databaseUrl ? 'external' : 'embedded',

    rows<T>(name: string, params: Params = {}, caller?: Caller) {
      return timed<T>(name, caller, () => query({ text: text(name), values: values(name, params) }, caller));
    },

    columns<K extends string>(name: string, params: Params, keys: readonly K[], caller?: Caller): Promise<Columns<K>> {
      return guarded(name, caller, async () => {
        const t0 = performance.now();
        const result = await query({ text: columnArraysSql(text(name), keys), values: values(name, params), rowMode: 'array' }, caller);
        const arrays = result.rows[0] as (string | null)[];
        const columns = Object.fromEntries(keys.map((k, c) => [k, parseFloatArray(arrays[c]!)])) as Record<K, Float64Array>;
        const length = keys.length ? columns[keys[0]!].length : 0;
        logQuery(name, t0, length);
        caller?.signal.throwIfAborted();
        return { length, columns };
      });
    },

    transaction(work) {
      return guarded('(transaction)', undefined, async () => {
        const client = await connections.connect();
        try {
          await client.query('BEGIN');
          const result = await work({ rows: <R>(name: string, params: Params = {}) => timed<R>(name, undefined, () => client.query(text(name), values(name, params))) });
          await client.query('COMMIT');
          health.succeeded(true);
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      });
    },

    async migrate() {
      if (db.kind === 'external') {
        const [ts] = await db.rows<{ available: string | null; installed: string | null }>('timescaleAvailable');
        if (!ts?.available && !ts?.installed) {
          throw new DatabaseError(
            'The database at DATABASE_URL does not have the timescaledb extension. Tapewire needs TimescaleDB ' +
              '(hypertables and continuous aggregates): install it on that server, or unset DATABASE_URL to use the ' +
              'embedded database.',
          );
        }
      }
      const done: number[] = [];
      const client = await connections.connect();
      try {
        // One session-level lock around the whole run, bookkeeping table included: two processes starting together
        // on one server would otherwise race; the second waits here, then finds the migrations done.
        await client.query(text('lockMigrations'));
        await client.query(text('createMigrationsTable'));
        const applied = new Set((await client.query(text('appliedMigrations'))).rows.map((r: { version: number }) => r.version));
        for (const m of loadMigrations()) {
          if (applied.has(m.version)) continue;
          const t0 = performance.now();
          try {
            if (m.statements) {
              // Continuous aggregates cannot be created in a transaction block: one statement per query. Such files
              // are written to be re-runnable (IF NOT EXISTS), as a failure leaves the statements before it applied.
              for (const statement of m.statements) await client.query(statement);
              await client.query(text('recordMigration'), values('recordMigration', { version: m.version, name: m.name }));
            } else {
              await client.query('BEGIN');
              await client.query(m.sql);
              await client.query(text('recordMigration'), values('recordMigration', { version: m.version, name: m.name }));
              await client.query('COMMIT');
            }
          } catch (err) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw new DatabaseError(`migration ${m.name} failed: ${(err as Error).message}`);
          }
          log.info({ migration: m.name, ms: Math.round(performance.now() - t0) }, 'migration applied');
          done.push(m.version);
        }
      } finally {
        await client.query(text('unlockMigrations')).catch(() => undefined);
        client.release();
      }
      return done;
    },

    async close() {
      health.stop();
      if (stopEmbedded) await stopEmbedded();
      else await connections.end();
    },
  };
  health.pingWith(() => db.rows('ping'));
  return db;
}
