// What the control socket can be asked, run on the running server's services: whether it is up, key operations
// (applied at once), imports of parsed payloads and history files (written like any source's, served at once,
// linked to catalysts and moves, and counted in /v1/meta), and a backup of the database taken while it serves.
import { isAbsolute } from 'node:path';
import type { ParsedPayload } from '../core/sources/records.js';
import type { BackupReport } from './backup.js';
import type { ControlRequest } from './control.js';
import { sourceNamed } from './feeds/registry.js';
import type { Logger } from './log.js';
import type { Services } from './services/index.js';
import { type KeyInfo, runKeyOperation } from './services/ops/keys.js';
import type { HistoryPayload } from './services/write/history-import.js';
import {
  admitImport,
  historyWrote,
  importHistory,
  importPayload,
  payloadWrote,
} from './services/write/world-imports.js';

/** Who changed a key, for the audit log: the keys CLI through this server, or another process in the database. */
export type KeyChangeBy = 'cli' | 'database';

export interface ControlContext {
  services: Services;
  /**
   * Runs a key change, then reloads the keys the router authenticates with, logging what changed as the CLI's but for
   * the keys `announce` has logged itself; no other reload runs between the two.
   */
  changeKeys<T>(change: () => Promise<T>, announce?: (result: T) => ReadonlySet<number>): Promise<T>;
  /** Drops a revoked key's rate-limit bucket. */
  forgetKey(id: number): void;
  /** Links what new stories explain: catalyst outcomes and the causes of moves. */
  relink(): Promise<void>;
  /** Writes a backup of the database to `file` (an absolute path), queries waiting only while its files are copied. */
  backup(file: string): Promise<BackupReport>;
  log: Logger;
}

/** An import request: one payload's records, parsed by the CLI with its source's parser. */
export type ImportArgs = {
  source: string;
  payload: ParsedPayload;
  /** --mix: a real source's records may go into the demo's database (or the demo's into a real one), marking it mixed. */
  mix: boolean;
};

/** A history import request: one file's bars, read by the CLI with its format's reader, and the --symbol given. */
export type HistoryArgs = {
  history: HistoryPayload;
  symbol: string | null;
  mix: boolean;
};

type Rotation = { info: KeyInfo; old: KeyInfo };

export async function runControl(req: ControlRequest, ctx: ControlContext): Promise<unknown> {
  // Answered once the services are up: a CLI asks before it sends work here rather than into the database itself.
  if (req.op === 'ping') return 'pong';
  if (req.op === 'backup') {
    const { file } = (req.args ?? {}) as { file?: unknown };
    if (typeof file !== 'string' || !isAbsolute(file)) throw new Error('a backup needs the absolute path of its file');
    const report = await ctx.backup(file);
    ctx.log.info(
      {
        file,
        bytes: report.bytes,
        files: report.files,
        pausedMs: Math.round(report.pausedMs),
        ms: Math.round(report.ms),
      },
      'backup written',
    );
    return report;
  }
  if (req.op === 'import.admit') {
    const { source, mix } = req.args as { source: string; mix: boolean };
    return admitImport(ctx.services.datasets, source, mix === true);
  }
  if (req.op === 'import.payload') {
    const { source, payload, mix } = req.args as unknown as ImportArgs;
    if (!sourceNamed(source)) throw new Error(`unknown source ${source}`);
    // The new stories' ids stay here: a large import's would fill the answer.
    const { storyIds: _, ...report } = await importPayload(ctx.services, source, payload, mix === true);
    if (report.counts.stories?.written || report.counts.catalysts?.written) await ctx.relink();
    if (payloadWrote(report)) await ctx.services.meta.refresh();
    return report;
  }
  if (req.op === 'import.history') {
    const { history, symbol, mix } = req.args as unknown as HistoryArgs;
    const report = await importHistory(ctx.services, history, symbol, mix === true);
    if (report.written) {
      // Older candles may now be held, and new closes may be unusual moves: found now, as at the next start.
      ctx.services.candles.forgetStarts();
      await ctx.relink();
    }
    if (historyWrote(report)) await ctx.services.meta.refresh();
    return report;
  }
  if (req.op === 'keys.list') return runKeyOperation(ctx.services.keys, req.op, req.args);
  const result = await ctx.changeKeys(
    () => runKeyOperation(ctx.services.keys, req.op, req.args),
    (result) => {
      if (req.op !== 'keys.rotate') return new Set();
      // One line for the rotation, rather than the reload's two (one key created, one revoked).
      const { info, old } = result as Rotation;
      ctx.log.info(
        {
          keyId: old.id,
          newKeyId: info.id,
          name: info.name,
          scopes: info.scopes,
          oldWorksUntil: old.revoked ? null : old.expiresAt,
          by: 'cli',
        },
        'key rotated',
      );
      return new Set([old.id, info.id]);
    },
  );
  if (req.op === 'keys.revoke') ctx.forgetKey((result as KeyInfo).id);
  if (req.op === 'keys.rotate' && (result as Rotation).old.revoked) ctx.forgetKey((result as Rotation).old.id);
  return result;
}
