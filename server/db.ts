// The database the services query: named queries on the embedded PGlite+TimescaleDB (db-embedded.ts) or a server,
// queued per caller, timed and watched; its schema brought up to date by db-migrations.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { compileNamedSql, type NamedSql, positionalValues } from '../core/named-sql.js';
import { SERVER_BACKUP_ADVICE } from './backup.js';
import { type Embedded, startEmbedded } from './db-embedded.js';
import { DatabaseError } from './db-error.js';
import { DatabaseFigures, SLOW_QUERY_MS } from './db-figures.js';
import { DatabaseHealth } from './db-health.js';
import { applyMigrations } from './db-migrations.js';
import { type Caller, DEFAULT_QUEUE, QueryQueue, type QueueLimits } from './db-queue.js';
import type { Logger } from './log.js';
import { onAbort } from './on-abort.js';
import { ROOT } from './root.js';

export type { Caller };

const SQL_DIR = join(ROOT, 'sql');
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
  /**
   * Copies the embedded database into `dir`, consistent, for a backup (server/db-snapshot.ts); resolves to how long
   * queries waited. A server database refuses: it is backed up with its own tools.
   */
  snapshot(dir: string): Promise<{ pausedMs: number }>;
  close(): Promise<void>;
}

export interface Columns<K extends string> {
  length: number;
  /** Each selected column by its name, `length` values long. */
  columns: Record<K, Float64Array>;
}

/**
 * `sql` wrapped to answer one row: each of `keys` as one text, all in the same row order (by the keys, as listed): the
 * column's values as 8-byte big-endian floats (NULL as NaN), in base64. No number is written out in decimal and read
 * back: on the embedded database that formatting took half of a long read's time, and its parsing most of ours.
 */
export function columnArraysSql(sql: string, keys: readonly string[]): string {
  const order = keys.map((k) => `q."${k}"`).join(', ');
  const column = (k: string) =>
    `encode(string_agg(float8send(coalesce(q."${k}"::float8, 'NaN')), ''::bytea ORDER BY ${order}), 'base64')`;
  return `SELECT ${keys.map(column).join(', ')} FROM (${sql.replace(/;\s*$/, '')}) q`;
}

/** A column as columnArraysSql answers it (NULL for no rows) as a Float64Array. */
export function parseFloatColumn(base64: string | null): Float64Array {
  if (base64 === null) return new Float64Array(0);
  const bytes = Buffer.from(base64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const out = new Float64Array(bytes.length / 8);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8);
  return out;
}

/** Parses `-- name: x` blocks of every file in sql/queries into a map from name to its compiled SQL. */
export function loadNamedQueries(): Map<string, NamedSql> {
  const queries = new Map<string, NamedSql>();
  const dir = join(SQL_DIR, 'queries');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const blocks = readFileSync(join(dir, file), 'utf8')
      .split(/^-- name: */m)
      .slice(1);
    for (const block of blocks) {
      const newline = block.indexOf('\n');
      const name = block.slice(0, newline).trim();
      if (queries.has(name)) throw new Error(`sql/queries/${file}: query ${name} is defined twice`);
      queries.set(name, compileNamedSql(block.slice(newline + 1).trim()));
    }
  }
  return queries;
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
  /** The embedded database, when its thread was started earlier (see server/main.ts). */
  embedded?: Promise<Embedded>;
}

/** A server that does not answer a connection attempt in this long counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5000;
/**
 * A database on this machine's unix socket (a cluster's embedded one, served by tapewire database) is slow to connect
 * only when busy: it runs one session, which a job can hold for seconds. Its connections are kept, and a connection
 * waits for it rather than failing a start.
 */
const LOCAL_CONNECT_TIMEOUT_MS = 60_000;

/** Whether `url` names a unix socket's directory as its host. */
function onThisMachine(url: string): boolean {
  try {
    const u = new URL(url);
    return decodeURIComponent(u.searchParams.get('host') ?? u.hostname).startsWith('/');
  } catch {
    return false;
  }
}

/** Opens the database of `options` (the embedded one without a URL): its named queries loaded, its health watched. */
export async function openDatabase(options: DatabaseOptions, log: Logger): Promise<Db> {
  if (options.databaseUrl) {
    const connections = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections,
      ...(onThisMachine(options.databaseUrl)
        ? { connectionTimeoutMillis: LOCAL_CONNECT_TIMEOUT_MS, idleTimeoutMillis: 0 }
        : { connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
    });
    return new Database(connections, null, options, log);
  }
  const embedded = await (options.embedded ?? startEmbedded(options.dataDir, log));
  return new Database(embedded.connections, embedded, options, log);
}

class Database implements Db {
  readonly kind: 'embedded' | 'external';
  private readonly queries = loadNamedQueries();
  private readonly health: DatabaseHealth;
  private readonly figures: DatabaseFigures;
  /** Client queries share the connections: the embedded database has one; a server, the pool. */
  private readonly queue: QueryQueue;
  /** The named queries that write: their success shows that the database takes writes. */
  private readonly writes: Set<string>;

  constructor(
    /** The database's connections ("pool" alone means the price pool in this code base). */
    private readonly connections: pg.Pool,
    private readonly embedded: Embedded | null,
    private readonly options: DatabaseOptions,
    private readonly log: Logger,
  ) {
    this.kind = options.databaseUrl ? 'external' : 'embedded';
    this.health = options.health ?? new DatabaseHealth(log);
    this.figures = options.figures ?? new DatabaseFigures();
    this.queue = new QueryQueue({
      slots: options.databaseUrl ? options.maxConnections : 1,
      ...(options.queue ?? DEFAULT_QUEUE),
    });
    this.figures.watch(this.queue);
    this.writes = new Set([...this.queries].filter(([, sql]) => WRITE.test(sql.text)).map(([name]) => name));
    // An idle client that errors (server restart, network) must not crash the process; the next query reconnects.
    connections.on('error', (err) => log.warn({ err }, 'database connection error'));
    this.health.pingWith(() => this.rows('ping'));
  }

  /** Bound: writers are handed `db.rows` alone. */
  readonly rows = <T>(name: string, params: Params = {}, caller?: Caller): Promise<T[]> =>
    this.timed<T>(name, caller, () => this.query({ text: this.text(name), values: this.values(name, params) }, caller));

  columns<K extends string>(name: string, params: Params, keys: readonly K[], caller?: Caller): Promise<Columns<K>> {
    return this.guarded(name, caller, async () => {
      const t0 = performance.now();
      const result = await this.query(
        { text: columnArraysSql(this.text(name), keys), values: this.values(name, params), rowMode: 'array' },
        caller,
      );
      const arrays = result.rows[0] as (string | null)[];
      const columns = Object.fromEntries(keys.map((k, c) => [k, parseFloatColumn(arrays[c]!)])) as Record<
        K,
        Float64Array
      >;
      const length = keys.length ? columns[keys[0]!].length : 0;
      this.logQuery(name, t0, length);
      caller?.signal.throwIfAborted();
      return { length, columns };
    });
  }

  transaction<T>(work: (tx: Pick<Db, 'rows'>) => Promise<T>): Promise<T> {
    return this.guarded('(transaction)', undefined, async () => {
      const client = await this.connections.connect();
      // The transaction's one client takes its queries one after another: `work` may ask for several at once, and pg
      // deprecates queueing them on a client (DeprecationWarning: client.query() when the client is already executing).
      let previous: Promise<unknown> = Promise.resolve();
      const inTurn = <R>(query: () => Promise<R>): Promise<R> => {
        const next = previous.then(query);
        previous = next.catch(() => undefined);
        return next;
      };
      try {
        await client.query('BEGIN');
        const rows = <R>(name: string, params: Params = {}) =>
          this.timed<R>(name, undefined, () => inTurn(() => client.query(this.text(name), this.values(name, params))));
        const result = await work({ rows });
        await inTurn(() => client.query('COMMIT'));
        this.health.succeeded(true);
        return result;
      } catch (err) {
        // After the queries already sent: those still running when another failed.
        await inTurn(() => client.query('ROLLBACK')).catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    });
  }

  async migrate(): Promise<number[]> {
    if (this.kind === 'external') {
      const [ts] = await this.rows<{ available: string | null; installed: string | null }>('timescaleAvailable');
      if (!ts?.available && !ts?.installed) {
        throw new DatabaseError(
          'The database at DATABASE_URL does not have the timescaledb extension. Tapewire needs TimescaleDB ' +
            '(hypertables and continuous aggregates): install it on that server, or unset DATABASE_URL to use the ' +
            'embedded database.',
        );
      }
    }
    return applyMigrations(this.connections, SQL_DIR, this, this.log);
  }

  snapshot(dir: string): Promise<{ pausedMs: number }> {
    return this.embedded ? this.embedded.snapshot(dir) : Promise.reject(new Error(SERVER_BACKUP_ADVICE));
  }

  async close(): Promise<void> {
    this.health.stop();
    if (this.embedded) await this.embedded.stop();
    else await this.connections.end();
  }

  /** The SQL text of a named query (a name not defined throws). */
  text(name: string): string {
    return this.named(name).text;
  }

  /** A named query's parameters in its positional order (a missing or unknown name throws). */
  values(name: string, params: Params): unknown[] {
    return positionalValues(name, this.named(name), params);
  }

  private named(name: string): NamedSql {
    const sql = this.queries.get(name);
    if (sql === undefined) throw new Error(`unknown query ${name}`);
    return sql;
  }

  /** Logs a query that started at `t0`: at warn when slow, else at debug. */
  private logQuery(name: string, t0: number, rows: number | null): void {
    const ms = performance.now() - t0;
    this.figures.queries.observe(ms / 1000);
    if (ms > SLOW_QUERY_MS) {
      this.figures.slow++;
      this.log.warn({ query: name, ms: Math.round(ms), rows }, 'slow query');
    } else this.log.debug({ query: name, ms: Math.round(ms * 1000) / 1000, rows }, 'query');
  }

  /** Runs `work` for the named query: queued for a caller, its failure classified (an outage becomes a 503). */
  private guarded<T>(name: string, caller: Caller | undefined, work: () => Promise<T>): Promise<T> {
    const attempt = async () => {
      try {
        const result = await work();
        this.health.succeeded(this.writes.has(name));
        return result;
      } catch (err) {
        throw this.health.failed(err);
      }
    };
    return caller ? this.queue.run(caller, attempt) : attempt();
  }

  private query(config: QueryConfig, caller: Caller | undefined): Promise<pg.QueryResult> {
    return caller && this.options.databaseUrl
      ? this.cancellable(config, caller.signal)
      : this.connections.query(config);
  }

  /**
   * A caller's query on a server database, on a connection of its own: when the caller leaves while it runs, the
   * server is asked to cancel it (PostgreSQL's CancelRequest), so that abandoned work frees its connection early.
   */
  private async cancellable(config: QueryConfig, signal: AbortSignal): Promise<pg.QueryResult> {
    const client = await this.connections.connect();
    let cancelled = false;
    const cancel = () => {
      // pg's Client.cancel and activeQuery are not in its typings; cancel opens its own connection to send the request.
      const active = (client as unknown as { activeQuery?: unknown }).activeQuery;
      if (!active) return;
      cancelled = true;
      (new pg.Client(this.connections.options) as unknown as { cancel(c: pg.PoolClient, q: unknown): void }).cancel(
        client,
        active,
      );
    };
    const forget = onAbort(signal, cancel);
    try {
      return await client.query(config);
    } finally {
      forget();
      // A cancel request names the connection, not the query: arriving after this query ended, it would cancel the
      // next request's query on it (a 500 under load, seen in bench:candles-db). Such a connection is closed instead.
      client.release(cancelled);
    }
  }

  private timed<T>(name: string, caller: Caller | undefined, run: () => Promise<pg.QueryResult>): Promise<T[]> {
    return this.guarded(name, caller, async () => {
      const t0 = performance.now();
      const result = await run();
      this.logQuery(name, t0, result.rowCount);
      return result.rows as T[];
    });
  }
}
