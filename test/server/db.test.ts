// The embedded database through server/db.ts: migrations once, hierarchical candles equal to the 1m bars they cover,
// numeric queries read as columns, named parameters, stories and catalysts written once per source and key.

import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import t, { type Test } from 'tap';
import { companyRef } from '../../core/refs.js';
import { OFFICIAL_SOURCES } from '../../core/sources/history/official.js';
import type { CatalystRecord, StoryRecord } from '../../core/sources/records.js';
import { ROOT, tempDataDir } from '../../harness/server.js';
import { clock } from '../../server/clock.js';
import { columnArraysSql, openDatabase, parseFloatColumn } from '../../server/db.js';
import { BAR_COLUMNS } from '../../server/services/write/bar-rows.js';
import { recordKey } from '../../server/services/write/write-support.js';
import { Writer } from '../../server/services/write/writer.js';

const dataDir = tempDataDir();
const log = pino({ level: 'silent' });
const open = () => openDatabase({ databaseUrl: null, dataDir, maxConnections: 1 }, log);
let db = await open();
t.teardown(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Candle {
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volumeUsd: number;
  venues: number;
}

t.test('migrations apply once, in order, including the no-transaction one', async (t) => {
  const files = readdirSync(join(ROOT, 'sql'))
    .filter((f) => /^\d{3}_.*\.sql$/.test(f))
    .map((f) => Number(f.slice(0, 3)))
    .sort((a, b) => a - b);
  t.ok(files.length >= 15, `${files.length} migrations`);
  t.same(await db.migrate(), files, 'every file of sql/, by its number');
  t.same(await db.migrate(), [], 'nothing is applied twice');
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.UTC(2026, 10, 18);
const bars: Candle[] = [];
let price = 100;
for (let ts = start; ts < start + 3 * DAY + 5 * HOUR; ts += 60_000) {
  const open = price;
  price *= 1 + Math.sin(ts / 7_777_777) * 0.001;
  bars.push({
    ts,
    open,
    high: Math.max(open, price) * 1.0005,
    low: Math.min(open, price) * 0.9995,
    close: price,
    volumeUsd: 1000 + (ts % 7919),
    venues: 3 + ((ts / 60_000) % 4),
  });
}

/** The reference: bars grouped by UTC bucket in JS. */
function aggregate(bucketMs: number): Candle[] {
  const out = new Map<number, Candle>();
  for (const b of bars) {
    const key = b.ts - (b.ts % bucketMs);
    const c = out.get(key);
    if (!c) out.set(key, { ...b, ts: key });
    else {
      c.high = Math.max(c.high, b.high);
      c.low = Math.min(c.low, b.low);
      c.close = b.close;
      c.volumeUsd += b.volumeUsd;
      c.venues = Math.max(c.venues, b.venues);
    }
  }
  return [...out.values()];
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
function sameCandles(t: Test, got: Candle[], want: Candle[], what: string) {
  t.equal(got.length, want.length, `${what}: ${want.length} candles`);
  const bad = got.filter((g, i) => {
    const w = want[i]!;
    return (
      g.ts !== w.ts ||
      !close(g.open, w.open) ||
      !close(g.high, w.high) ||
      !close(g.low, w.low) ||
      !close(g.close, w.close) ||
      !close(g.volumeUsd, w.volumeUsd) ||
      g.venues !== w.venues
    );
  });
  t.same(bad, [], `${what}: every candle equals the aggregation of its 1m bars`);
}

const read = async (name: string): Promise<Candle[]> =>
  (
    await db.rows<Omit<Candle, 'volumeUsd'> & { volume: number }>(name, {
      id: 7,
      from: new Date(start),
      to: new Date(start + 10 * DAY),
      limit: 20000,
      official: OFFICIAL_SOURCES,
    })
  ).map(({ volume, ...c }) => ({ ...c, ts: Number(c.ts), volumeUsd: volume }));

t.test('1h and 1d candles equal the aggregation of the 1m bars, before and after materialization', async (t) => {
  await db.rows('insertBars1m', {
    ids: bars.map(() => 7),
    ts: bars.map((b) => new Date(b.ts)),
    open: bars.map((b) => b.open),
    high: bars.map((b) => b.high),
    low: bars.map((b) => b.low),
    close: bars.map((b) => b.close),
    volume: bars.map((b) => b.volumeUsd),
    venues: bars.map((b) => b.venues),
  });
  sameCandles(t, await read('candles1hFrom'), aggregate(HOUR), '1h real-time');
  sameCandles(t, await read('candles1dFrom'), aggregate(DAY), '1d real-time');
  await db.rows('refreshBars1h');
  await db.rows('refreshBars1d');
  sameCandles(t, await read('candles1hFrom'), aggregate(HOUR), '1h materialized');
  sameCandles(t, await read('candles1dFrom'), aggregate(DAY), '1d materialized');
  t.equal((await read('candles1dFrom')).at(-1)!.ts, start + 3 * DAY, 'the open day is in the answer');
});

t.test('a reopened data directory keeps every bar and answers the aggregates at once', async (t) => {
  await db.close();
  db = await open();
  t.same(await db.migrate(), []);
  const candles = await read('candles1hFrom');
  t.equal(candles.length, aggregate(HOUR).length);
});

t.test('columns: each key as one array, rows in time order whichever way the query reads, NULL as NaN', async (t) => {
  const window = (limit: number) => ({ id: 7, from: new Date(start), to: new Date(start + 10 * DAY), limit });
  const latest = await db.columns('candles1mLatest', window(3), BAR_COLUMNS);
  t.equal(latest.length, 3);
  t.same(
    [...latest.columns.ts],
    bars.slice(-3).map((b) => b.ts),
    'the newest three, oldest first',
  );
  t.same(
    [...latest.columns.close],
    bars.slice(-3).map((b) => b.close),
    'floats exact through the column arrays',
  );
  const from = await db.columns('candles1mFrom', window(2), BAR_COLUMNS);
  t.same(
    [...from.columns.ts],
    bars.slice(0, 2).map((b) => b.ts),
  );
  const listing = await db.columns('listingCandles1mFrom', window(5), BAR_COLUMNS);
  t.equal(listing.length, 0, 'no rows: empty columns');
  t.equal(listing.columns.venues.length, 0);
  const aborted = AbortSignal.abort();
  await t.rejects(db.columns('candles1mFrom', window(2), BAR_COLUMNS, { owner: 'key:1', signal: aborted }), {
    name: 'AbortError',
  });
});

t.test('columns read every value a float column holds, exactly, in the keys’ order', async (t) => {
  // A connection of its own to the embedded database's socket: the wrapping of any query, not only the named ones.
  const client = new pg.Client({ host: join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  t.teardown(() => client.end());
  const values = [1, -2.5, 1e-7, 1.5e21, null, Infinity, -Infinity, NaN, -0, 0.1 + 0.2, 2 ** 53 + 2, Number.MIN_VALUE];
  const rows = values
    .map(
      (x, k) =>
        `(${values.length - k}, ${x === null ? 'NULL' : `'${Object.is(x, -0) ? '-0' : x}'`}::float8, ${k}::int)`,
    )
    .join(', ');
  const sql = `SELECT * FROM (VALUES ${rows}) v (k, x, n);`;
  const {
    rows: [answer],
  } = await client.query({ text: columnArraysSql(sql, ['k', 'x', 'n']), rowMode: 'array' });
  const [k, x, n] = (answer as (string | null)[]).map(parseFloatColumn);
  t.same(
    [...k!],
    values.map((_, i) => i + 1),
    'ordered by the first key',
  );
  t.same(
    [...n!],
    values.map((_, i) => values.length - 1 - i),
    'an integer column too',
  );
  t.same([...x!], values.map((v) => (v === null ? NaN : v)).reverse(), 'NULL read as NaN, every other float as it is');
  t.ok(Object.is(x![values.length - 1 - values.indexOf(-0)], -0), 'the sign of zero kept');
  const {
    rows: [none],
  } = await client.query({
    text: columnArraysSql(`${sql.slice(0, -1)} WHERE false`, ['k', 'x', 'n']),
    rowMode: 'array',
  });
  t.same(
    (none as (string | null)[]).map((c) => parseFloatColumn(c).length),
    [0, 0, 0],
    'no rows: empty columns',
  );
});

t.test(
  "one connection's transaction runs alone: another's queries wait for its end, and a lost one is rolled back",
  async (t) => {
    // A cluster's processes each hold a connection to the one PGlite session: without this, B's query would run inside
    // A's transaction and see its rows before the commit.
    const connect = async () => {
      const c = new pg.Client({ host: join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
      await c.connect();
      return c;
    };
    const [a, b] = await Promise.all([connect(), connect()]);
    t.teardown(() => Promise.all([a.end(), b.end()]));
    await a.query('CREATE TABLE IF NOT EXISTS hold_test (n int)');
    await a.query('BEGIN');
    await a.query('INSERT INTO hold_test VALUES (1)');
    let read: number | null = null;
    const reading = b.query('SELECT count(*)::int AS n FROM hold_test').then((r) => (read = r.rows[0].n));
    await new Promise((r) => setTimeout(r, 200));
    t.equal(read, null, "B waits while A's transaction is open");
    await a.query('INSERT INTO hold_test VALUES (2)');
    await a.query('COMMIT');
    await reading;
    t.equal(read, 2, "B then sees A's committed rows, both");

    const c = await connect();
    c.on('error', () => undefined);
    await c.query('BEGIN');
    await c.query('INSERT INTO hold_test VALUES (3)');
    const after = b.query('SELECT count(*)::int AS n FROM hold_test');
    c.connection.stream.destroy();
    t.equal((await after).rows[0].n, 2, 'a connection lost inside its transaction: rolled back, and the others go on');
    await b.query('DROP TABLE hold_test');
  },
);

const record = {
  source: 'test',
  precision: 'minute' as const,
  summary: null,
  points: [],
  importance: 70,
  sourceName: 'Wire',
};
const storyOf = (key: string, kind: StoryRecord['kind'], company: string, ms: number): StoryRecord => ({
  ...record,
  sourceKey: key,
  kind,
  occurredAt: ms,
  headline: `${company} ${kind} (${key})`,
  sourceUrl: `https://wire.example/${key}`,
  entities: [companyRef(company)],
});

t.test('named parameters: a query takes exactly the names it uses', async (t) => {
  await t.rejects(db.rows('revokeKey', {}), /query revokeKey: missing id/);
  await t.rejects(db.rows('revokeKey', { id: 1, reason: 'x' }), /query revokeKey: unknown reason/);
  await t.rejects(db.rows('revokeKey', { id: undefined }), /missing id/, 'undefined is not a value: null is');
  t.same(await db.rows('revokeKey', { id: 999 }), [], 'exactly its names: it runs');
});

t.test(
  'stories are written once per source and key, numbered in the order given, their entities in order',
  async (t) => {
    const writer = new Writer(db.rows);
    const now = clock.now();
    const first = await writer.stories([
      storyOf('a', 'news', 'acme', now),
      storyOf('b', 'news', 'acme', now),
      storyOf('a', 'news', 'acme', now),
    ]);
    t.same([...first.values()], [1, 2], 'two new stories (a key given twice is one), ids in order');
    const again = await writer.stories([storyOf('b', 'news', 'acme', now), storyOf('c', 'news', 'other', now)]);
    t.same(
      [...again.entries()],
      [[recordKey('test', 'c'), 3]],
      'the stored one is left alone, the new one numbered after the highest',
    );
    const other = await writer.stories([{ ...storyOf('a', 'news', 'acme', now), source: 'elsewhere' }]);
    t.equal(other.size, 1, 'the same key from another source is another story');
    const [row] = await db.rows<{ entities: { key: string }[] }>('eventsByIds', { ids: [3] });
    t.same(
      row!.entities.map((e) => e.key),
      ['other'],
    );
  },
);

t.test(
  'a passed catalyst is linked to the story of its kind about its entity, near its time, and to nothing else',
  async (t) => {
    const at = clock.now() - 3 * 86_400_000;
    const writer = new Writer(db.rows);
    const catalyst: CatalystRecord = {
      source: 'test',
      sourceKey: 'q',
      kind: 'earnings',
      title: 'Q results',
      expectedAt: at,
      precision: 'minute',
      confirmed: true,
      description: null,
      consensus: null,
      sourceUrl: null,
      entities: [companyRef('acme')],
    };
    const [catalystId] = [...(await writer.catalysts([catalyst])).values()];
    await writer.stories([
      storyOf('x1', 'earnings', 'other', at),
      storyOf('x2', 'guidance', 'acme', at),
      storyOf('x3', 'earnings', 'acme', at + 3 * 86_400_000),
    ]);
    t.same(
      await db.rows('linkCatalystOutcomes', { now: new Date(clock.now()) }),
      [],
      'another company, another kind, too late: no outcome',
    );
    const [outcome] = [...(await writer.stories([storyOf('x4', 'earnings', 'acme', at + 5 * 60_000)])).values()];
    t.same(
      (await db.rows<{ id: string }>('linkCatalystOutcomes', { now: new Date(clock.now()) })).map((r) => Number(r.id)),
      [catalystId],
    );
    const [linked] = await db.rows<{ outcomeEventId: string }>('listCatalysts', {
      entities: null,
      kinds: null,
      from: new Date(at - 1000),
      to: null,
      limit: 10,
      offset: 0,
    });
    t.equal(Number(linked!.outcomeEventId), outcome);
    t.same(await db.rows('linkCatalystOutcomes', { now: new Date(clock.now()) }), [], 'linked once');
  },
);

t.test(
  "a transaction's queries asked side by side reach its one client in turn: no pg deprecation warning",
  async (t) => {
    // pg warns (DeprecationWarning) when a query is sent to a client already executing one with another queued.
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    t.teardown(() => process.off('warning', onWarning));
    const answers = await db.transaction((tx) => Promise.all(Array.from({ length: 5 }, () => tx.rows('ping'))));
    t.equal(answers.length, 5);
    const failed = await db
      .transaction((tx) => Promise.all([tx.rows('ping'), tx.rows('no such query'), tx.rows('ping')]))
      .catch((e: Error) => e);
    t.match(failed, /unknown query/, 'a failure rolls back after the queries already sent');
    await new Promise((r) => setImmediate(r));
    t.same(
      warnings.map((w) => `${w.name}: ${w.message}`),
      [],
    );
  },
);
