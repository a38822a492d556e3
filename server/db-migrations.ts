// The schema's migrations: the ordered files of sql/, each applied once in its own transaction (or statement by
// statement for those that cannot run in one), under one lock so that two processes starting together do not race.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { DatabaseError } from './db-error.js';
import type { Logger } from './log.js';

/** The named queries the migrations' bookkeeping runs: their SQL text and positional values. */
export interface MigrationQueries {
  text(name: string): string;
  values(name: string, params: Record<string, unknown>): unknown[];
}

interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Set for files marked NO_TRANSACTION: their statements, run one by one outside a transaction. */
  statements: string[] | null;
}

const NO_TRANSACTION = '-- tapewire:no-transaction';

function loadMigrations(sqlDir: string): Migration[] {
  return readdirSync(sqlDir)
    .filter((f) => /^\d+_[\w-]+\.sql$/.test(f))
    .map((f) => {
      const sql = readFileSync(join(sqlDir, f), 'utf8');
      let statements: string[] | null = null;
      if (sql.includes(NO_TRANSACTION)) {
        // Split at a semicolon ending a line; dollar-quoted bodies would need a real parser, so they are refused.
        if (sql.includes('$$'))
          throw new Error(`sql/${f}: a no-transaction migration cannot hold dollar-quoted bodies`);
        statements = sql
          .split(/;[ \t]*$/m)
          .map((st) => st.replace(/^\s*--.*$/gm, '').trim())
          .filter(Boolean);
      }
      return { version: parseInt(f, 10), name: f.replace(/\.sql$/, ''), sql, statements };
    })
    .sort((a, b) => a.version - b.version);
}

/** Applies the migrations in `sqlDir` that the database has not seen, in order; returns the versions applied. */
export async function applyMigrations(
  connections: pg.Pool,
  sqlDir: string,
  q: MigrationQueries,
  log: Logger,
): Promise<number[]> {
  const done: number[] = [];
  const client = await connections.connect();
  try {
    // One session-level lock around the whole run, bookkeeping table included: two processes starting together
    // on one server would otherwise race; the second waits here, then finds the migrations done.
    await client.query(q.text('lockMigrations'));
    await client.query(q.text('createMigrationsTable'));
    const applied = new Set(
      (await client.query(q.text('appliedMigrations'))).rows.map((r: { version: number }) => r.version),
    );
    for (const m of loadMigrations(sqlDir)) {
      if (applied.has(m.version)) continue;
      const t0 = performance.now();
      const record = () =>
        client.query(q.text('recordMigration'), q.values('recordMigration', { version: m.version, name: m.name }));
      try {
        if (m.statements) {
          // Continuous aggregates cannot be created in a transaction block: one statement per query. Such files
          // are written to be re-runnable (IF NOT EXISTS), as a failure leaves the statements before it applied.
          for (const statement of m.statements) await client.query(statement);
          await record();
        } else {
          await client.query('BEGIN');
          await client.query(m.sql);
          await record();
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
    await client.query(q.text('unlockMigrations')).catch(() => undefined);
    client.release();
  }
  return done;
}
