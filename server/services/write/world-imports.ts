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

export function importPayload(w: { datasets: DatasetService; imports: ImportService }, source: string, payload: ParsedPayload, mix: boolean): Promise<Imported> {
  return w.datasets.writing(originOf(source), mix, MIX, () => w.imports.payload(payload), (r) => Object.values(r.counts).some((c) => c.written > 0));
}

/** History files are real data: exchange closes and venues' candles. */
export function importHistory(w: { datasets: DatasetService; history: HistoryImport }, payload: HistoryPayload, symbol: string | null, mix: boolean): Promise<HistoryReport> {
  return w.datasets.writing('real', mix, MIX, () => w.history.write(payload, symbol), (r) => r.written > 0 || r.added);
}
