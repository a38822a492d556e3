// Imports through the database's world check: a real source's file into a demo database (or the demo's into a real
// one) is refused before anything is written, unless the import command's --mix marks the database as mixed.
import { originOf } from '../../../core/dataset-world.js';
import type { ParsedPayload } from '../../../core/sources/records.js';
import type { DatasetService } from './datasets.js';
import type { HistoryImport, HistoryPayload, HistoryReport } from './history-import.js';
import type { Imported, ImportService } from './imports.js';

const MIX = 'pass --mix to the import command';

/** Refuses, before any file is read, an import of `source` (a source or history format's name) the world check would. */
export function admitImport(datasets: DatasetService, source: string, mix: boolean): Promise<void> {
  return datasets.refuse([originOf(source)], mix, MIX);
}

/** Whether an import wrote anything: the database's world, its counts and what it links follow only then. */
export const payloadWrote = (r: { counts: Imported['counts'] }) => Object.values(r.counts).some((c) => c.written > 0);
export const historyWrote = (r: HistoryReport) => r.written > 0 || r.added;

export function importPayload(
  w: { datasets: DatasetService; imports: ImportService },
  source: string,
  payload: ParsedPayload,
  mix: boolean,
): Promise<Imported> {
  return w.datasets.writing(originOf(source), mix, MIX, () => w.imports.payload(payload), payloadWrote);
}

/** History files are real data: exchange closes and venues' candles. */
export function importHistory(
  w: { datasets: DatasetService; history: HistoryImport },
  payload: HistoryPayload,
  symbol: string | null,
  mix: boolean,
): Promise<HistoryReport> {
  return w.datasets.writing('real', mix, MIX, () => w.history.write(payload, symbol), historyWrote);
}
