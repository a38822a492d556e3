// The embedded database through server/db.ts: migrations once, hierarchical candles equal to the 1m bars they cover,
// numeric queries read as columns.
import t, { type Test } from 'tap';
import { rmSync } from 'node:fs';
import { pino } from 'pino';
import { openDatabase, parseFloatArray } from '../../server/db.js';
import { BAR_COLUMNS } from '../../server/market/bar-rows.js';
import { tempDataDir } from '../helpers/server.js';

const dataDir = tempDataDir();
const log = pino({ level: 'silent' });
const open = () => openDatabase({ databaseUrl: null, dataDir, poolSize: 1 }, log);
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
  t.same(await db.migrate(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
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
  bars.push({ ts, open, high: Math.max(open, price) * 1.0005, low: Math.min(open, price) * 0.9995, close: price, volumeUsd: 1000 + (ts % 7919), venues: 3 + ((ts / 60_000) % 4) });
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
    return g.ts !== w.ts || !close(g.open, w.open) || !close(g.high, w.high) || !close(g.low, w.low) || !close(g.close, w.close) || !close(g.volumeUsd, w.volumeUsd) || g.venues !== w.venues;
  });
  t.same(bad, [], `${what}: every candle equals the aggregation of its 1m bars`);
}

const read = async (name: string): Promise<Candle[]> =>
  (await db.rows<Omit<Candle, 'volumeUsd'> & { volume: number }>(name, [7, new Date(start), new Date(start + 10 * DAY), 20000])).map(
    ({ volume, ...c }) => ({ ...c, ts: Number(c.ts), volumeUsd: volume }),
  );

t.test('1h and 1d candles equal the aggregation of the 1m bars, before and after materialization', async (t) => {
  await db.rows('insertBars1m', [
    bars.map(() => 7),
    bars.map((b) => new Date(b.ts)),
    bars.map((b) => b.open),
    bars.map((b) => b.high),
    bars.map((b) => b.low),
    bars.map((b) => b.close),
    bars.map((b) => b.volumeUsd),
    bars.map((b) => b.venues),
  ]);
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
  const window = (limit: number) => [7, new Date(start), new Date(start + 10 * DAY), limit];
  const latest = await db.columns('candles1mLatest', window(3), BAR_COLUMNS);
  t.equal(latest.length, 3);
  t.same([...latest.columns.ts], bars.slice(-3).map((b) => b.ts), 'the newest three, oldest first');
  t.same([...latest.columns.close], bars.slice(-3).map((b) => b.close), 'floats exact through the text arrays');
  const from = await db.columns('candles1mFrom', window(2), BAR_COLUMNS);
  t.same([...from.columns.ts], bars.slice(0, 2).map((b) => b.ts));
  const listing = await db.columns('listingCandles1mFrom', window(5), BAR_COLUMNS);
  t.equal(listing.length, 0, 'no rows: empty columns');
  t.equal(listing.columns.venues.length, 0);
  const aborted = AbortSignal.abort();
  await t.rejects(db.columns('candles1mFrom', window(2), BAR_COLUMNS, aborted), { name: 'AbortError' });
});

t.test('parseFloatArray reads every number form Postgres writes', async (t) => {
  t.same([...parseFloatArray('{1,-2.5,1e-07,1.5e+21,NULL,Infinity,-Infinity}')], [1, -2.5, 1e-7, 1.5e21, NaN, Infinity, -Infinity]);
  t.same([...parseFloatArray('{}')], []);
  t.same([...parseFloatArray(null)], []);
});

t.test('a passed catalyst is linked to the story of its kind about its entity, near its time, and to nothing else', async (t) => {
  const at = Date.now() - 3 * 86_400_000;
  await db.rows('insertCatalysts', [[9001], ['earnings'], ['Q results'], [new Date(at)], ['minute'], [true], [null], [null], [null], [null]]);
  await db.rows('insertCatalystEntities', [[9001], [0], ['company'], ['acme'], ['Acme'], ['/companies/acme']]);
  const story = (id: number, kind: string, company: string, ms: number) =>
    db.rows('insertEvents', [[id], [kind], [new Date(ms)], ['minute'], [`${company} ${kind}`], [null], ['[]'], [70], ['Wire'], ['https://wire.example/x']]).then(() =>
      db.rows('insertEventEntities', [[id], [0], ['company'], [company], [company], [null]]));
  await story(8001, 'earnings', 'other', at);
  await story(8002, 'guidance', 'acme', at);
  await story(8003, 'earnings', 'acme', at + 3 * 86_400_000);
  t.same(await db.rows('linkCatalystOutcomes'), [], 'another company, another kind, too late: no outcome');
  await story(8004, 'earnings', 'acme', at + 5 * 60_000);
  t.same((await db.rows<{ id: string }>('linkCatalystOutcomes')).map((r) => Number(r.id)), [9001]);
  const [linked] = await db.rows<{ outcomeEventId: string }>('listCatalysts', [null, null, new Date(at - 1000), null, 10, 0]);
  t.equal(Number(linked!.outcomeEventId), 8004);
  t.same(await db.rows('linkCatalystOutcomes'), [], 'linked once');
});
