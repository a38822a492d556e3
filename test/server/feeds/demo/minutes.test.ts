// The minutes a first load takes are drawn too: from the history's end at the anchor to the minute still open, pooled
// and per venue, joining the history without a gap, so the tick loop carries on from the open one.

import { rmSync } from 'node:fs';
import { pino } from 'pino';
import t from 'tap';
import { MINUTE_MS } from '../../../../core/time.js';
import { DEFAULT_MOVE_FLOORS } from '../../../../core/vocabulary.js';
import { tempDataDir } from '../../../../harness/server.js';
import { clock } from '../../../../server/clock.js';
import { DataVersion } from '../../../../server/data-version.js';
import { openDatabase } from '../../../../server/db.js';
import { loadDemo } from '../../../../server/feeds/demo/load.js';
import { StorageService } from '../../../../server/services/ops/storage.js';
import { MetaService } from '../../../../server/services/read/meta.js';
import { ImportService } from '../../../../server/services/write/imports.js';
import { MarketStore } from '../../../../server/services/write/market-store.js';

const dataDir = tempDataDir();
const log = pino({ level: 'silent' });
const db = await openDatabase({ databaseUrl: null, dataDir, maxConnections: 1 }, log);
t.teardown(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});
await db.migrate();

t.test('a load anchored six minutes ago writes every minute since, the open one last', async (t) => {
  const anchorMs = clock.now() - 6 * MINUTE_MS;
  await loadDemo(
    {
      meta: new MetaService(db, DEFAULT_MOVE_FLOORS, log),
      imports: new ImportService(db, {
        stories: new DataVersion(),
        entities: new DataVersion(),
        macro: new DataVersion(),
        odds: new DataVersion(),
        sec: new DataVersion(),
      }),
      storage: new StorageService(db),
    },
    { seed: 7, anchorMs, minuteDays: 1, progress: () => {} },
  );
  const done = clock.now();
  const store = new MarketStore(db);
  const { instruments, listings } = await store.universe();
  const from = anchorMs - (anchorMs % MINUTE_MS) - 10 * MINUTE_MS;
  for (const [kind, ids] of [
    ['pooled', instruments.map((i) => i.id)],
    ['listing', listings.map((l) => l.id)],
  ] as const) {
    const rows = await store.heldCandles(kind, '1m', ids, from, done + MINUTE_MS);
    const bySeries = new Map<number, { ts: number; open: number; close: number }[]>();
    for (let k = 0; k < rows.length; k++) {
      const id = rows.columns.series[k]!;
      bySeries.set(id, [
        ...(bySeries.get(id) ?? []),
        { ts: rows.columns.ts[k]!, open: rows.columns.open[k]!, close: rows.columns.close[k]! },
      ]);
    }
    t.equal(bySeries.size, ids.length, `${kind}: every series`);
    for (const [id, bars] of bySeries) {
      const minutes = bars.map((b) => b.ts);
      const last = done - (done % MINUTE_MS);
      if (
        minutes[0] !== from ||
        minutes.at(-1)! < last - MINUTE_MS ||
        minutes.some((m, k) => k > 0 && m - minutes[k - 1]! !== MINUTE_MS)
      )
        t.fail(`${kind} ${id}: minutes missing`);
      if (kind === 'pooled' && bars.some((b, k) => k > 0 && b.open !== bars[k - 1]!.close))
        t.fail(`${kind} ${id}: the path jumps`);
    }
  }
});
