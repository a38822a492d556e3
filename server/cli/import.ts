// `tapewire import <source> <file-or-dir>...`: reads recorded payloads in a source's own format with that source's
// parser and writes their records, through the running server's control socket when one owns DATA_DIR (which then
// links them to catalysts and moves at once), otherwise into the database directly. Each file is written in one
// transaction, and records already stored are left alone, so importing a file twice changes nothing.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HISTORY_FORMATS, historyFormat } from '../../core/sources/history/index.js';
import type { ParsedPayload, PayloadContext } from '../../core/sources/records.js';
import { forTerminal } from '../../core/terminal.js';
import { loadConfig } from '../config.js';
import { callControl, MAX_REQUEST_BYTES } from '../control.js';
import type { HistoryArgs, ImportArgs } from '../control-ops.js';
import { controlSocketPath } from '../datadir.js';
import { SOURCES, sourceNamed } from '../feeds/registry.js';
import { progressBar } from '../progress.js';
import { type HistoryPayload, type HistoryReport, historyPayload } from '../services/write/history-import.js';
import type { ImportReport } from '../services/write/imports.js';

export const usage = `usage:
  tapewire import <source> <file-or-dir>... [--key <id>] [--symbol <SYM>] [--json] [--create] [--mix]
sources: ${SOURCES.map((s) => `${s.name} (${s.description})`).join('; ')}
history: ${Object.entries(HISTORY_FORMATS)
  .map(([name, f]) => `${name} (${f.description})`)
  .join('; ')}
A directory is read whole (its files in name order). --key names what a payload was asked for when it does not say
itself: a FRED series id (a file named after its series, CPIAUCSL.csv, needs none), a Polymarket outcome token for a
prices-history answer, a Kalshi ticker for an order book (timed by the file's modification time). --symbol names the
instrument a history file's bars are of, over what its name and content say (Stooq's ^SPX is SPX without it; an
instrument not there yet is added). A running server serves what was written at once. Without a running
server the command opens DATA_DIR's database itself; --create makes one when there is none.
A database holds the demo or real data: a real source's files into the demo's database (or the demo's into a real one)
are refused before anything is written; --mix writes them anyway and marks the database as mixed in /v1/meta and on
every page.`;

/** Input at least this large (or this many files) gets a progress bar on stderr. */
const PROGRESS_BYTES = 1 << 20;
const PROGRESS_FILES = 10;

class UsageError extends Error {}

interface FileReport extends Partial<ImportReport> {
  file: string;
  history?: HistoryReport;
  /** Why nothing of the file was written. */
  error?: string;
}

interface InputFile {
  path: string;
  size: number;
  /** When it was last written (epoch ms). */
  mtimeMs: number;
  missing: boolean;
}

/** Every file named, directories expanded recursively, in name order, with its size; a path that is not there is kept to be reported. */
function files(paths: string[]): InputFile[] {
  const out: InputFile[] = [];
  const walk = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) out.push({ path, size: 0, mtimeMs: 0, missing: true });
    else if (stat.isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name));
    else if (stat.isFile()) out.push({ path, size: stat.size, mtimeMs: stat.mtimeMs, missing: false });
  };
  for (const p of paths) walk(resolve(p));
  return out;
}

// Every field that comes from a file (its name, an item, a reason quoting its bytes) is made terminal-safe.
function line(r: FileReport): string {
  const name = forTerminal(relative(process.cwd(), r.file) || r.file);
  if (r.error) return `${name}: not imported: ${forTerminal(r.error)}`;
  if (r.history) return historyLine(name, r.history);
  const parts = Object.entries(r.counts!).map(
    ([kind, c]) => `${kind}: read ${c.read}, written ${c.written}, already stored ${c.existing}`,
  );
  const skipped = r.skipped!.length ? `; skipped ${r.skipped!.length} item${r.skipped!.length > 1 ? 's' : ''}` : '';
  return `${name}: ${parts.join('; ') || 'no records'}${skipped}${r.skipped!.map((s) => `\n  ${forTerminal(s.item)}: ${forTerminal(s.reason)}`).join('')}`;
}

function historyLine(name: string, h: HistoryReport): string {
  const rolled = h.fileInterval === h.interval ? '' : ` (from ${h.fileInterval} bars)`;
  const added = h.added ? `; added instrument ${h.symbol}` : '';
  const skipped = h.skipped.length ? `; skipped ${h.skipped.length} row${h.skipped.length > 1 ? 's' : ''}` : '';
  const shown = h.skipped
    .slice(0, 20)
    .map((s) => `\n  ${forTerminal(s.item)}: ${forTerminal(s.reason)}`)
    .join('');
  return `${name}: ${h.interval} bars of ${forTerminal(h.symbol)}${rolled} (${h.source}): read ${h.read}, written ${h.written}, already stored ${h.existing}${added}${skipped}${shown}`;
}

function parseImportArgs(argv: string[]) {
  const args = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      create: { type: 'boolean' },
      mix: { type: 'boolean' },
      key: { type: 'string' },
      symbol: { type: 'string' },
    },
  });
  if (args.positionals.length < 2) throw new UsageError('name a source and at least one file or directory');
  if (!sourceNamed(args.positionals[0]!) && !historyFormat(args.positionals[0]!))
    throw new UsageError(`unknown source ${args.positionals[0]}`);
  return args;
}

export async function run(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parseImportArgs>;
  try {
    args = parseImportArgs(argv);
  } catch (err) {
    console.error(`${forTerminal((err as Error).message)}\n${usage}`);
    return 2;
  }
  const [name, ...paths] = args.positionals;
  const source = sourceNamed(name!);
  const history = historyFormat(name!);
  const symbol = args.values.symbol ?? null;
  const json = args.values.json ?? false;
  const mix = args.values.mix ?? false;
  const config = loadConfig();
  const list = files(paths);
  const total = list.reduce((n, f) => n + f.size, 0);
  const bar =
    total >= PROGRESS_BYTES || list.length >= PROGRESS_FILES ? progressBar(`importing ${list.length} files`) : null;

  // A source's payload becomes records; a history file becomes bars of one instrument.
  type Read = { payload: ParsedPayload } | { history: HistoryPayload };
  const read = (text: string, context: PayloadContext): Read =>
    source
      ? { payload: source.parse(text, context) }
      : { history: historyPayload(history!.read(text, context.name ?? '')) };

  const socket = controlSocketPath(config.dataDir);
  const reports: FileReport[] = [];
  let done = 0;
  /** Reads every file with its format's parser and writes it with `write`, reporting each file as it goes. */
  const importAll = async (write: (what: Read) => Promise<Omit<FileReport, 'file'>>) => {
    for (const f of list) {
      const file = f.path;
      try {
        if (f.missing) throw new Error('no such file or directory');
        const context = { name: file, key: args.values.key ?? null, at: Math.round(f.mtimeMs) };
        reports.push({ file, ...(await write(read(readFileSync(file, 'utf8'), context))) });
      } catch (err) {
        reports.push({ file, error: (err as Error).message });
      }
      if (!json) console.log(line(reports.at(-1)!));
      done += f.size;
      bar?.(done, total);
    }
  };
  if (await callControl(socket, { op: 'ping' })) {
    const admitted = await callControl(socket, { op: 'import.admit', args: { source: name!, mix } });
    if (!admitted) throw new Error('the server stopped');
    if (!admitted.ok) throw new Error(admitted.error);
    await importAll(async (what) => {
      const request =
        'payload' in what
          ? { op: 'import.payload', args: { source: name!, payload: what.payload, mix } satisfies ImportArgs }
          : { op: 'import.history', args: { history: what.history, symbol, mix } satisfies HistoryArgs };
      if (JSON.stringify(request).length > MAX_REQUEST_BYTES)
        throw new Error('too large to send to the running server in one request: stop it and import directly');
      const reply = await callControl(socket, request);
      if (!reply) throw new Error('the server stopped');
      if (!reply.ok) throw new Error(reply.error);
      return 'payload' in what ? (reply.result as ImportReport) : { history: reply.result as HistoryReport };
    });
  } else {
    // The writers' modules load here alone: through a running server, the command needs none of them.
    const [{ withDatabase }, { localDataVersions }, { DatasetService }, { HistoryImport }, { ImportService }, worlds] =
      await Promise.all([
        import('./direct.js'),
        import('../data-version.js'),
        import('../services/write/datasets.js'),
        import('../services/write/history-import.js'),
        import('../services/write/imports.js'),
        import('../services/write/world-imports.js'),
      ]);
    await withDatabase(config, args.values.create ?? false, async (db) => {
      const imports = new ImportService(db, localDataVersions());
      const writers = { imports, history: new HistoryImport(db, null), datasets: new DatasetService(db) };
      await worlds.admitImport(writers.datasets, name!, mix);
      return importAll(async (what) => {
        if (!('payload' in what)) return { history: await worlds.importHistory(writers, what.history, symbol, mix) };
        const { storyIds: _, ...report } = await worlds.importPayload(writers, name!, what.payload, mix);
        return report;
      });
    });
    if (!json && source)
      console.error('no server owns DATA_DIR: catalyst outcomes and the causes of moves are linked at its next start');
  }
  if (json) process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
  return reports.some((r) => r.error) ? 1 : 0;
}
