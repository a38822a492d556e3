// Official closes through a running server (a database of real data: TAPEWIRE_DEMO=0): Stooq's ^SPX attaches to SPX,
// its price is labelled as the official close it is (API, MCP, brief, page), and a candle's origin survives where the
// venues' bars and the official closes meet in one series, in memory and after a restart; a close imported on its own
// day; and a real Stooq file.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { REALDATA, realdataSkip } from '../../../harness/realdata.js';
import { createKey, importFiles, startServer } from '../../../harness/server.js';
import { pinnedClock } from '../../helpers/clock.js';

const { env: CLOCK } = pinnedClock('2026-12-06T12:00:00Z');
const SPX = 'test/fixtures/history/stooq/spx.txt';
const MINUTES = 'test/fixtures/history/binance/ETHUSDT-1m-2026-01.csv';
const OFFICIAL = 'official close (Stooq)';

interface Candle {
  ts: string;
  close: number;
  venues?: number;
  origin?: string;
}
type Json = Record<string, any>;

const env = { ...CLOCK, TAPEWIRE_DEMO: '0', TAPEWIRE_ANON: '1', TAPEWIRE_WEB: '1', META_REFRESH_S: '3600' };

t.test('Stooq closes of an index: one instrument, labelled official, origins kept', async (t) => {
  let server = await startServer({ env });
  t.teardown(() => server.dispose());
  const cli = (...args: string[]) => importFiles(server.dataDir, ...args);
  const get = async (path: string, status = 200): Promise<Json> => {
    const res = await server.get(path);
    t.equal(res.status, status, path);
    return (await res.json()) as Json;
  };
  const candles = async (): Promise<Candle[]> =>
    (await get('/v1/instruments/SPX/candles?interval=1d&from=2025-12-01')).data.candles;

  // Asked before the import: the answers kept for it must not outlive it.
  t.same((await get('/v1/instruments')).data, [], 'no instrument yet');
  await get('/v1/instruments/SPX', 404);

  const first = await cli('stooq', SPX);
  t.equal(first.code, 0, first.stderr);
  t.match(
    first.stdout,
    /spx\.txt: 1d bars of SPX \(stooq\): read 3, written 3, already stored 0; added instrument SPX\n/,
    '^SPX is SPX',
  );
  t.notMatch(first.stdout, /next start/);

  const listed = (await get('/v1/instruments')).data;
  t.same(
    listed.map((i: Json) => [i.symbol, i.kind]),
    [['SPX', 'index']],
    'one instrument, an index; no ^SPX',
  );
  const summary = {
    symbol: 'SPX',
    price: 6925.3,
    changePct: ((6925.3 - 6875.45) / 6875.45) * 100,
    priceTs: '2026-01-06T00:00:00.000Z',
    priceLabel: `SPX · ${OFFICIAL}`,
  };
  t.match(listed[0], summary, 'priced at its latest official close, labelled so');
  t.match((await get('/v1/instruments/SPX')).data, { ...summary, venues: [] });
  t.match(
    (await get('/v1/brief/instrument/SPX')).data,
    { price: { price: 6925.3, priceLabel: `SPX · ${OFFICIAL}` } },
    'the brief says so',
  );
  const page = await (await server.get('/instruments/SPX')).text();
  t.match(page, `SPX · ${OFFICIAL}`, 'and the page');
  t.same(
    (await get('/v1/search?q=SPX&type=instrument')).data.map((r: Json) => r.key),
    ['SPX'],
    'search finds it',
  );
  t.same(
    (await candles()).map((c) => [c.ts.slice(0, 10), c.close, c.origin]),
    [
      ['2026-01-02', 6899, OFFICIAL],
      ['2026-01-05', 6875.45, OFFICIAL],
      ['2026-01-06', 6925.3, OFFICIAL],
    ],
    'each close says where it came from',
  );

  // MCP: the same label on the tool's answer.
  const key = await createKey(server, 'mcp');
  const mcp = await server.get('/mcp', {
    method: 'POST',
    key,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_instrument', arguments: { symbol: 'SPX' } },
    }),
  });
  t.match(await mcp.text(), `SPX · ${OFFICIAL}`, 'get_instrument labels it too');

  // Minutes of a venue pair filed under SPX: its first day of 2026 becomes a venue bar beside the official closes.
  const venue = await cli('binance-klines', MINUTES, '--symbol', 'SPX');
  t.equal(venue.code, 0, venue.stderr);
  t.match(
    venue.stdout,
    /1m bars of SPX \(binance\): read 3, written 3, already stored 0\n/,
    'attached to SPX, nothing added',
  );
  const mixed = [
    ['2026-01-01', 2928.5, 1, undefined],
    ['2026-01-02', 6899, undefined, OFFICIAL],
    ['2026-01-05', 6875.45, undefined, OFFICIAL],
    ['2026-01-06', 6925.3, undefined, OFFICIAL],
  ];
  const shown = (list: Candle[]) => list.map((c) => [c.ts.slice(0, 10), c.close, c.venues, c.origin]);
  t.same(shown(await candles()), mixed, 'a venue bar without an origin, the official closes with theirs');
  const again = await cli('stooq', SPX);
  t.match(
    again.stdout,
    /read 3, written 0, already stored 3\n/,
    'the same closes again: nothing added, no second instrument',
  );
  t.equal((await get('/v1/instruments')).data.length, 1);

  // Read again from the database at a start: the origins are the database's, not only memory's.
  await server.stop();
  server = await startServer({ env, dataDir: server.dataDir });
  t.same(shown(await candles()), mixed, 'the same after a restart');
  t.match((await get('/v1/instruments/SPX')).data, { priceLabel: `SPX · ${OFFICIAL}`, price: 6925.3 });

  // Minutes newer than the last close: a venue day after it, but the price labelled official stays the close.
  const dir = mkdtempSync(join(tmpdir(), 'tw-minutes-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const later = join(dir, 'SPX_1m.csv');
  const jan7 = Date.UTC(2026, 0, 7);
  writeFileSync(
    later,
    `timestamp,open,high,low,close,volume\n${jan7},6930,6931,6929,6930.5,1\n${jan7 + 60_000},6930.5,6932,6930,6931,1\n`,
  );
  const newer = await importFiles(server.dataDir, 'binance-klines', later, '--symbol', 'SPX');
  t.equal(newer.code, 0, newer.stdout + newer.stderr);
  t.same(shown(await candles()).at(-1), ['2026-01-07', 6931, 1, undefined], 'the venue day, without an origin');
  t.match(
    (await get('/v1/instruments/SPX')).data,
    { priceLabel: `SPX · ${OFFICIAL}`, price: 6925.3, priceTs: '2026-01-06T00:00:00.000Z' },
    'the latest official close',
  );
});

t.test(
  'the real Stooq file of a stock no venue quotes: decades of closes, its price and moves, at once',
  { skip: realdataSkip('equities_daily/stooq') },
  async (t) => {
    const server = await startServer({ env });
    t.teardown(() => server.dispose());
    const get = async (path: string): Promise<Json> => {
      const res = await server.get(path);
      t.equal(res.status, 200, path);
      return ((await res.json()) as Json).data;
    };
    const run = await importFiles(server.dataDir, 'stooq', join(REALDATA, 'equities_daily/stooq/aapl_us_d.csv'));
    t.equal(run.code, 0, run.stderr);
    t.match(
      run.stdout,
      /aapl_us_d\.csv: 1d bars of AAPL \(stooq\): read 10416, written 10416, already stored 0; added instrument AAPL\n/,
    );
    t.match(await get('/v1/instruments/AAPL'), {
      price: 259.37,
      priceTs: '2026-01-09T00:00:00.000Z',
      priceLabel: `AAPL · ${OFFICIAL}`,
    });
    // Memory holds ten years of days: the rest is read from the database, and both say where each close came from.
    const all: Candle[] = (await get('/v1/instruments/AAPL/candles?interval=1d&limit=20000')).candles;
    t.same(
      [all.length, all[0]!.ts, all.at(-1)!.ts, all.at(-1)!.close],
      [10416, '1984-09-07T00:00:00.000Z', '2026-01-09T00:00:00.000Z', 259.37],
    );
    t.same(
      all.filter((c) => c.origin !== OFFICIAL),
      [],
      'every close labelled official',
    );
    const recent: Candle[] = (await get('/v1/instruments/AAPL/candles?interval=1d&from=2025-01-01')).candles;
    t.same(recent, all.slice(-recent.length), 'from memory, the same closes');
    t.ok((await get('/v1/moves?symbol=AAPL&limit=5')).length > 0, 'its unusual moves found without a restart');
  },
);

t.test("today's close imported on its own day is served at once, and after a restart", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tw-stooq-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'xyz_us_d.csv');
  writeFileSync(
    file,
    'Date,Open,High,Low,Close,Volume\n2026-12-03,50,51,49,50.5,1000\n2026-12-04,50.5,52,50,51.5,1200\n',
  );
  // The evening of 2026-12-04 (UTC): the day's close is out, the day's bucket still open.
  const evening = { ...env, ...pinnedClock('2026-12-04T22:00:00Z').env };
  let server = await startServer({ env: evening });
  t.teardown(() => server.dispose());
  const day = async () => {
    const detail = (await (await server.get('/v1/instruments/XYZ')).json()) as Json;
    const candles = (await (await server.get('/v1/instruments/XYZ/candles?interval=1d')).json()) as Json;
    return [
      detail.data.price,
      detail.data.priceTs,
      candles.data.candles.map((c: Candle) => [c.ts.slice(0, 10), c.close, c.origin]),
    ];
  };
  const expected = [
    51.5,
    '2026-12-04T00:00:00.000Z',
    [
      ['2026-12-03', 50.5, OFFICIAL],
      ['2026-12-04', 51.5, OFFICIAL],
    ],
  ];
  const run = await importFiles(server.dataDir, 'stooq', file);
  t.equal(run.code, 0, run.stderr);
  t.same(await day(), expected, 'the close of today, in the price and the candles');
  await server.stop();
  server = await startServer({ env: evening, dataDir: server.dataDir });
  t.same(await day(), expected, 'the same after a restart the same day');
});
